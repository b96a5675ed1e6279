package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Workload.Pairing;
import dev.rocelab.junit.internal.FaultScenarioFactories;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @LinkFailure} takes a link down during a permutation (every NIC sends one flow of {@link
 * #flowSize()} to another NIC) and, if {@link #downFor()} is given, brings it back up.
 *
 * <pre>{@code
 * @LinkFailure(port = {"leaf1:eth9", "leaf1:eth10"}, at = "500us", downFor = "200us")
 * void trafficRecovers(RunResult run) {
 *   assertThat(run).recovery().isFasterThan("1ms");
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
@ScenarioSource(FaultScenarioFactories.LinkFailureFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface LinkFailure {

  /**
   * Either end of the link that fails, {@code device:port}, or a role the fabric chooses it by
   * ({@link dev.rocelab.api.fabric.FabricRoles#REDUNDANT_UPLINK "a redundant uplink"}, {@link
   * dev.rocelab.api.fabric.FabricRoles#A_HOST_LINK "a host link"}), so the test runs on any fabric;
   * on a fabric without the role's part the test is not applicable (skipped, with the reason).
   * Several values are a sweep.
   *
   * @return ports of the fabric that have a link, or roles
   */
  String[] port();

  /**
   * When the link goes down; several values are a sweep.
   *
   * @return times from the start of the run, e.g. {@code "1ms"}
   */
  String[] at() default "500us";

  /**
   * How long the link stays down; empty for the rest of the run; several values are a sweep.
   *
   * @return durations, e.g. {@code "500us"}
   */
  String[] downFor() default {};

  /**
   * The size of each flow of the background permutation; several values are a sweep.
   *
   * @return sizes, e.g. {@code "64MiB"}
   */
  String[] flowSize() default "64MiB";

  /**
   * Which NICs the background permutation pairs: {@link Pairing#OTHER_HOST} (the default) or {@link
   * Pairing#OTHER_LEAF}, where every flow crosses the tier above the leaves so the failing link
   * carries traffic on any fabric with two or more leaves (on a fabric with one leaf the test is
   * not applicable).
   *
   * @return the pairing of the background permutation
   * @since 0.3
   */
  Pairing pairing() default Pairing.OTHER_HOST;

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
