package dev.rocelab.junit.internal;

import dev.rocelab.api.analysis.TelemetrySummary;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.Check;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.Purpose;
import dev.rocelab.junit.ScenarioInvocation;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Parameter;
import io.qameta.allure.model.Status;
import io.qameta.allure.model.StatusDetails;
import io.qameta.allure.model.StepResult;
import io.qameta.allure.model.TestResult;
import java.lang.reflect.AnnotatedElement;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Labels tests for Allure: the phase as epic and parent suite, the scenario as feature, the test
 * (the criterion it checks) as story, the fabric file's SHA-256 as a label; fabric, backend, seed,
 * NIC firmware and switch NOS versions and scenario attributes as parameters; the {@link Purpose}
 * as description; a step per check (measured value, limit and where the limit comes from); and a
 * telemetry summary per run as a text attachment. Labels the test already has (from {@code @Epic},
 * {@code @Feature}, {@code @Story}) win, except the parent suite.
 */
final class AllureReporting implements Reporting {

  /** The label carrying the SHA-256 of the fabric file a test ran on, for the sign-off. */
  static final String FABRIC_SHA256_LABEL = "fabricSha256";

  @Override
  public void label(
      ExtensionContext context,
      FabricConfiguration configuration,
      Optional<ScenarioInvocation> point) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    Optional<String> test = lifecycle.getCurrentTestCase();
    if (test.isEmpty()) {
      return;
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put(
        "fabric", configuration.spec().name() + " (" + configuration.fabricLocation() + ")");
    parameters.put("backend", configuration.backend().id());
    parameters.put("seed", Long.toString(configuration.seed()));
    parameters.put("NIC firmware", firmware(configuration));
    parameters.put("switch NOS", nos(configuration));
    point.ifPresent(p -> parameters.putAll(p.parameters()));
    String criterion =
        Contexts.isTemplateInvocation(context)
            ? context.getParent().orElseThrow().getDisplayName()
            : context.getDisplayName();
    String phase = configuration.phase().displayName();
    Optional<String> purpose =
        purpose(context.getRequiredTestMethod()).or(() -> purpose(context.getRequiredTestClass()));
    Optional<String> sweepPoint = ScenarioInvocationContext.sweepPointId(context);
    lifecycle.updateTestCase(
        test.get(),
        result -> {
          sweepPoint.ifPresent(id -> identifySweepPoint(result, id));
          if (result.getDescription() == null && purpose.isPresent()) {
            result.setDescription(purpose.get());
          }
          List<Label> labels = result.getLabels();
          labelPhase(labels, phase);
          // a label, not a parameter: an edited fabric file keeps its tests' Allure history
          addIfAbsent(labels, FABRIC_SHA256_LABEL, configuration.fabricSha256());
          point.ifPresent(p -> addIfAbsent(labels, "feature", p.scenario().name()));
          addIfAbsent(labels, "story", criterion);
          List<Parameter> existing = result.getParameters();
          parameters.forEach(
              (name, value) -> {
                existing.removeIf(p -> name.equals(p.getName()));
                existing.add(new Parameter().setName(name).setValue(Secrets.mask(value)));
              });
        });
  }

  /**
   * A sweep point is one test in Allure's history whichever shard ran it: Allure tells tests apart
   * by their history id, which Allure's JUnit listener derives from JUnit's invocation number, and
   * a shard numbers only its own points (two shards' first invocations would look like one test run
   * twice). The id comes from the point's position in the whole sweep instead.
   */
  private static void identifySweepPoint(TestResult result, String pointId) {
    result.setHistoryId(md5(pointId));
    result.getParameters().stream()
        .filter(p -> "UniqueId".equals(p.getName()))
        .forEach(p -> p.setValue(pointId));
  }

  private static String md5(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
      return new BigInteger(1, digest).toString(16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has MD5", e);
    }
  }

  @Override
  public void ran(RunResult result) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    Optional<String> test = lifecycle.getCurrentTestCase();
    if (test.isEmpty()) {
      return;
    }
    lifecycle.updateTestCase(
        test.get(), r -> addIfAbsent(r.getLabels(), "feature", result.scenario().name()));
    lifecycle.addAttachment(
        "telemetry · " + result.scenario().name(),
        "text/plain",
        "txt",
        Secrets.mask(TelemetrySummary.of(result)).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void compared(String scenario, String backend, Supplier<String> comparison) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    if (lifecycle.getCurrentTestCase().isEmpty()) {
      return;
    }
    lifecycle.addAttachment(
        "agreement with " + backend + " · " + scenario,
        "text/plain",
        "txt",
        Secrets.mask(comparison.get()).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public Checks.Recording recordChecks() {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    if (lifecycle.getCurrentTestCase().isEmpty()) {
      return () -> {};
    }
    return Checks.record(check -> step(lifecycle, check));
  }

  /** A finished step: its name says it all, its parameters give each part on its own. */
  private static void step(AllureLifecycle lifecycle, Check check) {
    List<Parameter> parameters = new ArrayList<>();
    parameters.add(parameter("measured", check.actual()));
    parameters.add(parameter("expected", check.expected()));
    if (!check.where().isEmpty()) {
      parameters.add(parameter("where", check.where()));
    }
    check.limitSource().ifPresent(source -> parameters.add(parameter("limit from", source)));
    check.checkedAt().ifPresent(line -> parameters.add(parameter("checked at", line)));
    StepResult step =
        new StepResult()
            .setName(Secrets.mask(check.summary()))
            .setStatus(check.passed() ? Status.PASSED : Status.FAILED)
            .setParameters(parameters);
    if (!check.passed()) {
      step.setStatusDetails(new StatusDetails().setMessage(Secrets.mask(check.summary())));
    }
    String uuid = UUID.randomUUID().toString();
    lifecycle.startStep(uuid, step);
    lifecycle.stopStep(uuid);
  }

  private static Parameter parameter(String name, String value) {
    return new Parameter().setName(name).setValue(Secrets.mask(value));
  }

  private static Optional<String> purpose(AnnotatedElement element) {
    return Optional.ofNullable(element.getAnnotation(Purpose.class)).map(Purpose::value);
  }

  /** The NIC firmware versions in use, each once, in order: more than one is a mixed fleet. */
  private static String firmware(FabricConfiguration configuration) {
    FabricGraph graph = configuration.graph();
    return versions(graph.nics().stream().map(nic -> graph.nicProfileOf(nic).firmware()));
  }

  /** The switch NOS versions in use, each once, in order. */
  private static String nos(FabricConfiguration configuration) {
    FabricGraph graph = configuration.graph();
    return versions(graph.switches().stream().map(sw -> graph.switchProfileOf(sw.name()).nos()));
  }

  private static String versions(Stream<String> versions) {
    return String.join(", ", versions.collect(Collectors.toCollection(TreeSet::new)));
  }

  /**
   * Labels a result with its phase: the parent suite (replacing any, so that Allure groups by
   * phase) and the epic, unless the test names its own.
   *
   * @param labels the result's labels
   * @param phase the phase's display name
   */
  static void labelPhase(List<Label> labels, String phase) {
    labels.removeIf(l -> "parentSuite".equals(l.getName()));
    labels.add(new Label().setName("parentSuite").setValue(phase));
    addIfAbsent(labels, "epic", phase);
  }

  private static void addIfAbsent(List<Label> labels, String name, String value) {
    if (labels.stream().noneMatch(l -> name.equals(l.getName()))) {
      labels.add(new Label().setName(name).setValue(value));
    }
  }
}
