package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.unit.DataSize;
import org.junit.jupiter.api.Test;

class ModelShapeTest {

  @Test
  void presetsHaveTheirModelsParameterCounts() {
    // published totals include the input embedding and the output layer (vocab × hidden each):
    // Llama 3 8B 8.03 B with a 128,256-token vocabulary, 70B 70.6 B, Mixtral 8x7B 46.7 B with
    // 32,000
    assertThat(ModelShape.LLAMA3_8B.parameters() + 2L * 128_256 * 4096)
        .isCloseTo(8_030_000_000L, within(10_000_000L));
    assertThat(ModelShape.LLAMA3_70B.parameters() + 2L * 128_256 * 8192)
        .isCloseTo(70_550_000_000L, within(50_000_000L));
    assertThat(ModelShape.MIXTRAL_8X7B.parameters() + 2L * 32_000 * 4096)
        .isCloseTo(46_700_000_000L, within(50_000_000L));
  }

  @Test
  void aJobIsDerivedFromTheShapeAndTheGpu() {
    TrainingJob job = ModelShape.LLAMA3_8B.job(Parallelism.of(8, 1, 8), 4, 1, 8192, Gpu.H100_SXM);

    // forward: 32 layers × 8192 tokens × (2 × 218.1 M weights + 2 × 8192 × 4096) FLOP / 8 ranks
    // at 494.5 TFLOP/s = 33.35 ms; backward twice that
    assertThat(job.forward().toMicros()).isCloseTo(33_350, within(10.0));
    assertThat(job.backward()).isEqualTo(job.forward().times(2));
    // gradients: 32 × 218.1 M weights / 8 ranks in BF16
    assertThat(job.gradients()).isEqualTo(DataSize.bytes(32L * 218_103_808 / 8 * 2));
    // activations: 8192 tokens × 4096 BF16 values split over 8 ranks
    assertThat(job.activations()).isEqualTo(DataSize.mib(8));
    // Megatron's bucket: max(40 M, 1 M × dp) parameters
    assertThat(job.bucket()).isEqualTo(DataSize.bytes(80_000_000));
    assertThat(job.expertLayers()).isZero();
  }

  @Test
  void aMixtureOfExpertsJobExchangesTokens() {
    TrainingJob job =
        ModelShape.MIXTRAL_8X7B.job(new Parallelism(1, 4, 8, 8), 8, 1, 4096, Gpu.H100_SXM);

    assertThat(job.expertLayers()).isEqualTo(8);
    // each all-to-all: 4096 tokens × top-2 × 4096 BF16 values
    assertThat(job.expertTokens()).isEqualTo(DataSize.mib(64));
    // one expert per rank over 8 layers, reduced over dp / ep = 1: nothing to reduce but kept
    assertThat(job.expertGradients()).isEqualTo(DataSize.bytes(8L * 3 * 4096 * 14336 * 2));
  }

  @Test
  void aShapeMustSplitAsAsked() {
    assertThatThrownBy(
            () -> ModelShape.LLAMA3_8B.job(Parallelism.of(8, 3, 1), 1, 1, 1024, Gpu.H100_SXM))
        .hasMessage("llama3-8b's 32 layers do not split into 3 stages");
    assertThatThrownBy(
            () -> ModelShape.MIXTRAL_8X7B.job(Parallelism.of(8, 1, 4), 1, 1, 1024, Gpu.H100_SXM))
        .hasMessage("mixtral-8x7b has 8 experts; give it expert parallelism >= 2");
  }
}
