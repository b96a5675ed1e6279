package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A spine resetting, and bit errors on a link, while a permutation runs on the reference fabric.
 */
class SwitchResetAndBitErrorTest {

  private static final FabricSpec REFERENCE =
      FabricFiles.load(Path.of("../fabrics/reference.yaml"));
  private static final Scenario PERMUTATION =
      Scenario.of(
              "permutation",
              new Workload.Permutation(DataSize.mib(4), 1, OptionalInt.empty(), SimTime.ZERO))
          .withDuration(SimTime.millis(80));

  /** A 4 MiB message is 1024 packets of the 4 KiB MTU: every data frame is 4096 + 62 bytes. */
  private static final long FULL_FRAME = 4096 + Framing.ROCE_HEADERS;

  @Test
  void aResettingSpineFlushesWhatItHeldAndEveryFlowStillCompletes() {
    RunResult run =
        ModelFixtures.run(
                REFERENCE, PERMUTATION.with(Fault.switchReset("spine2", "300us").at("30us")))
            .result();

    assertThat(run.flows()).allMatch(FlowResult::completed);
    long flushed =
        run.ports().stream()
            .filter(p -> p.port().device().equals("spine2"))
            .mapToLong(p -> p.drops().getOrDefault(DropReason.SWITCH_RESET, 0L))
            .sum();
    assertThat(flushed).as("frames queued in spine2 when it reset").isPositive();
    long flushedBytes =
        run.ports().stream()
            .filter(p -> p.port().device().equals("spine2"))
            .mapToLong(
                p -> p.droppedBytes().orElseThrow().getOrDefault(DropReason.SWITCH_RESET, 0L))
            .sum();
    // full data frames (priority 3 carries nothing else), and never more than spine2's 160 MiB
    // buffer holds
    assertThat(flushedBytes)
        .isEqualTo(flushed * FULL_FRAME)
        .isLessThanOrEqualTo(DataSize.mib(160).bytes());
    assertThat(run.droppedBytes(3)).contains(DataSize.bytes(run.drops(3) * FULL_FRAME));
    assertThat(run.ports())
        .allSatisfy(
            p ->
                assertThat(p.drops().keySet())
                    .isSubsetOf(DropReason.SWITCH_RESET, DropReason.LINK_DOWN));
    assertThat(run.ports())
        .filteredOn(p -> !p.port().device().equals("spine2"))
        .allSatisfy(p -> assertThat(p.drops()).doesNotContainKey(DropReason.SWITCH_RESET));
    assertThat(run.events())
        .extracting(FabricEvent::kind, e -> e.time())
        .contains(
            org.assertj.core.groups.Tuple.tuple(FabricEvent.Kind.FAULT, SimTime.micros(30)),
            org.assertj.core.groups.Tuple.tuple(FabricEvent.Kind.RECOVERY, SimTime.micros(330)));
    // while it reboots, spine2 sends nothing
    RunResult during =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION
                    .withDuration(SimTime.micros(300))
                    .with(Fault.switchReset("spine2", "300us").at("30us")))
            .result();
    RunResult atReset =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION
                    .withDuration(SimTime.micros(30))
                    .with(Fault.switchReset("spine2", "300us").at("30us")))
            .result();
    assertThat(sentBy(during, "spine2")).isEqualTo(sentBy(atReset, "spine2"));
  }

  @Test
  void bitErrorsDropFramesAtTheReceiverAndGoBackNRecoversThem() {
    double ber = 1e-6;
    RunResult run =
        ModelFixtures.run(REFERENCE, PERMUTATION.with(Fault.bitErrors("leaf1:eth9", ber).at("0ps")))
            .result();

    assertThat(run.flows()).allMatch(FlowResult::completed);
    PortStats leafSide = stats(run, "leaf1:eth9");
    PortStats spineSide = stats(run, "spine1:eth1");
    long crcAtSpine = spineSide.drops().getOrDefault(DropReason.CRC_ERROR, 0L);
    assertThat(crcAtSpine).isPositive();
    // a frame of n bits fails with 1 − (1 − BER)^n: between a minimum frame's and a full 4 KiB
    // one's
    double smallest = 1 - Math.pow(1 - ber, 8 * 84);
    double largest = 1 - Math.pow(1 - ber, 8 * (4096 + 62 + 20));
    double ratio = (double) crcAtSpine / leafSide.txPackets();
    assertThat(ratio).isBetween(smallest, largest);
    // each corrupted frame is lost whole: between a minimum frame and a full one, and here, on data
    // priority 3, always a full one
    long crcBytes = spineSide.droppedBytes().orElseThrow().getOrDefault(DropReason.CRC_ERROR, 0L);
    assertThat(crcBytes)
        .isBetween(crcAtSpine * Framing.MIN_FRAME, crcAtSpine * FULL_FRAME)
        .isEqualTo(crcAtSpine * FULL_FRAME);
    assertThat(run.droppedBytes(3)).contains(DataSize.bytes(run.drops(3) * FULL_FRAME));
    assertThat(run.ports())
        .allSatisfy(p -> assertThat(p.drops().keySet()).isSubsetOf(DropReason.CRC_ERROR));
    assertThat(run.flows().stream().mapToLong(FlowResult::retransmissions).sum()).isPositive();
  }

  private static long sentBy(RunResult run, String device) {
    return run.ports().stream()
        .filter(p -> p.port().device().equals(device))
        .mapToLong(PortStats::txPackets)
        .sum();
  }

  private static PortStats stats(RunResult run, String port) {
    return run.port(port).stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
  }
}
