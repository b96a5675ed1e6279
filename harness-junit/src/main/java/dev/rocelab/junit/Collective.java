package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Collective} runs an NCCL collective over the fabric's GPUs.
 *
 * <pre>{@code
 * @Collective(operation = {ALL_REDUCE, ALL_GATHER}, size = {"64MiB", "1GiB"})   // 4 invocations
 * void collectivesComplete(RunResult run) {
 *   assertThat(run).flows().allCompleted();
 * }
 * }</pre>
 *
 * <p>Like every scenario annotation it makes the method a test template: each combination of the
 * values of its multi-valued attributes is one invocation, with a display name that shows them and
 * its own result. Sizes, rates and times use the text forms of the units ({@code "4MiB"},
 * {@code "400Gbps"}, {@code "2ms"}). The method takes the
 * {@link dev.rocelab.api.result.RunResult RunResult} of its run (computed when the parameter is
 * resolved) or the live {@link dev.rocelab.api.backend.ScenarioRun ScenarioRun} to wait on with
 * {@link FabricAwait}, and may also take the {@link dev.rocelab.api.scenario.Scenario Scenario},
 * the {@link dev.rocelab.api.backend.FabricSession FabricSession} and the
 * {@link dev.rocelab.api.fabric.FabricSpec FabricSpec}. A backend that lacks a capability the
 * scenario needs skips the invocation with its reason. One scenario annotation per method; its
 * class must be a {@link FabricTest @FabricTest}.
 *
 * @since 0.1
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
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
   * The message size per rank as nccl-tests counts it; several values are a sweep.
   *
   * @return sizes, e.g. {@code "1GiB"}
   */
  String[] size();

  /**
   * The NCCL algorithm; several values are a sweep.
   *
   * @return algorithms
   */
  Algorithm[] algorithm() default Algorithm.RING;

  /**
   * The NCCL protocol; several values are a sweep.
   *
   * @return protocols
   */
  Protocol[] protocol() default Protocol.SIMPLE;

  /**
   * GPUs taking part, the first ones in fabric order; 0 for all; several values are a sweep.
   *
   * @return rank counts, 0 or >= 2
   */
  int[] ranks() default 0;

  /**
   * The bound on the run, e.g. {@code "5ms"}; empty for {@link dev.rocelab.api.scenario.Scenario#DEFAULT_DURATION}.
   *
   * @return a duration or empty
   */
  String duration() default "";

  /**
   * How often time series are sampled, e.g. {@code "1us"}; empty for
   * {@link dev.rocelab.api.scenario.Scenario#DEFAULT_SAMPLE_INTERVAL}.
   *
   * @return a duration or empty
   */
  String sampleInterval() default "";
}
