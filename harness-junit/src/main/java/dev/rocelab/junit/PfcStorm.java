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
 * {@code @PfcStorm} makes a NIC send pause frames without end (a stuck receive path) during a
 * permutation (every NIC sends one flow of {@link #flowSize()} to another NIC).
 *
 * <pre>{@code
 * @PfcStorm(nic = "host1:nic0", at = "500us", stormFor = "2ms")
 * void watchdogContainsTheStorm(RunResult run) {
 *   assertThat(run).pfc().stormDetectedWithin("250ms");
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
@ScenarioSource(FaultScenarioFactories.PfcStormFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface PfcStorm {

  /**
   * The storming NIC, {@code host:nicN}, or a NIC phrase of {@link
   * dev.rocelab.api.fabric.FabricRoles} that chooses it on any fabric (e.g. {@value
   * dev.rocelab.api.fabric.FabricRoles#A_NIC_OF_ANOTHER_HOST}); several values are a sweep.
   *
   * @return NICs of the fabric, or phrases
   */
  String[] nic();

  /**
   * The paused priority; empty for the NIC's RoCE priority; several values are a sweep.
   *
   * @return priorities 0..7
   */
  int[] priority() default {};

  /**
   * When the storm starts; several values are a sweep.
   *
   * @return times from the start of the run, e.g. {@code "1ms"}
   */
  String[] at() default "500us";

  /**
   * How long it storms; empty for the rest of the run; several values are a sweep.
   *
   * @return durations, e.g. {@code "2ms"}
   */
  String[] stormFor() default {};

  /**
   * The size of each flow of the background permutation; several values are a sweep.
   *
   * @return sizes, e.g. {@code "64MiB"}
   */
  String[] flowSize() default "64MiB";

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
