package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * NICs behind a host interface (PCIe) slower than their 100G line, on the star's hosts: 60 Gb/s of
 * data per direction. A sender fetches no faster than the interface carries; a receiver that gets
 * more than it can write to host memory fills its receive buffer and pauses the switch, which then
 * holds the senders back with its own pauses — lossless, at the interface's pace.
 */
class HostInterfaceTest {

  private static final double PCIE_BPS = 60e9;
  private static final int MTU = 1024;

  private static final FabricSpec LIMITED =
      ModelFixtures.fabric(
          "star100g",
          "    nicProfile: pfc-only\n",
          "    nicProfile: pfc-only\n    pcieBandwidth: 60Gbps\n");
  private static final FabricSpec UNLIMITED = ModelFixtures.fabric("star100g");

  private static Workload flow(String source, int dscp) {
    return Scenario.flow(source + ":nic0", "host1:nic0").message("16MiB").dscp(dscp).workload();
  }

  private static Scenario incast(int dscp) {
    return Scenario.of("2:1 incast", flow("host2", dscp), flow("host3", dscp));
  }

  /** Data bits per second from the first start to the last completion. */
  private static double goodput(RunResult run) {
    long bytes = 0;
    long end = 0;
    for (FlowResult f : run.flows()) {
      bytes += f.delivered().bytes();
      end = Math.max(end, f.completion().orElseThrow().picos());
    }
    return bytes * 8e12 / end;
  }

  private static PortStats stats(RunResult run, String port, int priority) {
    return run.ports().stream()
        .filter(p -> p.port().toString().equals(port) && p.priority() == priority)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aSenderMovesDataNoFasterThanItsHostInterface() {
    Scenario one = Scenario.of("one flow", flow("host2", 26));

    double limited = goodput(ModelFixtures.run(LIMITED, one).result());
    double unlimited = goodput(ModelFixtures.run(UNLIMITED, one).result());

    assertThat(limited).as("data rate behind 60 Gb/s PCIe").isCloseTo(PCIE_BPS, within(6e8));
    assertThat(unlimited)
        .as("data rate of a 100G line carrying 1 KiB payloads")
        .isCloseTo(100e9 * MTU / Framing.wireBytes(MTU), within(1e9));
  }

  @Test
  void aReceiverThatCannotKeepUpPausesTheSwitchAndLosesNothing() {
    RunResult limited = ModelFixtures.run(LIMITED, incast(26)).result();
    RunResult unlimited = ModelFixtures.run(UNLIMITED, incast(26)).result();

    assertThat(goodput(limited))
        .as("two senders into one receiver behind 60 Gb/s PCIe")
        .isCloseTo(PCIE_BPS, within(1.2e9));
    assertThat(limited.losslessDrops()).isZero();
    assertThat(stats(limited, "host1:nic0", 3).pausesSent())
        .as("pauses the receiving NIC sends its switch")
        .isPositive();
    Endpoint receiver = Endpoint.parse("host1:nic0");
    String towardsReceiver =
        FabricGraph.of(LIMITED).linkAt(receiver).orElseThrow().peerOf(receiver).toString();
    assertThat(stats(limited, towardsReceiver, 3).pausedTime())
        .as("time the switch port towards the receiver was paused")
        .isGreaterThan(SimTime.ZERO);
    assertThat(stats(unlimited, "host1:nic0", 3).pausesSent())
        .as("a receiver that keeps up with its line pauses nobody")
        .isZero();
  }

  @Test
  void withoutPfcAReceiverThatCannotKeepUpDropsWhatOverflowsItsBuffer() {
    RunResult lossy =
        ModelFixtures.run(LIMITED, incast(0).withDuration(SimTime.millis(2))).result();

    PortStats receiver = stats(lossy, "host1:nic0", 0);
    assertThat(receiver.pausesSent()).as("no PFC on priority 0").isZero();
    assertThat(receiver.drops()).containsKey(DropReason.BUFFER_OVERFLOW);
    assertThat(receiver.drops()).doesNotContainKey(DropReason.LOSSLESS_HEADROOM_EXCEEDED);
  }

  @Test
  void framesWaitingForTheHostInterfaceAreInFlight() {
    SteppedNetwork network = new SteppedNetwork(LIMITED, incast(26));
    NicNode receiver = network.nic("host1:nic0");

    network.runUntil(1_000_000_000L); // 1 ms: the receive buffer is well into its pause cycle

    assertThat(receiver.bufferedPayload()).as("payload waiting in the receive buffer").isPositive();
    network.assertConserved();
  }

  @Test
  void theSameRunTwiceIsTheSameRun() {
    RunResult first = ModelFixtures.run(LIMITED, incast(26)).result();
    RunResult second = ModelFixtures.run(LIMITED, incast(26)).result();

    assertThat(second.flows()).isEqualTo(first.flows());
    assertThat(second.ports()).isEqualTo(first.ports());
  }

  /**
   * A 16-rank ring all-reduce over two reference hosts whose 400G NICs sit behind 200 Gb/s of PCIe:
   * the flow level bounds it by the interfaces (200 Gb/s of data against the line's 4096 of every
   * 4178 wire bytes), and the packet model, DCQCN off, reaches that bound through the receivers'
   * pauses.
   */
  @Test
  void aCollectiveRunsAtItsHostInterfacesPace() {
    CollectiveBuilder allReduce =
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .algorithm(Algorithm.RING)
            .size("64MiB")
            .ranks(16);
    String pcie = "    nvlinkLatency: 1us\n";
    String slowPcie = pcie + "    pcieBandwidth: 200Gbps\n";
    String[] noCc = {"    dcqcn:\n      enabled: true", "    dcqcn:\n      enabled: false"};
    double healthy = busbw(ModelFixtures.reference(), allReduce.fidelity(Fidelity.FLOW).build());
    double bound =
        busbw(ModelFixtures.reference(pcie, slowPcie), allReduce.fidelity(Fidelity.FLOW).build());
    double packets =
        busbw(
            ModelFixtures.reference(pcie, slowPcie, noCc[0], noCc[1]),
            allReduce.fidelity(Fidelity.PACKET).build());

    double share = 200e9 / (400e9 * 4096 / Framing.wireBytes(4096));
    assertThat(bound / healthy)
        .as("flow-level busbw behind 200 Gb/s PCIe over healthy %.1f GB/s", healthy)
        .isCloseTo(share, within(0.02));
    assertThat(packets)
        .as("packet-level busbw, DCQCN off, against the flow level's %.1f GB/s", bound)
        .isCloseTo(bound, withinPercentage(5));
  }

  private static double busbw(FabricSpec fabric, Scenario scenario) {
    return ModelFixtures.run(fabric, scenario)
        .result()
        .collectives()
        .get(0)
        .largest()
        .outOfPlace()
        .busGigabytesPerSecond();
  }
}
