package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.analysis.CounterParity;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The model counts a link's bytes at both ends alike: after a completed incast every host link and
 * fabric link direction agrees exactly; bytes an optic corrupts on the wire are counted out and not
 * in, so parity finds the failing link.
 */
class CounterParityTest {

  @Test
  void afterACompletedRunBothEndsOfEveryLinkCountTheSameBytes() {
    RunResult run =
        ModelFixtures.run(
                ModelFixtures.reference(),
                Scenario.incast().senders(16).message("4MiB").dscp(26).build())
            .result();

    CounterParity parity = CounterParity.of(run);
    assertThat(parity.directions())
        .as("every link direction the incast used")
        .hasSizeGreaterThan(32);
    assertThat(parity.directions()).anySatisfy(d -> assertThat(d.sent()).isPositive());
    assertThat(parity.apart(0.0)).isEmpty();
  }

  @Test
  void bytesLostOnTheWireShowAsAGapOnThatLinkOnly() {
    RunResult run =
        ModelFixtures.run(
                ModelFixtures.reference(),
                Scenario.permutation()
                    .flowSize("4MiB")
                    .with(Fault.bitErrors("leaf1:eth9", 1e-5).at("10us"))
                    .build())
            .result();

    assertThat(CounterParity.of(run).apart(0.0))
        .extracting(CounterParity.Direction::describe)
        .isNotEmpty()
        .allSatisfy(d -> assertThat(d).contains("leaf1:eth9"));
  }
}
