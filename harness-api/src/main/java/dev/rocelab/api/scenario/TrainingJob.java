package dev.rocelab.api.scenario;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_GATHER;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.REDUCE_SCATTER;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A training job described the way Megatron-LM runs it, from which its {@link #step() step} is
 * derived:
 *
 * <ul>
 *   <li>each pipeline stage runs the 1F1B schedule over the step's microbatches: {@code min(P−s−1,
 *       M)} forward passes to fill the pipeline, then one forward and one backward in turn, then
 *       the remaining backward passes;
 *   <li>between passes, activations (forward) and their gradients (backward) cross to the next or
 *       previous stage, sends and receives posted together as Megatron batches them, and the next
 *       pass waits for them;
 *   <li>with experts, every pass is cut at each mixture-of-experts layer into two halves, each
 *       followed by an all-to-all over the expert-parallel group (dispatch and combine; their
 *       gradients on the way back) that the next half waits for;
 *   <li>the last backward pass produces the gradients bucket by bucket; each bucket's all-reduce
 *       over the data-parallel group starts as soon as the bucket is ready and overlaps the rest of
 *       the backward pass (Megatron's {@code overlap_grad_reduce}); expert weights' gradients are
 *       all-reduced over the expert-data-parallel group (ranks holding the same experts) at the
 *       end;
 *   <li>the optimizer runs when every all-reduce of the rank has finished;
 *   <li>with a distributed optimizer (ZeRO stage 1) the buckets are reduce-scattered instead, and
 *       after the optimizer each bucket's parameters are all-gathered over the same group; the step
 *       ends when they are.
 * </ul>
 *
 * <p>Tensor-parallel communication stays inside a host on NVLink; it is part of the compute times
 * given here (the fabric never sees it).
 *
 * @param name the job's name, e.g. {@code "llama3-8b"}
 * @param parallelism how the job is split
 * @param microbatches microbatches per step per data-parallel replica, &ge; 1
 * @param forward one microbatch's forward pass through one stage, on one GPU
 * @param backward one microbatch's backward pass through one stage, on one GPU
 * @param activations the bytes one GPU sends to the next stage per microbatch (the gradients sent
 *     back are as large); unused with one stage
 * @param gradients the bytes of gradients one GPU all-reduces over its data-parallel group per step
 *     (dense weights)
 * @param expertGradients the bytes of expert weights' gradients one GPU all-reduces over its
 *     expert-data-parallel group per step; unused without experts
 * @param bucket the gradient bucket: all-reduces move at most this much each
 * @param expertLayers mixture-of-experts layers per stage, 0 for a dense model
 * @param expertTokens the bytes each GPU sends in each expert all-to-all (the all-to-all's size)
 * @param optimizer the optimizer's time on one GPU after the gradients are reduced
 * @param distributedOptimizer whether the optimizer's state is sharded over the data-parallel group
 *     (Megatron's distributed optimizer, ZeRO stage 1): gradient buckets are reduce-scattered
 *     instead of all-reduced, and after the optimizer each bucket's parameters are all-gathered
 *     before the step ends
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record TrainingJob(
    String name,
    Parallelism parallelism,
    int microbatches,
    SimTime forward,
    SimTime backward,
    DataSize activations,
    DataSize gradients,
    DataSize expertGradients,
    DataSize bucket,
    int expertLayers,
    DataSize expertTokens,
    SimTime optimizer,
    boolean distributedOptimizer) {

  /** Megatron-LM's default gradient bucket: 40 million bf16 parameters. */
  public static final DataSize DEFAULT_BUCKET = DataSize.bytes(80_000_000);

  /** Labels of the step's operations, as results add time up per label. */
  public static final String FORWARD = "forward";

  /** Label of backward passes. */
  public static final String BACKWARD = "backward";

  /** Label of the activations sent between pipeline stages. */
  public static final String PIPELINE_ACTIVATIONS = "pipeline activations";

  /** Label of the activation gradients sent back between pipeline stages. */
  public static final String PIPELINE_GRADIENTS = "pipeline gradients";

  /** Label of the expert all-to-alls. */
  public static final String EXPERT_ALL_TO_ALL = "expert all-to-all";

  /** Label of the data-parallel gradient all-reduces. */
  public static final String DATA_PARALLEL_GRADIENTS = "data-parallel gradients";

  /** Label of the expert gradient all-reduces. */
  public static final String EXPERT_GRADIENTS = "expert gradients";

  /** Label of the optimizer. */
  public static final String OPTIMIZER = "optimizer";

  /** Label of the parameter all-gathers of a distributed optimizer. */
  public static final String DATA_PARALLEL_PARAMETERS = "data-parallel parameters";

  /** Label of the expert parameter all-gathers of a distributed optimizer. */
  public static final String EXPERT_PARAMETERS = "expert parameters";

  /** Validates the fields. */
  public TrainingJob {
    Checks.name(name, "name");
    Objects.requireNonNull(parallelism, "parallelism must not be null");
    Checks.positive(microbatches, "microbatches");
    Checks.positive(forward, "forward");
    Checks.positive(backward, "backward");
    Objects.requireNonNull(activations, "activations must not be null");
    Objects.requireNonNull(gradients, "gradients must not be null");
    Objects.requireNonNull(expertGradients, "expertGradients must not be null");
    Checks.positive(bucket, "bucket");
    Checks.nonNegative(expertLayers, "expertLayers");
    Objects.requireNonNull(expertTokens, "expertTokens must not be null");
    Objects.requireNonNull(optimizer, "optimizer must not be null");
    if (parallelism.pipeline() > 1 && activations.bytes() == 0) {
      throw new IllegalArgumentException(
          "a job with " + parallelism.pipeline() + " pipeline stages needs activations > 0");
    }
    if (expertLayers > 0 && parallelism.expert() < 2) {
      throw new IllegalArgumentException(
          "expertLayers " + expertLayers + " need expert parallelism >= 2: " + parallelism);
    }
    if (expertLayers > 0 && expertTokens.bytes() == 0) {
      throw new IllegalArgumentException("expertLayers need expertTokens > 0");
    }
    if (expertLayers == 0 && parallelism.expert() > 1) {
      throw new IllegalArgumentException(
          "expert parallelism " + parallelism.expert() + " needs expertLayers > 0");
    }
  }

  /**
   * A dense model's job: Megatron's default bucket, no optimizer time.
   *
   * @param name the job's name
   * @param parallelism how it is split
   * @param microbatches microbatches per step
   * @param forward one microbatch's forward pass through one stage
   * @param backward one microbatch's backward pass through one stage
   * @param activations bytes sent to the next stage per microbatch per GPU
   * @param gradients bytes of gradients per GPU per step
   * @return the job
   */
  public static TrainingJob dense(
      String name,
      Parallelism parallelism,
      int microbatches,
      SimTime forward,
      SimTime backward,
      DataSize activations,
      DataSize gradients) {
    return new TrainingJob(
        name,
        parallelism,
        microbatches,
        forward,
        backward,
        activations,
        gradients,
        DataSize.ZERO,
        DEFAULT_BUCKET,
        0,
        DataSize.ZERO,
        SimTime.ZERO,
        false);
  }

  /**
   * @param size the gradient bucket
   * @return this job with that bucket
   */
  public TrainingJob withBucket(DataSize size) {
    return change(d -> d.bucket = size);
  }

  /**
   * @param time the optimizer's time per step
   * @return this job with that optimizer time
   */
  public TrainingJob withOptimizer(SimTime time) {
    return change(d -> d.optimizer = time);
  }

  /**
   * @param time the optimizer's time per step on one GPU, for its shard of the state
   * @return this job with a distributed optimizer (ZeRO stage 1): buckets reduce-scattered, then
   *     parameters all-gathered after the optimizer
   */
  public TrainingJob withDistributedOptimizer(SimTime time) {
    return change(
        d -> {
          d.optimizer = time;
          d.distributedOptimizer = true;
        });
  }

  /**
   * @param layers mixture-of-experts layers per stage
   * @param tokens bytes each GPU sends per expert all-to-all
   * @param gradientsOfExperts bytes of expert gradients per GPU per step
   * @param expertParallel the expert-parallel size, dividing the data-parallel size
   * @return this job with experts
   */
  public TrainingJob withExperts(
      int layers, DataSize tokens, DataSize gradientsOfExperts, int expertParallel) {
    return change(
        d -> {
          d.parallelism =
              new Parallelism(
                  parallelism.tensor(), parallelism.pipeline(), parallelism.data(), expertParallel);
          d.expertLayers = layers;
          d.expertTokens = tokens;
          d.expertGradients = gradientsOfExperts;
        });
  }

  /** A changed copy: the job's fields, some of them changed, validated anew. */
  private TrainingJob change(Consumer<Draft> edit) {
    Draft d = new Draft(this);
    edit.accept(d);
    return d.build();
  }

  /** The job's fields, to change some before building the next job. */
  private static final class Draft {
    private final String name;
    private Parallelism parallelism;
    private final int microbatches;
    private final SimTime forward;
    private final SimTime backward;
    private final DataSize activations;
    private final DataSize gradients;
    private DataSize expertGradients;
    private DataSize bucket;
    private int expertLayers;
    private DataSize expertTokens;
    private SimTime optimizer;
    private boolean distributedOptimizer;

    Draft(TrainingJob job) {
      name = job.name;
      parallelism = job.parallelism;
      microbatches = job.microbatches;
      forward = job.forward;
      backward = job.backward;
      activations = job.activations;
      gradients = job.gradients;
      expertGradients = job.expertGradients;
      bucket = job.bucket;
      expertLayers = job.expertLayers;
      expertTokens = job.expertTokens;
      optimizer = job.optimizer;
      distributedOptimizer = job.distributedOptimizer;
    }

    TrainingJob build() {
      return new TrainingJob(
          name,
          parallelism,
          microbatches,
          forward,
          backward,
          activations,
          gradients,
          expertGradients,
          bucket,
          expertLayers,
          expertTokens,
          optimizer,
          distributedOptimizer);
    }
  }

  /**
   * @return {@code "llama3-8b · tp8 pp2 dp4 · 8 microbatches"}
   */
  public String describe() {
    return name
        + " · "
        + parallelism
        + " · "
        + microbatches
        + " microbatches"
        + (distributedOptimizer ? " · distributed optimizer" : "");
  }

  /**
   * @return the step every rank executes, as described above
   */
  public TrainingStep step() {
    TrainingStep.Builder builder = TrainingStep.builder(describe(), parallelism.ranks());
    for (int stage = 0; stage < parallelism.pipeline(); stage++) {
      for (int data = 0; data < parallelism.data(); data++) {
        for (int tensor = 0; tensor < parallelism.tensor(); tensor++) {
          new RankProgram(builder, tensor, data, stage).emit();
        }
      }
    }
    return builder.build();
  }

  /** One rank's operations in program order. */
  private final class RankProgram {
    private final TrainingStep.Builder builder;
    private final int tensor;
    private final int data;
    private final int stage;
    private final int rank;

    /** The last blocking operation and the transfers posted since, which the next one waits for. */
    private int last = -1;

    private final List<Integer> posted = new ArrayList<>();
    private final List<Integer> reductions = new ArrayList<>();

    RankProgram(TrainingStep.Builder builder, int tensor, int data, int stage) {
      this.builder = builder;
      this.tensor = tensor;
      this.data = data;
      this.stage = stage;
      this.rank = parallelism.rank(tensor, data, stage);
    }

    void emit() {
      int stages = parallelism.pipeline();
      int warmup = Math.min(stages - stage - 1, microbatches);
      List<Boolean> forwards = new ArrayList<>();
      for (int i = 0; i < warmup; i++) {
        forwards.add(true);
      }
      for (int i = warmup; i < microbatches; i++) {
        forwards.add(true);
        forwards.add(false);
      }
      for (int i = 0; i < warmup; i++) {
        forwards.add(false);
      }
      int backwards = 0;
      for (boolean isForward : forwards) {
        if (isForward) {
          if (stage > 0) {
            posted.add(
                builder.recv(rank, peer(stage - 1), activations, PIPELINE_ACTIVATIONS, last));
          }
          pass(forward, FORWARD, false);
          if (stage < stages - 1) {
            posted.add(
                builder.send(rank, peer(stage + 1), activations, PIPELINE_ACTIVATIONS, last));
          }
        } else {
          if (stage < stages - 1) {
            posted.add(builder.recv(rank, peer(stage + 1), activations, PIPELINE_GRADIENTS, last));
          }
          pass(backward, BACKWARD, ++backwards == microbatches);
          if (stage > 0) {
            posted.add(builder.send(rank, peer(stage - 1), activations, PIPELINE_GRADIENTS, last));
          }
        }
      }
      boolean expertReplicas = parallelism.data() / parallelism.expert() > 1;
      if (expertReplicas && expertGradients.bytes() > 0) {
        reductions.addAll(
            buckets(gradientSync(), expertGradients, expertDataGroup(), EXPERT_GRADIENTS, last));
      }
      List<Integer> before = new ArrayList<>(posted);
      before.addAll(reductions);
      before.add(last);
      int step =
          builder.compute(
              rank, optimizer, OPTIMIZER, before.stream().mapToInt(Integer::intValue).toArray());
      if (distributedOptimizer) {
        if (parallelism.data() > 1) {
          buckets(ALL_GATHER, gradients, dataGroup(), DATA_PARALLEL_PARAMETERS, step);
        }
        if (expertReplicas) {
          buckets(ALL_GATHER, expertGradients, expertDataGroup(), EXPERT_PARAMETERS, step);
        }
      }
    }

    /**
     * A forward or backward pass: with experts, two halves per expert layer each followed by an
     * all-to-all; on the last backward pass, a gradient bucket's all-reduce each time a bucket's
     * share of the pass is done.
     */
    private void pass(SimTime time, String label, boolean producesGradients) {
      int halves = expertLayers > 0 ? 2 * expertLayers : 1;
      long total = time.picos();
      long bucketBytes = bucket.bytes();
      int buckets =
          producesGradients && parallelism.data() > 1 && gradients.bytes() > 0
              ? (int) ((gradients.bytes() + bucketBytes - 1) / bucketBytes)
              : 0;
      long done = 0;
      int nextBucket = 0;
      for (int h = 0; h < halves; h++) {
        long end = share(total, halves, h + 1);
        while (nextBucket < buckets && bucketReady(total, buckets, nextBucket) <= end) {
          long ready = bucketReady(total, buckets, nextBucket);
          if (ready > done) {
            compute(ready - done, label);
            done = ready;
          }
          long size = Math.min(bucketBytes, gradients.bytes() - nextBucket * bucketBytes);
          reductions.add(
              builder.collective(
                  rank,
                  gradientSync(),
                  DataSize.bytes(size),
                  dataGroup(),
                  DATA_PARALLEL_GRADIENTS,
                  last));
          nextBucket++;
        }
        if (end > done) {
          compute(end - done, label);
          done = end;
        }
        if (expertLayers > 0) {
          last =
              builder.collective(
                  rank,
                  Workload.CollectiveOperation.ALL_TO_ALL,
                  expertTokens,
                  expertGroup(),
                  EXPERT_ALL_TO_ALL,
                  last);
        }
      }
    }

    private void compute(long picos, String label) {
      posted.add(last);
      last =
          builder.compute(
              rank,
              SimTime.picos(picos),
              label,
              posted.stream().mapToInt(Integer::intValue).toArray());
      posted.clear();
    }

    /**
     * A collective per bucket of {@code total} over {@code group}, each after {@code after}.
     *
     * @return their ids
     */
    private List<Integer> buckets(
        Workload.CollectiveOperation operation,
        DataSize total,
        List<Integer> group,
        String label,
        int after) {
      List<Integer> ids = new ArrayList<>();
      long bytes = total.bytes();
      long bucketBytes = bucket.bytes();
      for (long from = 0; from < bytes; from += bucketBytes) {
        ids.add(
            builder.collective(
                rank,
                operation,
                DataSize.bytes(Math.min(bucketBytes, bytes - from)),
                group,
                label,
                after));
      }
      return ids;
    }

    /** How gradients are synchronised: all-reduced, or reduce-scattered for a sharded optimizer. */
    private Workload.CollectiveOperation gradientSync() {
      return distributedOptimizer ? REDUCE_SCATTER : ALL_REDUCE;
    }

    private int peer(int otherStage) {
      return parallelism.rank(tensor, data, otherStage);
    }

    private List<Integer> dataGroup() {
      List<Integer> group = new ArrayList<>();
      for (int d = 0; d < parallelism.data(); d++) {
        group.add(parallelism.rank(tensor, d, stage));
      }
      return group;
    }

    private List<Integer> expertGroup() {
      List<Integer> group = new ArrayList<>();
      int first = data / parallelism.expert() * parallelism.expert();
      for (int d = first; d < first + parallelism.expert(); d++) {
        group.add(parallelism.rank(tensor, d, stage));
      }
      return group;
    }

    private List<Integer> expertDataGroup() {
      List<Integer> group = new ArrayList<>();
      for (int d = data % parallelism.expert(); d < parallelism.data(); d += parallelism.expert()) {
        group.add(parallelism.rank(tensor, d, stage));
      }
      return group;
    }
  }

  /** Part {@code i} of {@code total} cut into {@code parts}: where the {@code i}-th part ends. */
  private static long share(long total, int parts, int i) {
    return Math.round((double) total * i / parts);
  }

  /** When bucket {@code b} of {@code buckets} is ready within a pass of {@code total}. */
  private static long bucketReady(long total, int buckets, int b) {
    return share(total, buckets, b + 1);
  }
}
