package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.SessionScope;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The effective settings of a {@code @FabricTest} class: its annotation with the run's overrides
 * applied, the fabric loaded and the backend found.
 *
 * @param testClass the class carrying (or inheriting, or enclosed by a class carrying) the
 *     annotation
 * @param fabricLocation the fabric as written (annotation or override)
 * @param fabricOrigin where the fabric was found: a resource URL or an absolute path
 * @param fabricSha256 the SHA-256 of the fabric file's bytes (64 lower-case hex digits)
 * @param spec the fabric
 * @param graph the fabric expanded
 * @param backend the backend
 * @param phase the phase
 * @param seed the seed
 * @param scope the default session scope
 * @param compareWith the backend every run is repeated on for comparison, if any
 */
@API(status = INTERNAL, since = "0.1")
public record FabricConfiguration(
    Class<?> testClass,
    String fabricLocation,
    String fabricOrigin,
    String fabricSha256,
    FabricSpec spec,
    FabricGraph graph,
    FabricBackend backend,
    Phase phase,
    long seed,
    SessionScope scope,
    Optional<FabricBackend> compareWith) {

  private record ConfigurationKey(Class<?> testClass) {}

  private record FabricKey(String origin) {}

  /**
   * The configuration of the test class of a context, computed once per class and run.
   *
   * @param context any context below a test class
   * @return the configuration, or empty if the class is not a {@code @FabricTest}
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException if the fabric or the
   *     backend cannot be found, naming the class and the annotation attribute or override
   */
  public static Optional<FabricConfiguration> find(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    if (annotation(testClass).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        Contexts.store(context.getRoot())
            .getOrComputeIfAbsent(
                new ConfigurationKey(testClass),
                key -> resolve(context, testClass),
                FabricConfiguration.class));
  }

  /**
   * @return what sessions may be shared between: the same fabric on the same backend
   */
  public String sessionIdentity() {
    return fabricOrigin + " on " + backend.id();
  }

  /**
   * The phase a class declares, without resolving the rest of its configuration (which may be what
   * failed).
   *
   * @param testClass a test class
   * @return the phase of its {@link FabricTest}, if it has one
   */
  static Optional<Phase> phaseOf(Class<?> testClass) {
    return annotation(testClass).map(FabricTest::phase);
  }

  /**
   * The annotation on the class, a superclass (it is {@code @Inherited}) or an enclosing class
   * ({@code @Nested}).
   */
  private static Optional<FabricTest> annotation(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      Optional<FabricTest> found = AnnotationSupport.findAnnotation(c, FabricTest.class);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static FabricConfiguration resolve(ExtensionContext context, Class<?> testClass) {
    FabricTest annotation = annotation(testClass).orElseThrow();
    String className = testClass.getName();

    Optional<Overrides.Override> fabricOverride =
        Overrides.lookup(
            context, FabricTest.FABRIC_PROPERTY, FabricTest.FABRIC_ENVIRONMENT_VARIABLE);
    String fabric = fabricOverride.map(Overrides.Override::value).orElse(annotation.fabric());
    String fabricWhere =
        fabricOverride
            .map(o -> "fabric \"" + o.value() + "\" (from " + o.source() + ") for " + className)
            .orElse("@FabricTest(fabric = \"" + fabric + "\") on " + className);
    if (fabric.isBlank()) {
      throw Misuse.of(fabricWhere + ": the fabric must name a fabric file");
    }
    FabricLocator.Located located =
        FabricLocator.locate(fabric, classLoader(testClass), fabricWhere);
    FabricSpec spec =
        Contexts.store(context.getRoot())
            .getOrComputeIfAbsent(
                new FabricKey(located.origin()),
                key -> FabricLocator.load(located, fabric, fabricWhere),
                FabricSpec.class);

    Optional<Overrides.Override> backendOverride =
        Overrides.lookup(
            context, FabricTest.BACKEND_PROPERTY, FabricTest.BACKEND_ENVIRONMENT_VARIABLE);
    String backendId = backendOverride.map(Overrides.Override::value).orElse(annotation.backend());
    String backendWhere =
        backendOverride
            .map(o -> "backend \"" + o.value() + "\" (from " + o.source() + ") for " + className)
            .orElse("@FabricTest(backend = \"" + backendId + "\") on " + className);
    FabricBackend backend;
    try {
      backend = FabricBackends.require(backendId);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw Misuse.of(backendWhere + ": " + e.getMessage(), e);
    }

    long seed = annotation.seed();
    Optional<Overrides.Override> seedOverride =
        Overrides.lookup(context, FabricTest.SEED_PROPERTY, FabricTest.SEED_ENVIRONMENT_VARIABLE);
    if (seedOverride.isPresent()) {
      try {
        seed = Long.parseLong(seedOverride.get().value());
      } catch (NumberFormatException e) {
        throw Misuse.of(
            "seed \""
                + seedOverride.get().value()
                + "\" (from "
                + seedOverride.get().source()
                + ") for "
                + className
                + ": not a whole number",
            e);
      }
    }

    Optional<Overrides.Override> compareOverride =
        Overrides.lookup(
            context,
            FabricTest.COMPARE_WITH_PROPERTY,
            FabricTest.COMPARE_WITH_ENVIRONMENT_VARIABLE);
    String compareId =
        compareOverride.map(Overrides.Override::value).orElse(annotation.compareWith());
    Optional<FabricBackend> compareWith = Optional.empty();
    if (!compareId.isBlank() && !compareId.equals(backend.id())) {
      String compareWhere =
          compareOverride
              .map(
                  o ->
                      "compareWith \""
                          + o.value()
                          + "\" (from "
                          + o.source()
                          + ") for "
                          + className)
              .orElse("@FabricTest(compareWith = \"" + compareId + "\") on " + className);
      try {
        compareWith = Optional.of(FabricBackends.require(compareId));
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw Misuse.of(compareWhere + ": " + e.getMessage(), e);
      }
    }

    FabricGraph graph;
    try {
      graph = FabricGraph.of(spec);
    } catch (IllegalArgumentException e) {
      throw Misuse.of(fabricWhere + ": " + e.getMessage(), e);
    }
    return new FabricConfiguration(
        testClass,
        fabric,
        located.origin(),
        sha256(located, fabricWhere),
        spec,
        graph,
        backend,
        annotation.phase(),
        seed,
        annotation.session(),
        compareWith);
  }

  private static String sha256(FabricLocator.Located located, String where) {
    try {
      return FabricLocator.sha256(located);
    } catch (UncheckedIOException e) {
      throw Misuse.of(where + ": cannot read the fabric file: " + e.getCause().getMessage(), e);
    }
  }

  private static ClassLoader classLoader(Class<?> testClass) {
    ClassLoader loader = testClass.getClassLoader();
    return loader != null ? loader : ClassLoader.getSystemClassLoader();
  }
}
