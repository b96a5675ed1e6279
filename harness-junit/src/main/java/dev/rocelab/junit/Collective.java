package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.junit.internal.ScenarioFactories;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Collective} runs an NCCL collective over the fabric's GPUs.
 *
 * <pre>{@code
 * @Collective(operation = {ALL_REDUCE, ALL_GATHER}, size = {"64MiB", "1GiB"})   // 4 invocations
 * void largeMessagesReachTheNics(RunResult run) {
 *   assertThat(run).collective().busBandwidth().isAtLeastPercentOfLineRate(90);
 * }
 *
 * @Collective(size = "8B", maxSize = "1GiB", stepFactor = 2)   // one nccl-tests sweep
 * void sweep(RunResult run) { … }
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
@ScenarioSource(ScenarioFactories.CollectiveFactory.class)
@ExtendWith(FabricExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Collective {

  /**
   * The collective; several values are a sweep.
   *
   * @return operations
   */
  CollectiveOperation[] operation() default CollectiveOperation.ALL_REDUCE;

  /**
   * The message size as nccl-tests counts it; several values are several invocations. With {@link
   * #maxSize()} it is the first size of an nccl-tests sweep ({@code -b}).
   *
   * @return sizes, e.g. {@code "1GiB"}
   */
  String[] size();

  /**
   * The last size of an nccl-tests sweep within one invocation ({@code -e}); empty for one size.
   *
   * @return a size or empty
   */
  String maxSize() default "";

  /**
   * The factor between the sizes of a sweep ({@code -f}).
   *
   * @return a factor &ge; 2
   */
  int stepFactor() default 2;

  /**
   * The element type ({@code -d}).
   *
   * @return the type
   */
  DataType dataType() default DataType.FLOAT;

  /**
   * Where the ranks sit: the GPUs of these hosts, in this order; none for the fabric's hosts in
   * fabric order. Each a host's name or a hosts phrase of {@link
   * dev.rocelab.api.fabric.FabricRoles} that picks them on any fabric ({@value
   * dev.rocelab.api.fabric.FabricRoles#EVERY_OTHER_HOST}, {@value
   * dev.rocelab.api.fabric.FabricRoles#THE_HOSTS_UNDER_A_LEAF}).
   *
   * @return host names or phrases
   */
  String[] hosts() default {};

  /**
   * The NCCL algorithm, like {@code NCCL_ALGO}; several values are a sweep. {@code AUTO} (the
   * default) leaves the choice to NCCL, per size.
   *
   * @return algorithms
   */
  Algorithm[] algorithm() default Algorithm.AUTO;

  /**
   * The NCCL protocol, like {@code NCCL_PROTO}; several values are a sweep. {@code AUTO} (the
   * default) leaves the choice to NCCL, per size.
   *
   * @return protocols
   */
  Protocol[] protocol() default Protocol.AUTO;

  /**
   * GPUs taking part, the first ones in fabric order; 0 for all; several values are a sweep.
   *
   * @return rank counts, 0 or >= 2
   */
  int[] ranks() default 0;

  /**
   * Whether each of {@link #ranks()} is a most: on a fabric with fewer GPUs, all of them take part
   * (sweep points that come out equal run once), where by default such a point is not applicable.
   * For suites that run on any fabric: {@code ranks = 16, atMost = true} runs over 12 ranks on a
   * fabric of twelve GPUs; the display name shows what ran. Not with {@link #hosts()}.
   *
   * @return whether the counts are most values
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  boolean atMost() default false;

  /**
   * The root rank of a broadcast or reduce ({@code -r}).
   *
   * @return a rank
   */
  int root() default 0;

  /**
   * NCCL channels; 0 for the backend's choice.
   *
   * @return a channel count
   */
  int channels() default 0;

  /**
   * Queue pairs per connection ({@code NCCL_IB_QPS_PER_CONNECTION}); several values are a sweep.
   *
   * @return counts &ge; 1
   */
  int[] qpsPerConnection() default 1;

  /**
   * Whether every message is split evenly over the connection's queue pairs ({@code
   * NCCL_IB_SPLIT_DATA_ON_QPS=1}, NCCL 2.18 and 2.19's default) instead of going whole to the next
   * one in turn (NCCL's default since 2.20.3).
   *
   * @return {@code true} to split
   */
  boolean splitDataOnQps() default false;

  /**
   * How closely a simulating backend models the collective; several values are a sweep (e.g. to
   * compare the two).
   *
   * @return packet and/or flow
   */
  Fidelity[] fidelity() default Fidelity.PACKET;

  /**
   * The bound on the run, e.g. {@code "5ms"}; empty for {@link
   * dev.rocelab.api.scenario.CollectiveBuilder#DEFAULT_DURATION}.
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
