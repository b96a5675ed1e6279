package dev.rocelab.junit;

import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A scenario annotation is any annotation whose type carries {@link ScenarioSource}: users' own
 * annotations run as rocelab's do, composed annotations carry rocelab's, and a factory that cannot
 * be created, makes nothing or refuses a value fails the plan naming the annotation and method.
 */
class ScenarioSourceTest {

  @Test
  void aUsersAnnotationMakesOneInvocationPerScenarioOfItsFactory() {
    Engine.run(UsersAnnotationTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(2).succeeded(2))
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test(), displayName("incast 2:1 on the scripted backend"), finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                test(), displayName("incast 3:1 on the scripted backend"), finishedSuccessfully()));
  }

  @Test
  void anAnnotationCarryingIncastIsAnIncast() {
    Engine.run(ComposedTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(1).succeeded(1))
        .assertThatEvents()
        .haveExactly(1, event(test(), displayName("incast 2:1 · 64 KiB"), finishedSuccessfully()));
  }

  @Test
  void aFactoryThatRefusesAValueFailsNamingTheAnnotationAndMethod() {
    assertMisuse(
        RefusingTestCase.class,
        "@Refusing on "
            + RefusingTestCase.class.getName()
            + "#m(RunResult): senders must be even but was 3");
  }

  @Test
  void aFactoryWithoutANoArgumentConstructorOrScenariosFailsThePlan() {
    assertMisuse(
        NoConstructorTestCase.class,
        "@NoConstructor on "
            + NoConstructorTestCase.class.getName()
            + "#m(RunResult): its factory "
            + NoConstructor.Scenarios.class.getName()
            + " cannot be created");
    assertMisuse(
        NothingTestCase.class,
        "@Nothing on "
            + NothingTestCase.class.getName()
            + "#m(RunResult): its factory "
            + Nothing.Scenarios.class.getName()
            + " made no scenario");
  }

  @Test
  void aUsersAnnotationBesideRocelabsIsTwoScenarioAnnotations() {
    assertMisuse(
        TwoTestCase.class,
        TwoTestCase.class.getName()
            + "#m(RunResult) declares 2 scenario annotations,"
            + " @Incasts and @Incast");
  }

  private static void assertMisuse(Class<?> fixture, String startOfMessage) {
    Engine.run(fixture)
        .allEvents()
        .assertThatEvents()
        .haveAtLeastOne(
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(m -> m.startsWith(startOfMessage)))));
  }

  /** Incasts of each sender count, named for the backend. */
  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @ScenarioSource(Incasts.Scenarios.class)
  @interface Incasts {
    int[] senders();

    final class Scenarios implements ScenarioFactory<Incasts> {
      @Override
      public List<ScenarioInvocation> invocations(
          Incasts annotation, ScenarioDeclaration declaration) {
        return declaration.senders("senders", annotation.senders()).stream()
            .map(
                n ->
                    new ScenarioInvocation(
                        declaration.finish(Scenario.incast().senders(n).message("64KiB").build()),
                        "incast " + n + ":1 on the scripted backend",
                        ScenarioInvocation.parameters("senders", n)))
            .toList();
      }
    }
  }

  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @Incast(senders = 2, message = "64KiB")
  @interface SmallIncast {}

  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @ScenarioSource(Refusing.Scenarios.class)
  @interface Refusing {
    final class Scenarios implements ScenarioFactory<Refusing> {
      @Override
      public List<ScenarioInvocation> invocations(
          Refusing annotation, ScenarioDeclaration declaration) {
        throw new IllegalArgumentException("senders must be even but was 3");
      }
    }
  }

  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @ScenarioSource(NoConstructor.Scenarios.class)
  @interface NoConstructor {
    final class Scenarios implements ScenarioFactory<NoConstructor> {
      Scenarios(String unused) {}

      @Override
      public List<ScenarioInvocation> invocations(
          NoConstructor annotation, ScenarioDeclaration declaration) {
        return List.of();
      }
    }
  }

  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @ScenarioSource(Nothing.Scenarios.class)
  @interface Nothing {
    final class Scenarios implements ScenarioFactory<Nothing> {
      @Override
      public List<ScenarioInvocation> invocations(
          Nothing annotation, ScenarioDeclaration declaration) {
        return List.of();
      }
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class UsersAnnotationTestCase {
    @Incasts(senders = {2, 3})
    void m(RunResult run) {
      dev.rocelab.assertj.FabricAssertions.assertThat(run).flows().allCompleted();
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ComposedTestCase {
    @SmallIncast
    void m(RunResult run) {
      dev.rocelab.assertj.FabricAssertions.assertThat(run).flows().allCompleted();
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class RefusingTestCase {
    @Refusing
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class NoConstructorTestCase {
    @NoConstructor
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class NothingTestCase {
    @Nothing
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class TwoTestCase {
    @Incasts(senders = 2)
    @Incast(senders = 2)
    void m(RunResult run) {}
  }
}
