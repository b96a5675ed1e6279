package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.RunResult;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Failures are opentest4j's, with the expectation and the measurement apart, so IDEs show a diff.
 */
class AssertionFailureTest {

  private final RunResult run =
      Runs.run().latency(3, 1000, "2us", "3us", "9us", "12us", "15us").build();

  @Test
  void aFailureCarriesExpectedAndActual() {
    assertThatThrownBy(() -> assertThat(run).latency(3).p99().isLessThan("5us"))
        .isInstanceOfSatisfying(
            AssertionFailedError.class,
            failure -> {
              org.assertj.core.api.Assertions.assertThat(
                      failure.getExpected().getStringRepresentation())
                  .isEqualTo("less than 5us");
              org.assertj.core.api.Assertions.assertThat(
                      failure.getActual().getStringRepresentation())
                  .isEqualTo("9us");
            });
  }

  @Test
  void everyQuantityTakesItsBoundAsText() {
    assertThatThrownBy(() -> assertThat(run).latency(3).p99().isBetween("1us", "8us"))
        .hasMessageContaining("expected:   between 1us and 8us");
    assertThatThrownBy(() -> assertThat(run).latency(3).p99().isAtMost("fast"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
