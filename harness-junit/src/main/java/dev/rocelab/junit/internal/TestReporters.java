package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.report.TestDescription;
import dev.rocelab.api.report.TestReporter;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.Purpose;
import dev.rocelab.junit.ScenarioInvocation;
import java.lang.reflect.AnnotatedElement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@link TestReporter}s on the class path, loaded once, told what each test of a {@code
 * FabricTest} class is, every check it makes and the texts to attach to it. With none on the class
 * path (no report module), nothing is recorded.
 */
@API(status = INTERNAL, since = "0.3")
public final class TestReporters {

  private static final List<TestReporter> REPORTERS =
      ServiceLoader.load(TestReporter.class, TestReporters.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private TestReporters() {}

  /**
   * Tells every reporter that a test class of a phase is about to run.
   *
   * @param testClass the class
   * @param phase its phase
   */
  static void classStarted(Class<?> testClass, Phase phase) {
    for (TestReporter reporter : REPORTERS) {
      reporter.classStarted(testClass.getName(), phase);
    }
  }

  /**
   * Describes the running test to every reporter: its phase, criterion (the test's name; a sweep
   * point's is its scenario test's), scenario, fabric, parameters and purpose.
   *
   * @param context the test's context
   * @param configuration its class's configuration
   * @param point the scenario of this invocation, if it is a scenario annotation's
   */
  public static void testStarted(
      ExtensionContext context,
      FabricConfiguration configuration,
      Optional<ScenarioInvocation> point) {
    if (REPORTERS.isEmpty()) {
      return;
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put(
        "fabric", configuration.spec().name() + " (" + configuration.fabricLocation() + ")");
    parameters.put("backend", configuration.backend().id());
    parameters.put("seed", Long.toString(configuration.seed()));
    parameters.put("NIC firmware", firmware(configuration.graph()));
    parameters.put("switch NOS", nos(configuration.graph()));
    point.ifPresent(p -> parameters.putAll(p.parameters()));
    String criterion =
        Contexts.isTemplateInvocation(context)
            ? context.getParent().orElseThrow().getDisplayName()
            : context.getDisplayName();
    TestDescription test =
        new TestDescription(
            configuration.phase(),
            criterion,
            point.map(p -> p.scenario().name()),
            configuration.fabricSha256(),
            parameters,
            purpose(context.getRequiredTestMethod())
                .or(() -> purpose(context.getRequiredTestClass())),
            ScenarioInvocationContext.sweepPointId(context));
    for (TestReporter reporter : REPORTERS) {
      reporter.testStarted(test);
    }
  }

  /**
   * Starts handing the running test's checks to every reporter, until the recording is closed;
   * closing it tells them the checks have ended.
   *
   * @return the recording, to close when the test's body has run
   */
  public static Checks.Recording recordChecks() {
    if (REPORTERS.isEmpty()) {
      return () -> {};
    }
    Checks.Recording recording =
        Checks.record(check -> REPORTERS.forEach(reporter -> reporter.checked(check)));
    return () -> {
      recording.close();
      REPORTERS.forEach(TestReporter::checksEnded);
    };
  }

  /**
   * Hands every reporter a text about the running test; the text is made once, if any reporter asks
   * for it.
   *
   * @param name its title
   * @param text makes it
   */
  static void attach(String name, Supplier<String> text) {
    Supplier<String> once = new Once(text);
    for (TestReporter reporter : REPORTERS) {
      reporter.attach(name, once);
    }
  }

  /** A text made on first use, then kept. */
  private static final class Once implements Supplier<String> {
    private final Supplier<String> make;
    private String made;

    Once(Supplier<String> make) {
      this.make = make;
    }

    @Override
    public String get() {
      if (made == null) {
        made = make.get();
      }
      return made;
    }
  }

  private static Optional<String> purpose(AnnotatedElement element) {
    return Optional.ofNullable(element.getAnnotation(Purpose.class)).map(Purpose::value);
  }

  /** The NIC firmware versions in use, each once, in order: more than one is a mixed fleet. */
  private static String firmware(FabricGraph graph) {
    return versions(graph.nics().stream().map(nic -> graph.nicProfileOf(nic).firmware()));
  }

  /** The switch NOS versions in use, each once, in order. */
  private static String nos(FabricGraph graph) {
    return versions(graph.switches().stream().map(sw -> graph.switchProfileOf(sw.name()).nos()));
  }

  private static String versions(Stream<String> versions) {
    return String.join(", ", versions.collect(Collectors.toCollection(TreeSet::new)));
  }
}
