package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @FabricTest} marks a test class whose tests run scenarios on a fabric: it names the fabric
 * file, the backend that runs it, the pre-production phase the tests sign off and the seed of every
 * scenario.
 *
 * <p>Test methods declare a scenario with a scenario annotation ({@link Baseline @Baseline}, {@link
 * Incast @Incast}, {@link LinkFailure @LinkFailure}, …) and receive its {@link
 * dev.rocelab.api.result.RunResult RunResult}, or take a {@link
 * dev.rocelab.api.backend.FabricSession FabricSession} and run scenarios built with the fluent API
 * ({@code Scenario.incast().senders(32)…}). Lifecycle methods may take a {@code FabricSession} and
 * the {@link dev.rocelab.api.fabric.FabricSpec FabricSpec} as well.
 *
 * <h2>Fabric</h2>
 *
 * {@link #fabric()} is looked up first as a class path resource (e.g. {@code
 * fabrics/reference.yaml} under {@code src/test/resources}), then as a file path, relative to the
 * working directory unless absolute. A fabric that cannot be found or has errors fails the class
 * with an {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} listing the
 * problems.
 *
 * <h2>Running the same suite elsewhere</h2>
 *
 * The fabric, the backend and the seed can be changed without touching code, so one suite runs
 * unchanged on the model and on a real lab:
 *
 * <pre>
 * mvn verify -Drocelab.backend=lab -Drocelab.fabric=/etc/rocelab/lab.yaml
 * </pre>
 *
 * Each setting is taken from, in this order: the JUnit configuration parameter of that name (which
 * also reads system properties and {@code junit-platform.properties}), the system property, the
 * environment variable ({@link #BACKEND_ENVIRONMENT_VARIABLE ROCELAB_BACKEND}, {@link
 * #FABRIC_ENVIRONMENT_VARIABLE ROCELAB_FABRIC}, {@link #SEED_ENVIRONMENT_VARIABLE ROCELAB_SEED},
 * {@link #COMPARE_WITH_ENVIRONMENT_VARIABLE ROCELAB_COMPARE_WITH}), and finally this annotation. An
 * override applies to every {@code @FabricTest} class of the run.
 *
 * <h2>Sessions</h2>
 *
 * One {@code FabricSession} is opened per test class when it is first needed and closed by JUnit
 * after the class; {@link #session()} or {@link Session @Session} on a method give a method its own
 * session instead. Scenarios on one session run one after another, also under JUnit's parallel
 * execution.
 *
 * <h2>Reports</h2>
 *
 * Tests are named as the criteria they check ({@link CriterionNames}: {@code incastStaysLossless}
 * reads "incast stays lossless"); a {@link Purpose @Purpose} describes them. What each test is and
 * every check of a rocelab assertion it makes go to the {@link
 * dev.rocelab.api.report.TestReporter}s on the class path; with module {@code reports} and Allure
 * there, each check becomes a step with the measured value, the limit and where the limit comes
 * from.
 *
 * <pre>{@code
 * @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
 * class IncastTest {
 *
 *   @Incast(senders = {8, 32, 63}, message = "4MiB", priority = 3)
 *   void incastStaysLossless(RunResult run) {
 *     assertThat(run).isLossless();
 *   }
 * }
 * }</pre>
 *
 * @since 0.1
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(FabricExtension.class)
@DisplayNameGeneration(CriterionNames.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface FabricTest {

  /** The configuration parameter and system property that overrides {@link #fabric()}. */
  String FABRIC_PROPERTY = "rocelab.fabric";

  /** The configuration parameter and system property that overrides {@link #backend()}. */
  String BACKEND_PROPERTY = "rocelab.backend";

  /** The configuration parameter and system property that overrides {@link #seed()}. */
  String SEED_PROPERTY = "rocelab.seed";

  /** The environment variable that overrides {@link #fabric()}. */
  String FABRIC_ENVIRONMENT_VARIABLE = "ROCELAB_FABRIC";

  /** The environment variable that overrides {@link #backend()}. */
  String BACKEND_ENVIRONMENT_VARIABLE = "ROCELAB_BACKEND";

  /** The environment variable that overrides {@link #seed()}. */
  String SEED_ENVIRONMENT_VARIABLE = "ROCELAB_SEED";

  /**
   * The configuration parameter and system property that overrides {@link #compareWith()}.
   *
   * @since 0.3
   */
  String COMPARE_WITH_PROPERTY = "rocelab.compareWith";

  /**
   * The environment variable that overrides {@link #compareWith()}.
   *
   * @since 0.3
   */
  String COMPARE_WITH_ENVIRONMENT_VARIABLE = "ROCELAB_COMPARE_WITH";

  /**
   * The fabric file: a class path resource, or else a file path.
   *
   * @return e.g. {@code "fabrics/reference.yaml"}
   */
  String fabric();

  /**
   * The id of the backend that runs the scenarios; {@code model} is the built-in simulator.
   *
   * @return a backend id
   */
  String backend() default "model";

  /**
   * The pre-production phase these tests sign off; reports group tests by it.
   *
   * @return the phase
   */
  Phase phase();

  /**
   * The seed of every scenario declared by annotation, and of scenarios run through an injected
   * {@code FabricSession} whose seed was left at {@link Scenario#DEFAULT_SEED}.
   *
   * @return the seed
   */
  long seed() default Scenario.DEFAULT_SEED;

  /**
   * How long a session lives unless a method says otherwise with {@link Session @Session}.
   *
   * @return the scope
   */
  SessionScope session() default SessionScope.PER_CLASS;

  /**
   * A second backend every run is repeated on, e.g. {@code model} while the suite runs on a lab:
   * the two runs are compared metric by metric ({@link dev.rocelab.api.analysis.Agreement}) and the
   * table is attached to the test's report as {@code agreement with <backend> · <scenario>}. The
   * comparison does not change the test's verdict; a scenario the second backend cannot run is
   * attached as not compared, with the reason. Empty (the default) compares nothing, as does the
   * test's own backend.
   *
   * @return a backend id, or empty
   * @since 0.3
   */
  String compareWith() default "";
}
