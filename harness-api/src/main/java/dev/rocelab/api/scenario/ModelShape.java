package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A transformer's shape — enough to derive a training job's compute times and message sizes ({@link
 * #job}). Presets follow the models' published configurations.
 *
 * @param name e.g. {@code "llama3-8b"}
 * @param layers transformer layers
 * @param hidden hidden size
 * @param ffnHidden the feed-forward (SwiGLU) inner size, per expert
 * @param heads attention heads
 * @param kvHeads key/value heads (grouped-query attention)
 * @param experts experts per layer, 1 for a dense model
 * @param topK experts each token goes to, 1 for a dense model
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record ModelShape(
    String name,
    int layers,
    int hidden,
    int ffnHidden,
    int heads,
    int kvHeads,
    int experts,
    int topK) {

  /** Meta Llama 3 8B: 32 layers, hidden 4096, FFN 14336, 32 heads, 8 KV heads. */
  public static final ModelShape LLAMA3_8B =
      new ModelShape("llama3-8b", 32, 4096, 14336, 32, 8, 1, 1);

  /** Meta Llama 3 70B: 80 layers, hidden 8192, FFN 28672, 64 heads, 8 KV heads. */
  public static final ModelShape LLAMA3_70B =
      new ModelShape("llama3-70b", 80, 8192, 28672, 64, 8, 1, 1);

  /** Mistral Mixtral 8x7B: 32 layers, hidden 4096, FFN 14336, 8 experts, top-2, 8 KV heads. */
  public static final ModelShape MIXTRAL_8X7B =
      new ModelShape("mixtral-8x7b", 32, 4096, 14336, 32, 8, 8, 2);

  /** Bytes of a BF16 value: activations, gradients and tokens move as BF16. */
  private static final int BF16 = 2;

  /**
   * Bytes the optimizer moves per parameter it updates: Adam reads and writes the FP32 master
   * weight and both moments (24), reads the BF16 gradient and writes the BF16 weight (4).
   */
  private static final int OPTIMIZER_BYTES_PER_PARAMETER = 28;

  /** Validates the fields. */
  public ModelShape {
    Checks.name(name, "name");
    Checks.positive(layers, "layers");
    Checks.positive(hidden, "hidden");
    Checks.positive(ffnHidden, "ffnHidden");
    Checks.positive(heads, "heads");
    Checks.positive(kvHeads, "kvHeads");
    Checks.positive(experts, "experts");
    Checks.positive(topK, "topK");
    if (hidden % heads != 0 || heads % kvHeads != 0) {
      throw new IllegalArgumentException(
          "heads must divide hidden and kvHeads heads: " + hidden + ", " + heads + ", " + kvHeads);
    }
    if (topK > experts) {
      throw new IllegalArgumentException("topK " + topK + " exceeds experts " + experts);
    }
  }

  /**
   * @return one layer's attention weights: query and output {@code h×h} each, key and value {@code
   *     h×(h·kvHeads/heads)} each
   */
  public long attentionParameters() {
    long h = hidden;
    return 2 * h * h + 2 * h * (h / heads * kvHeads);
  }

  /**
   * @return one expert's (or a dense layer's) SwiGLU weights: three {@code h×ffn} matrices
   */
  public long expertParameters() {
    return 3L * hidden * ffnHidden;
  }

  /**
   * @return the transformer layers' weights (embeddings and output layer left out)
   */
  public long parameters() {
    return layers * (attentionParameters() + experts * expertParameters());
  }

  /**
   * The job of training this model, its numbers derived per GPU: forward FLOPs per token and layer
   * {@code 2·(attention + topK·expert weights) + 2·sequence·hidden} (causal attention), divided
   * over tensor-parallel ranks, at the GPU's achieved throughput; backward twice the forward;
   * activations between stages {@code tokens·hidden} BF16 values split over tensor-parallel ranks
   * (Megatron's scatter/gather); gradients BF16, dense weights reduced over the data-parallel
   * group, experts' over the expert-data-parallel group; each expert all-to-all moves {@code
   * tokens·topK·hidden} BF16 values split over tensor-parallel ranks; the optimizer Adam at the
   * GPU's memory bandwidth. Embeddings and the output layer are left out.
   *
   * @param parallelism how the job is split; the pipeline must divide the layers, the expert
   *     parallelism the experts
   * @param microbatches microbatches per step per data-parallel replica
   * @param microbatchSize sequences per microbatch
   * @param sequenceLength tokens per sequence
   * @param gpu the GPU
   * @return the job
   */
  public TrainingJob job(
      Parallelism parallelism, int microbatches, int microbatchSize, int sequenceLength, Gpu gpu) {
    Checks.positive(microbatchSize, "microbatchSize");
    Checks.positive(sequenceLength, "sequenceLength");
    if (layers % parallelism.pipeline() != 0) {
      throw new IllegalArgumentException(
          name
              + "'s "
              + layers
              + " layers do not split into "
              + parallelism.pipeline()
              + " stages");
    }
    if (experts % parallelism.expert() != 0) {
      throw new IllegalArgumentException(
          name + "'s " + experts + " experts do not split over " + parallelism.expert() + " ranks");
    }
    if (experts > 1 && parallelism.expert() < 2) {
      throw new IllegalArgumentException(
          name + " has " + experts + " experts; give it expert parallelism >= 2");
    }
    int tensor = parallelism.tensor();
    int stageLayers = layers / parallelism.pipeline();
    double tokens = (double) microbatchSize * sequenceLength;
    double flopsPerTokenLayer =
        2.0 * (attentionParameters() + (double) topK * expertParameters())
            + 2.0 * sequenceLength * hidden;
    double forwardSeconds =
        stageLayers * tokens * flopsPerTokenLayer / tensor / gpu.achievedFlopsPerSecond();
    long forwardPs = Math.max(1, Math.round(forwardSeconds * 1e12));
    long denseWeights =
        stageLayers * (attentionParameters() + (experts == 1 ? expertParameters() : 0)) / tensor;
    long expertWeights =
        experts == 1
            ? 0
            : stageLayers * (experts / parallelism.expert()) * expertParameters() / tensor;
    double optimizerSeconds =
        (double) (denseWeights + expertWeights)
            * OPTIMIZER_BYTES_PER_PARAMETER
            / gpu.memoryBandwidth().bytesPerSecond();
    TrainingJob job =
        new TrainingJob(
            name,
            parallelism,
            microbatches,
            SimTime.picos(forwardPs),
            SimTime.picos(2 * forwardPs),
            DataSize.bytes(Math.round(tokens * hidden * BF16 / tensor)),
            DataSize.bytes(denseWeights * BF16),
            DataSize.bytes(expertWeights * BF16),
            DataSize.bytes(Math.max(40_000_000L, 1_000_000L * parallelism.data()) * BF16),
            experts == 1 ? 0 : stageLayers,
            experts == 1
                ? DataSize.ZERO
                : DataSize.bytes(Math.round(tokens * topK * hidden * BF16 / tensor)),
            SimTime.picos(Math.round(optimizerSeconds * 1e12)),
            false);
    return job;
  }
}
