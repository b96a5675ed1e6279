package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Completion;
import dev.rocelab.junit.internal.ScenarioFactories;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Microburst} runs periodic synchronized bursts: {@link #senders()} NICs each send {@link
 * #burst()} to one receiver every {@link #period()}, {@link #bursts()} times.
 *
 * <pre>{@code
 * @Microburst(senders = 16, burst = {"32KiB", "64KiB"}, period = "10us", bursts = 100)
 * void burstsAreAbsorbed(RunResult run) {
 *   assertThat(run).isLossless();
 *   assertThat(run).buffer().peakQueue().isLessThan("8MiB");
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
@ScenarioSource(ScenarioFactories.MicroburstFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Microburst {

  /**
   * How many NICs burst together; several values are a sweep.
   *
   * @return sender counts, each > 0
   */
  int[] senders();

  /**
   * Whether each of {@link #senders()} is a most: on a fabric with fewer NICs besides the receiver,
   * all of them send (sweep points that come out equal run once), where by default such a point is
   * not applicable. For suites that run on any fabric: {@code senders = {8, 16}, atMost = true}
   * runs 8:1 and 11:1 on a fabric of twelve NICs; the display name shows what ran.
   *
   * @return whether the counts are most values
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  boolean atMost() default false;

  /**
   * The bytes each sender sends per burst; several values are a sweep.
   *
   * @return sizes, e.g. {@code "64KiB"}
   */
  String[] burst() default "64KiB";

  /**
   * The time between burst starts; several values are a sweep.
   *
   * @return durations, e.g. {@code "10us"}
   */
  String[] period() default "10us";

  /**
   * How many bursts; several values are a sweep.
   *
   * @return counts, each > 0
   */
  int[] bursts() default 10;

  /**
   * The priority to send on, several values are a sweep; the extension marks the traffic with a
   * DSCP that the fabric's QoS policy maps to it. Empty for the NIC's RoCE marking. Not together
   * with {@link #dscp()}.
   *
   * @return priorities 0..7
   */
  int[] priority() default {};

  /**
   * The DSCP to mark the traffic with, several values are a sweep. Empty for the NIC's RoCE
   * marking. Not together with {@link #priority()}.
   *
   * @return DSCPs 0..63
   */
  int[] dscp() default {};

  /**
   * The receiving NIC, {@code host:nicN} or a NIC phrase of {@link
   * dev.rocelab.api.fabric.FabricRoles} (e.g. {@value
   * dev.rocelab.api.fabric.FabricRoles#A_NIC_UNDER_ANOTHER_LEAF}); empty for the fabric's first
   * NIC.
   *
   * @return a NIC, a phrase or empty
   */
  String receiver() default "";

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
