package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Checks what a test method asks of the extension before it runs, so that a mistake fails with a
 * message naming the method instead of a generic "no ParameterResolver" error.
 */
@API(status = INTERNAL, since = "0.1")
public final class Signatures {

  private static final Set<Class<?>> ANYWHERE = Set.of(FabricSession.class, FabricSpec.class);
  private static final Set<Class<?>> SCENARIO_ONLY =
      Set.of(RunResult.class, Scenario.class, ScenarioRun.class);

  private Signatures() {}

  /**
   * Checks the parameters of rocelab API types.
   *
   * @param method a test method of a {@code @FabricTest} class
   * @param scenario whether it carries a scenario annotation
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the method and
   *     parameter
   */
  public static void check(Method method, boolean scenario) {
    Class<?>[] types = method.getParameterTypes();
    boolean result = false;
    boolean run = false;
    for (int i = 0; i < types.length; i++) {
      Class<?> type = types[i];
      if (ANYWHERE.contains(type)) {
        continue;
      }
      if (SCENARIO_ONLY.contains(type)) {
        if (!scenario) {
          throw Misuse.of(
              Misuse.method(method)
                  + ": a "
                  + type.getSimpleName()
                  + " parameter needs a scenario annotation on the method ("
                  + scenarioAnnotations()
                  + "); a test without one can take a FabricSession and run scenarios itself");
        }
        result |= type == RunResult.class;
        run |= type == ScenarioRun.class;
        continue;
      }
      if (type.getName().startsWith("dev.rocelab.api.")) {
        throw Misuse.of(
            Misuse.method(method)
                + ": cannot inject parameter "
                + i
                + " of type "
                + type.getName()
                + "; "
                + (scenario
                    ? "a scenario test takes RunResult or ScenarioRun, and Scenario, FabricSession or FabricSpec"
                    : "a @FabricTest method takes FabricSession or FabricSpec"));
      }
    }
    if (result && run) {
      throw Misuse.of(
          Misuse.method(method)
              + ": takes both a RunResult and a ScenarioRun; take the RunResult to"
              + " judge the finished run, or the ScenarioRun to watch it (its finish() gives the result)");
    }
  }

  /**
   * Checks that a scenario annotation is the only thing that makes a method a test.
   *
   * @param method a scenario method
   * @param declaration its scenario annotation
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming both annotations
   */
  public static void checkAlone(Method method, Annotation declaration) {
    List<String> others =
        java.util.Arrays.stream(method.getAnnotations())
            .map(Annotation::annotationType)
            .filter(
                type ->
                    type == Test.class
                        || type == TestFactory.class
                        || type == TestTemplate.class
                        || (AnnotationSupport.isAnnotated(type, TestTemplate.class)
                            && !isScenarioAnnotation(type)))
            .map(Misuse::annotation)
            .toList();
    if (!others.isEmpty()) {
      throw Misuse.of(
          Misuse.method(method)
              + " is annotated with "
              + Misuse.annotation(declaration.annotationType())
              + " and "
              + String.join(", ", others)
              + "; a scenario annotation makes the method a test of its own"
              + " (give an attribute several values to sweep, or take a FabricSession in a @ParameterizedTest)");
    }
  }

  private static boolean isScenarioAnnotation(Class<? extends Annotation> type) {
    return ScenarioAnnotations.isScenarioAnnotation(type);
  }

  private static String scenarioAnnotations() {
    return ScenarioAnnotations.builtIn() + " or one of your own with @ScenarioSource";
  }
}
