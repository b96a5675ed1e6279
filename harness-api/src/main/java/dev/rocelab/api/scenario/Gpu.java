package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * What a GPU computes per second, for deriving a training job's compute times from a model's shape
 * ({@link ModelShape#job}).
 *
 * @param name e.g. {@code "H100 SXM"}
 * @param peakTflops dense BF16 tensor throughput in TFLOP/s
 * @param efficiency the share of the peak the training's compute kernels achieve, in (0, 1]
 * @param memoryBandwidth HBM bandwidth (the optimizer is bound by it)
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record Gpu(String name, double peakTflops, double efficiency, Rate memoryBandwidth) {

  /** NVIDIA H100 SXM: 989 dense BF16 TFLOP/s, 3.35 TB/s HBM3, kernels at half the peak. */
  public static final Gpu H100_SXM = new Gpu("H100 SXM", 989, 0.5, Rate.gbps(26_800));

  /** NVIDIA H200: H100's compute, 4.8 TB/s HBM3e, kernels at half the peak. */
  public static final Gpu H200 = new Gpu("H200", 989, 0.5, Rate.gbps(38_400));

  /** Validates the fields. */
  public Gpu {
    Checks.name(name, "name");
    if (!(peakTflops > 0) || Double.isInfinite(peakTflops)) {
      throw new IllegalArgumentException("peakTflops must be > 0 but was " + peakTflops);
    }
    if (!(efficiency > 0 && efficiency <= 1)) {
      throw new IllegalArgumentException("efficiency must be in (0, 1] but was " + efficiency);
    }
    Checks.positive(memoryBandwidth, "memoryBandwidth");
  }

  /**
   * @return the FLOP per second its kernels achieve
   */
  public double achievedFlopsPerSecond() {
    return peakTflops * 1e12 * efficiency;
  }
}
