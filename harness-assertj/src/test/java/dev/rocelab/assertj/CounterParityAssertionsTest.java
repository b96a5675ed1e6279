package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.analysis.CounterParity;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.result.RunResult;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The two ends of a link count the same bytes: a host's NIC against its switch port. */
class CounterParityAssertionsTest {

  private static final Link LINK = Runs.TINY.links().get(0);

  @Test
  void bothEndsOfEveryMeasuredLinkCountTheSameBytes() {
    RunResult run = run(1_000_000, 1_000_000, 500_000, 500_000);

    Assertions.assertThat(CounterParity.of(run).directions())
        .extracting(CounterParity.Direction::sent, CounterParity.Direction::received)
        .containsExactly(
            Assertions.tuple(1_000_000L, 1_000_000L), Assertions.tuple(500_000L, 500_000L));
    assertThatCode(() -> assertThat(run).hasCounterParity(0.0)).doesNotThrowAnyException();
  }

  @Test
  void aDirectionWhoseEndsDisagreeIsNamed() {
    // the receiving end counted 2 % less than was sent on the link's first direction
    RunResult run = run(1_000_000, 980_000, 500_000, 500_000);

    Assertions.assertThat(CounterParity.of(run).apart(0.01))
        .extracting(CounterParity.Direction::describe)
        .containsExactly(LINK.a() + " → " + LINK.b());
    assertThatCode(() -> assertThat(run).hasCounterParity(0.02)).doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).hasCounterParity(0.01))
        .hasMessageStartingWith("counter parity")
        .hasMessageContaining("  where:      " + LINK.a() + " → " + LINK.b())
        .hasMessageContaining(
            "  actual:     1 of 2 apart; the most 1000000 B sent, 980000 B received (2%)");
  }

  @Test
  void aRunWithoutCountersAtBothEndsOfAnyLinkFails() {
    RunResult oneEnd =
        Runs.run().port(LINK.a().toString(), 3, p -> p.tx(1000, 1).rx(1000, 1)).build();

    Assertions.assertThat(CounterParity.of(oneEnd).directions()).isEmpty();
    assertThatThrownBy(() -> assertThat(oneEnd).hasCounterParity(0.01))
        .hasMessageContaining("  actual:     no link has counters at both ends");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CounterParity.of(oneEnd).apart(2))
        .withMessage("tolerance must be in [0, 1] but was 2.0");
  }

  /** The link's a end sent {@code aSent}, its b end received {@code bReceived}, and back. */
  private static RunResult run(long aSent, long bReceived, long bSent, long aReceived) {
    return Runs.run()
        .port(LINK.a().toString(), 3, p -> p.tx(aSent, 1).rx(aReceived, 1))
        .port(LINK.b().toString(), 3, p -> p.tx(bSent, 1).rx(bReceived, 1))
        .build();
  }
}
