package dev.rocelab.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A sweep derives each invocation's display name and parameters from its axes. */
class SweepAxesTest {

  private static final Axis<Integer> SENDERS =
      new Axis<>("senders", List.of(2, 4), n -> n + ":1", n -> n);
  private static final Axis<DataSize> MESSAGE =
      new Axis<>(
          "message", List.of(DataSize.kib(64), DataSize.mib(1)), Axis.spaced(" · ", ""), m -> m);

  @Test
  void visitsEveryCombinationFirstAxisOutermost() {
    List<ScenarioInvocation> invocations =
        Sweep.of(SENDERS, MESSAGE)
            .invocations("incast ", p -> incast(p.get(SENDERS), p.get(MESSAGE)));

    assertThat(invocations)
        .extracting(ScenarioInvocation::displayName)
        .containsExactly(
            "incast 2:1 · 64 KiB",
            "incast 2:1 · 1 MiB",
            "incast 4:1 · 64 KiB",
            "incast 4:1 · 1 MiB");
    assertThat(invocations.get(1).scenario()).isEqualTo(incast(2, DataSize.mib(1)));
  }

  @Test
  void reportsEachAxisAsAParameterInAxisOrder() {
    ScenarioInvocation first =
        Sweep.of(SENDERS, Axis.fixed("receiver", null), MESSAGE, Axis.fixed("type", "float"))
            .invocations("incast ", p -> incast(p.get(SENDERS), p.get(MESSAGE)))
            .get(0);

    assertThat(first.parameters())
        .containsExactly(
            entry("senders", "2"),
            entry("message", DataSize.kib(64).toString()),
            entry("type", "float"));
    assertThat(first.displayName()).isEqualTo("incast 2:1 · 64 KiB");
  }

  @Test
  void aMapParameterAddsItsEntries() {
    Axis<String> pair =
        new Axis<>("pair", List.of("ring/LL"), s -> s, s -> Map.of("algorithm", "ring"));

    assertThat(Sweep.of(pair).invocations("", p -> incast(2, DataSize.kib(1))).get(0).parameters())
        .containsExactly(entry("algorithm", "ring"));
  }

  @Test
  void anAxisSweepsAtLeastOneValueAndAPointAnswersOnlyForItsOwnAxes() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Axis<>("senders", List.of(), n -> "", n -> n))
        .withMessage("senders sweeps no value");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> Sweep.of(SENDERS).invocations("", p -> incast(p.get(SENDERS), p.get(MESSAGE))))
        .withMessage("not an axis of this sweep: message");
  }

  @Test
  void anAxisReadsItsValuesWithItsOwnName() {
    Axis<String> read = Axis.of("port", name -> List.of(name + "-value"), s -> s);

    assertThat(read.values()).containsExactly("port-value");
  }

  private static Scenario incast(int senders, DataSize message) {
    return Scenario.of(
        "incast",
        new Workload.Incast(senders, Optional.empty(), message, OptionalInt.empty(), SimTime.ZERO));
  }
}
