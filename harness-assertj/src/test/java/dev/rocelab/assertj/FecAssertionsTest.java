package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.RunResult;
import org.junit.jupiter.api.Test;

class FecAssertionsTest {

  // 529 of 10,000 codewords of 5440 bits errored: 1 − (1 − 0.0529)^(1/5440) ≈ 1.0e-5
  private final RunResult run =
      Runs.run().fec(new FecStats(Endpoint.parse("leaf1:eth1"), 520, 9, 10_000, 5440)).build();

  @Test
  void passesOnTheCountersAndTheBerTheyReveal() {
    assertThatCode(
            () -> {
              assertThat(run).fec("leaf1:eth1").preFecBer().isBetween(0.99e-5, 1.01e-5);
              assertThat(run).fec("leaf1:eth1").correctedCodewords().isEqualTo(520L);
              assertThat(run).fec("leaf1:eth1").uncorrectableCodewords().isAtMost(9);
            })
        .doesNotThrowAnyException();
  }

  @Test
  void aFailureNamesThePortAndTheBer() {
    assertThatThrownBy(() -> assertThat(run).fec("leaf1:eth1").preFecBer().isLessThan(1e-6))
        .hasMessageContainingAll("pre-FEC bit-error rate", "port leaf1:eth1", "less than");
    assertThatThrownBy(() -> assertThat(run).fec("leaf1:eth1").uncorrectableCodewords().isZero())
        .hasMessageContainingAll("FEC uncorrectable codewords", "port leaf1:eth1", "9");
  }

  @Test
  void aPortWithoutFecCountersIsNotMeasuredNotClean() {
    assertThatThrownBy(() -> assertThat(run).fec("leaf1:eth2").uncorrectableCodewords().isZero())
        .hasMessageContainingAll("port leaf1:eth2", "not measured");
    RunResult uncounted =
        Runs.run().fec(new FecStats(Endpoint.parse("leaf1:eth1"), 0, 0, 0, 5440)).build();
    assertThatThrownBy(() -> assertThat(uncounted).fec("leaf1:eth1").preFecBer().isLessThan(1e-5))
        .hasMessageContaining("not measured");
  }
}
