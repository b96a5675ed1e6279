package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.FabricSoftAssertions;
import dev.rocelab.assertj.FabricSoftAssertionsProvider;
import dev.rocelab.assertj.Runs;
import org.assertj.core.api.SoftAssertionsProvider;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

class SoftAssertionsTest {

  private final RunResult run =
      Runs.run()
          .port("leaf1:eth1", 3, p -> p.drops(DropReason.LOSSLESS_HEADROOM_EXCEEDED, 120))
          .drop("1.5us", "leaf1:eth1", 3, DropReason.LOSSLESS_HEADROOM_EXCEEDED, "f3", true)
          .latency(3, 1000, "4us", "9us", "112.5us", "150us", "201us")
          .build();

  @Test
  void everyFailedCriterionIsCollectedIncludingThoseReachedByNavigation() {
    FabricSoftAssertions softly = new FabricSoftAssertions();

    softly.assertThat(run).isLossless();
    softly.assertThat(run).latency(5).p99().isLessThan("1us");
    softly.assertThat(run).latency(3).p99().isLessThan("80us").isAtMost("81us");
    softly.assertThat(run).latency(3).p50().isLessThan("80us");
    softly.assertThat(run).port("leaf1:eth1").throughput().fractionOfLineRate().isAtLeast(0.5);

    assertThat(softly.errorsCollected())
        .extracting(Throwable::getMessage)
        .extracting(m -> m.lines().findFirst().get())
        .containsExactly(
            "lossless traffic",
            "latency of priority 5",
            "p99 latency",
            "p99 latency",
            "throughput as a fraction of line rate");
    assertThatThrownBy(softly::assertAll)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Multiple Failures (5 failures)")
        .hasMessageContaining("  actual:     112.5us");
  }

  @Test
  void assertSoftlyFailsOnceWithEveryFailure() {
    assertThatThrownBy(
            () ->
                FabricSoftAssertions.assertSoftly(
                    softly -> {
                      softly.assertThat(run).hasNoDrops();
                      softly.assertThat(run).latency(3).max().isLessThan("200us");
                    }))
        .hasMessageContaining("Multiple Failures (2 failures)")
        .hasMessageContaining("drops\n")
        .hasMessageContaining("max latency\n");
  }

  @Test
  void passingCriteriaCollectNothing() {
    FabricSoftAssertions softly = new FabricSoftAssertions();

    softly.assertThat(run).latency(3).p99().isLessThan("120us");
    softly.assertThat(run).pfc().pauseFrames().isZero();

    assertThat(softly.errorsCollected()).isEmpty();
    softly.assertAll();
  }

  @Test
  void anySoftAssertionsProviderCanMixInTheFabricCriteria() {
    class MySoftAssertions extends org.assertj.core.api.SoftAssertions
        implements FabricSoftAssertionsProvider {}
    MySoftAssertions softly = new MySoftAssertions();

    softly.assertThat("text").isEqualTo("other");
    softly.assertThat(run).isLossless();

    assertThat(softly.errorsCollected()).hasSize(2);
    assertThat((SoftAssertionsProvider) softly).isInstanceOf(FabricSoftAssertionsProvider.class);
  }

  @Test
  void worksWithAssertjsSoftAssertionsExtension() {
    Engine.run(InjectedTestCase.class).testEvents().assertStatistics(s -> s.started(1).failed(1));
  }

  @ExtendWith(SoftAssertionsExtension.class)
  static class InjectedTestCase {

    @InjectSoftAssertions FabricSoftAssertions softly;

    @Test
    void collects() {
      softly
          .assertThat(
              Runs.run().port("leaf1:eth1", 3, p -> p.drops(DropReason.BUFFER_OVERFLOW, 1)).build())
          .hasNoDrops();
      softly.assertThat(Runs.run().build()).latency(3);
    }
  }
}
