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
 * {@code @MixedTraffic} runs lossless RDMA traffic and lossy background traffic into the same
 * receiver: an incast of {@link #senders()} × {@link #message()} with the NIC's RoCE marking, and
 * an incast of {@link #lossySenders()} × {@link #lossyMessage()} on {@link #lossyPriority()}, which
 * must be a lossy priority of the fabric's QoS policy.
 *
 * <pre>{@code
 * @MixedTraffic(senders = 8, lossySenders = 8, lossyMessage = {"1MiB", "8MiB"})
 * void lossyTrafficDoesNotHurtTheLosslessClass(RunResult run) {
 *   assertThat(run).isLosslessOn(3);
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
@ScenarioSource(ScenarioFactories.MixedTrafficFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface MixedTraffic {

  /**
   * How many NICs send lossless traffic; several values are a sweep.
   *
   * @return sender counts, each > 0
   */
  int[] senders() default 8;

  /**
   * Whether each of {@link #senders()} and {@link #lossySenders()} is a most: on a fabric with
   * fewer NICs besides the receiver, all of them send (sweep points that come out equal run once),
   * where by default such a point is not applicable; the display name shows what ran.
   *
   * @return whether the counts are most values
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  boolean atMost() default false;

  /**
   * What each lossless sender writes; several values are a sweep.
   *
   * @return sizes, e.g. {@code "1MiB"}
   */
  String[] message() default "1MiB";

  /**
   * How many NICs send lossy traffic; several values are a sweep.
   *
   * @return sender counts, each > 0
   */
  int[] lossySenders() default 8;

  /**
   * What each lossy sender sends; several values are a sweep.
   *
   * @return sizes, e.g. {@code "8MiB"}
   */
  String[] lossyMessage() default "1MiB";

  /**
   * The lossy priority of the background traffic; several values are a sweep.
   *
   * @return priorities 0..7 that are not lossless
   */
  int[] lossyPriority() default 0;

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
