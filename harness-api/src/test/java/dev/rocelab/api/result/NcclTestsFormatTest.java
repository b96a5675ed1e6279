package dev.rocelab.api.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Fidelity case 9 (nccl-tests' bandwidth accounting, exactly) and the nccl-tests table layout. */
class NcclTestsFormatTest {

  @Test
  void busBandwidthIsAlgorithmBandwidthTimesTheOperationsFactorExactly() {
    DataSize size = DataSize.gib(1);
    SimTime time = SimTime.micros(5163);
    double algBitsPerSecond = size.bytes() * 8.0 * 1e12 / time.picos();
    for (CollectiveOperation op : CollectiveOperation.values()) {
      for (int ranks : new int[] {2, 8, 16, 128, 4096}) {
        CollectiveTiming timing =
            CollectiveTiming.measured(op, ranks, size, time, OptionalLong.empty());
        assertThat(timing.algBandwidth().bitsPerSecond()).isEqualTo(Math.round(algBitsPerSecond));
        assertThat(timing.busBandwidth().bitsPerSecond())
            .as("%s on %d ranks", op, ranks)
            .isEqualTo(Math.round(algBitsPerSecond * op.busBandwidthFactor(ranks)));
      }
    }
    CollectiveTiming allReduce16 =
        CollectiveTiming.measured(
            CollectiveOperation.ALL_REDUCE, 16, size, time, OptionalLong.empty());
    assertThat(allReduce16.algGigabytesPerSecond())
        .isCloseTo(207.96859, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(allReduce16.busGigabytesPerSecond())
        .isCloseTo(207.96859 * 30 / 16, org.assertj.core.data.Offset.offset(1e-3));
  }

  @Test
  void printsTheNcclTestsTable() {
    assertThat(NcclTestsFormat.text(twoRows()))
        .isEqualTo(
            """
        # all_reduce · 16 ranks · ring · SIMPLE
        #
        #                                                             out-of-place                       in-place
        #       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong
        #        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)       \s
                1024           256     float     sum      -1    25.00    0.04    0.08     N/A    24.50    0.04    0.08       0
          1073741824     268435456     float     sum      -1  5163.41  207.95  389.91     N/A  5163.41  207.95  389.91       0
        # Avg bus bandwidth    : 194.994\s
        """);
  }

  @Test
  void printsJsonWithNcclTestsUnits() {
    assertThat(NcclTestsFormat.json(twoRows()))
        .startsWith(
            "{\"collective\":\"all_reduce\",\"type\":\"float\",\"redop\":\"sum\",\"root\":-1,\"ranks\":16,"
                + "\"algorithm\":\"ring\",\"protocol\":\"SIMPLE\",\"rows\":[{\"size\":1024,\"count\":256,"
                + "\"outOfPlace\":{\"time\":25.000000,\"algbw\":0.040960,\"busbw\":0.076800,\"wrong\":null},"
                + "\"inPlace\":{\"time\":24.500000,")
        .endsWith("\"avgBusBw\":194.993862}");
  }

  @Test
  void whenNcclChoseEachRowSaysWhatItChoseOrThatItIsNotReported() {
    CollectiveResult chosen = tuned(Algorithm.TREE, Protocol.LL, Algorithm.RING, Protocol.SIMPLE);
    CollectiveResult unreported =
        tuned(Algorithm.AUTO, Protocol.AUTO, Algorithm.AUTO, Protocol.AUTO);

    assertThat(chosen.describe()).isEqualTo("all_reduce · 16 ranks · auto");
    assertThat(chosen.tuned()).isTrue();
    assertThat(NcclTestsFormat.text(chosen).lines())
        .filteredOn(line -> !line.startsWith("#"))
        .extracting(line -> line.substring(line.lastIndexOf(' ') + 1))
        .containsExactly("tree/LL", "ring/SIMPLE");
    assertThat(NcclTestsFormat.text(chosen).lines().skip(3).findFirst().orElseThrow())
        .endsWith("#wrong  algorithm");
    assertThat(NcclTestsFormat.text(unreported).lines())
        .filteredOn(line -> !line.startsWith("#"))
        .allSatisfy(line -> assertThat(line).endsWith("  -"));
    assertThat(NcclTestsFormat.json(chosen))
        .contains("\"algorithm\":\"auto\",\"protocol\":\"AUTO\",\"rows\"")
        .contains("\"algorithm\":\"tree\",\"protocol\":\"LL\"}")
        .contains("\"algorithm\":\"ring\",\"protocol\":\"SIMPLE\"}");
    assertThat(NcclTestsFormat.text(twoRows())).doesNotContain("algorithm");
  }

  @Test
  void averageBusBandwidthIsTheMeanOfEveryTiming() {
    CollectiveResult result = twoRows();
    double expected =
        (result.rows().get(0).outOfPlace().busBandwidth().bitsPerSecond()
                + result.rows().get(0).inPlace().busBandwidth().bitsPerSecond()
                + result.rows().get(1).outOfPlace().busBandwidth().bitsPerSecond()
                + result.rows().get(1).inPlace().busBandwidth().bitsPerSecond())
            / 4;
    assertThat(result.averageBusBandwidth().bitsPerSecond()).isEqualTo(Math.round(expected));
    assertThat(result.redop()).isEqualTo("sum");
    assertThat(result.rootColumn()).isEqualTo(-1);
  }

  /** The two rows of {@link #twoRows}, NCCL choosing per size. */
  private static CollectiveResult tuned(
      Algorithm small, Protocol smallProtocol, Algorithm large, Protocol largeProtocol) {
    CollectiveResult forced = twoRows();
    CollectiveRow first = forced.rows().get(0);
    CollectiveRow last = forced.rows().get(1);
    return new CollectiveResult(
        forced.operation(),
        forced.dataType(),
        forced.ranks(),
        forced.root(),
        Algorithm.AUTO,
        Protocol.AUTO,
        List.of(
            new CollectiveRow(
                first.size(),
                first.count(),
                first.outOfPlace(),
                first.inPlace(),
                small,
                smallProtocol),
            new CollectiveRow(
                last.size(),
                last.count(),
                last.outOfPlace(),
                last.inPlace(),
                large,
                largeProtocol)));
  }

  private static CollectiveResult twoRows() {
    CollectiveOperation op = CollectiveOperation.ALL_REDUCE;
    return new CollectiveResult(
        op,
        DataType.FLOAT,
        16,
        0,
        Algorithm.RING,
        Protocol.SIMPLE,
        List.of(
            new CollectiveRow(
                DataSize.bytes(1024),
                256,
                CollectiveTiming.measured(
                    op, 16, DataSize.bytes(1024), SimTime.micros(25), OptionalLong.empty()),
                CollectiveTiming.measured(
                    op, 16, DataSize.bytes(1024), SimTime.nanos(24_500), OptionalLong.of(0))),
            new CollectiveRow(
                DataSize.gib(1),
                268435456,
                CollectiveTiming.measured(
                    op, 16, DataSize.gib(1), SimTime.nanos(5_163_410), OptionalLong.empty()),
                CollectiveTiming.measured(
                    op, 16, DataSize.gib(1), SimTime.nanos(5_163_410), OptionalLong.of(0)))));
  }
}
