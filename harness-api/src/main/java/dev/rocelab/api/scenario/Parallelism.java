package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How a training job splits its model and data over GPUs, as Megatron-LM does: {@code tensor ×
 * pipeline × data} ranks, tensor-parallel ranks adjacent (rank {@code r} = {@code t + T·(d + D·p)}
 * for tensor index {@code t}, data index {@code d}, pipeline stage {@code p}), so a tensor-parallel
 * group fills consecutive GPUs of a host and a pipeline stage consecutive hosts. Expert parallelism
 * (mixture-of-experts) splits each data-parallel group into groups of {@code expert} ranks that
 * exchange tokens with all-to-all.
 *
 * @param tensor tensor-parallel size, &ge; 1
 * @param pipeline pipeline-parallel size (stages), &ge; 1
 * @param data data-parallel size, &ge; 1
 * @param expert expert-parallel size, &ge; 1, dividing {@code data}
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record Parallelism(int tensor, int pipeline, int data, int expert) {

  /** Validates the sizes. */
  public Parallelism {
    Checks.positive(tensor, "tensor");
    Checks.positive(pipeline, "pipeline");
    Checks.positive(data, "data");
    Checks.positive(expert, "expert");
    if (data % expert != 0) {
      throw new IllegalArgumentException(
          "expert parallelism " + expert + " must divide data parallelism " + data);
    }
  }

  /**
   * A dense model's parallelism (no expert parallelism).
   *
   * @param tensor tensor-parallel size
   * @param pipeline pipeline stages
   * @param data data-parallel size
   * @return the parallelism
   */
  public static Parallelism of(int tensor, int pipeline, int data) {
    return new Parallelism(tensor, pipeline, data, 1);
  }

  /**
   * @return the ranks (GPUs) the job needs: tensor × pipeline × data
   */
  public int ranks() {
    return Math.multiplyExact(Math.multiplyExact(tensor, pipeline), data);
  }

  /**
   * @param tensorIndex 0..tensor−1
   * @param dataIndex 0..data−1
   * @param stage 0..pipeline−1
   * @return the rank
   */
  public int rank(int tensorIndex, int dataIndex, int stage) {
    return tensorIndex + tensor * (dataIndex + data * stage);
  }

  @Override
  public String toString() {
    return "tp" + tensor + " pp" + pipeline + " dp" + data + (expert > 1 ? " ep" + expert : "");
  }
}
