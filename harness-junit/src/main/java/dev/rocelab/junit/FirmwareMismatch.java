package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Completion;
import dev.rocelab.junit.internal.FaultScenarioFactories;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @FirmwareMismatch} runs an incast on a fabric in which {@link #devices()} run another
 * {@link #firmware()} than their profiles pin — NIC firmware on a host, the NOS on a switch —
 * exposing how mixed versions behave differently from a homogeneous fleet.
 *
 * <p>Each device becomes a {@link dev.rocelab.api.scenario.Fault.ConfigDrift ConfigDrift} of the
 * setting {@code firmware} at time zero; the backend applies the behaviour profile of that version.
 *
 * <pre>{@code
 * @FirmwareMismatch(devices = {"host2", "host3"}, firmware = "28.36.1010", senders = 16)
 * void mixedFirmwareStaysFair(RunResult run) {
 *   assertThat(run).flows().fairness().isAtLeast(0.9);
 * }
 * }</pre>
 *
 * <p>Like every scenario annotation it makes the method a test template: each combination of the
 * values of its multi-valued attributes is one invocation, with a display name that shows them and
 * its own result. Sizes, rates and times use the text forms of the units ({@code "4MiB"}, {@code
 * "400Gbps"}, {@code "2ms"}). The method takes the {@link dev.rocelab.api.result.RunResult
 * RunResult} of its run (computed when the parameter is resolved) or the live {@link
 * dev.rocelab.api.backend.ScenarioRun ScenarioRun} to wait on with {@link
 * dev.rocelab.assertj.FabricAwait FabricAwait}, and may also take the {@link
 * dev.rocelab.api.scenario.Scenario Scenario}, the {@link dev.rocelab.api.backend.FabricSession
 * FabricSession} and the {@link dev.rocelab.api.fabric.FabricSpec FabricSpec}. A backend that lacks
 * a capability the scenario needs skips the invocation with its reason. One scenario annotation per
 * method; its class must be a {@link FabricTest @FabricTest}.
 *
 * @since 0.1
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ScenarioSource(FaultScenarioFactories.FirmwareMismatchFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface FirmwareMismatch {

  /**
   * The devices that run {@link #firmware()}; all of them in every invocation. Each a name or a
   * device phrase of {@link dev.rocelab.api.fabric.FabricRoles} ({@value
   * dev.rocelab.api.fabric.FabricRoles#A_LEAF}, {@value
   * dev.rocelab.api.fabric.FabricRoles#A_HOST}).
   *
   * @return device names of the fabric or phrases, at least one
   */
  String[] devices();

  /**
   * The version they run; several values are a sweep.
   *
   * @return versions, e.g. {@code "28.36.1010"}
   */
  String[] firmware();

  /**
   * How many NICs send in the incast; several values are a sweep.
   *
   * @return sender counts, each > 0
   */
  int[] senders() default 16;

  /**
   * What each sender writes; several values are a sweep.
   *
   * @return sizes, e.g. {@code "1MiB"}
   */
  String[] message() default "1MiB";

  /**
   * The bound on the run, e.g. {@code "5ms"}; empty for {@link
   * dev.rocelab.api.scenario.Scenario#DEFAULT_DURATION}.
   *
   * @return a duration or empty
   */
  String duration() default "";

  /**
   * How often time series are sampled, e.g. {@code "1us"}; empty for {@link
   * dev.rocelab.api.scenario.Scenario#DEFAULT_SAMPLE_INTERVAL}.
   *
   * @return a duration or empty
   */
  String sampleInterval() default "";

  /**
   * Whether the workload must complete within the duration: by default a run that reaches its
   * duration with flows or collective sizes unfinished fails the test, naming what did not
   * complete; {@link Completion#WINDOW} declares that the test measures a window of traffic
   * instead.
   *
   * @return the completion the scenario expects
   */
  Completion completion() default Completion.REQUIRED;
}
