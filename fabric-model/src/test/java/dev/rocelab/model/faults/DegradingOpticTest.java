package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A degrading optic on a leaf uplink of the reference fabric under a permutation: while FEC can
 * correct, the errors show only in its corrected-codeword counter — the early warning; as the
 * pre-FEC bit-error rate climbs, codewords beyond correction drop frames (CRC errors go-back-N
 * resends); at the end the link goes down and routes move around it.
 */
class DegradingOpticTest {

  private static final FabricSpec REFERENCE = ModelFixtures.reference();

  private static final Scenario PERMUTATION =
      Scenario.of(
              "permutation",
              new Workload.Permutation(DataSize.mib(4), 1, OptionalInt.empty(), SimTime.ZERO))
          .withDuration(SimTime.millis(80));

  /** Long enough (about 1.4 ms at 400G) to be running when the optic fails. */
  private static final Scenario LONG_PERMUTATION =
      Scenario.of(
              "long permutation",
              new Workload.Permutation(DataSize.mib(64), 1, OptionalInt.empty(), SimTime.ZERO))
          .withDuration(SimTime.millis(200));

  private static final Endpoint UPLINK = Endpoint.parse("leaf1:eth9");
  private static final Endpoint SPINE_SIDE = Endpoint.parse("spine1:eth1");

  private static long crcDrops(RunResult run) {
    return run.ports().stream()
        .mapToLong(p -> p.drops().getOrDefault(DropReason.CRC_ERROR, 0L))
        .sum();
  }

  private static FecStats fecAt(RunResult run, Endpoint port) {
    return run.fec().stream().filter(f -> f.port().equals(port)).findFirst().orElseThrow();
  }

  @Test
  void whileFecCorrectsOnlyItsCounterSeesTheDegradation() {
    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION.with(
                    Fault.degradingOptic(UPLINK.toString(), 1e-7, 1e-5, "100ms").at("0ps")))
            .result();

    assertThat(run.flows()).allMatch(FlowResult::completed);
    assertThat(crcDrops(run)).isZero();
    FecStats spine = fecAt(run, SPINE_SIDE);
    assertThat(spine.correctedCodewords()).as("codewords FEC corrected at the spine").isPositive();
    assertThat(spine.uncorrectableCodewords()).isZero();
    long frames = run.port(UPLINK.toString()).stream().mapToLong(PortStats::txPackets).sum();
    // at most the last BER step's share of errored codewords: 1 − (1 − 1e-5)^5440 per codeword
    double mostErrored = 1 - Math.pow(1 - 1e-5, 5440);
    assertThat((double) spine.correctedCodewords())
        .isLessThan(mostErrored * 7 * frames)
        .isGreaterThan(0);
    assertThat(run.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.FAULT)
        .singleElement()
        .satisfies(e -> assertThat(e.detail()).startsWith("optic of link "));
  }

  @Test
  void thePreFecBerTheCountersRevealIsTheOpticsWhateverTheLoad() {
    // an optic stuck at 1e-5: a codeword of 5440 bits arrives errored with p = 1 − (1 − 1e-5)^5440
    Fault.DegradingOptic optic = Fault.degradingOptic(UPLINK.toString(), 1e-5, 1e-5, "100ms");
    FecStats busy =
        fecAt(ModelFixtures.run(REFERENCE, LONG_PERMUTATION.with(optic)).result(), SPINE_SIDE);
    FecStats light =
        fecAt(ModelFixtures.run(REFERENCE, PERMUTATION.with(optic)).result(), SPINE_SIDE);

    assertThat(busy.codewordBits()).isEqualTo(5440);
    assertThat(busy.correctedCodewords())
        .as("corrected codewords grow with the traffic")
        .isGreaterThan(8 * light.correctedCodewords());
    // within three standard errors of the estimate, √((1 − p) / (p · codewords)): about 1.3 % of
    // 1e-5 over the busy link's 110 k codewords, 4.4 % over the light one's 7 k
    assertThat(busy.preFecBer()).as("%s", busy).hasValueCloseTo(1e-5, withinPercentage(4));
    assertThat(light.preFecBer()).as("%s", light).hasValueCloseTo(1e-5, withinPercentage(14));
  }

  @Test
  void beyondWhatFecCorrectsFramesAreLostAndAtTheEndTheLinkFails() {
    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                LONG_PERMUTATION.with(
                    Fault.degradingOptic(UPLINK.toString(), 1e-5, 2e-3, "400us").at("20us")))
            .result();

    assertThat(run.flows()).allMatch(FlowResult::completed);
    FecStats spine = fecAt(run, SPINE_SIDE);
    assertThat(spine.uncorrectableCodewords()).isPositive();
    assertThat(spine.correctedCodewords()).isGreaterThan(spine.uncorrectableCodewords());
    long crcAtSpine =
        run.port(SPINE_SIDE.toString()).stream()
            .mapToLong(p -> p.drops().getOrDefault(DropReason.CRC_ERROR, 0L))
            .sum();
    assertThat(crcAtSpine)
        .as("each lost frame had an uncorrectable codeword")
        .isPositive()
        .isLessThanOrEqualTo(spine.uncorrectableCodewords());
    assertThat(run.flows().stream().mapToLong(FlowResult::retransmissions).sum()).isPositive();
    assertThat(run.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.FAULT)
        .extracting(FabricEvent::time, e -> e.detail().substring(0, 14))
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(20), "optic of link "),
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(420), "link leaf1:eth"));
  }
}
