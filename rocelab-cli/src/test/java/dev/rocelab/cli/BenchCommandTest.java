package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.backend.RunLimits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench command's output: its figures are checked for consistency, never for speed. */
class BenchCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void printsOneJsonLinePerScenarioWithTheRequiredFields() throws Exception {
    CommandRun run = rocelab("bench", "--warmup", "0", "incast16", "incast16-nocc");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).hasSize(2);
    List<String> fields = new ArrayList<>();
    JsonNode first = JSON.readTree(run.outLines().get(0));
    first.fieldNames().forEachRemaining(fields::add);
    assertThat(fields)
        .contains(
            "scenario",
            "wall_s",
            "simulated_s",
            "events",
            "events_per_s",
            "data_packets",
            "data_packets_per_s",
            "peak_heap_mb",
            "drops",
            "pause_frames",
            "ecn_marks",
            "out_of_order_packets",
            "egress_imbalance",
            "fct_us_min",
            "fct_us_p50",
            "fct_us_max",
            "max_queue_bytes",
            "series_bucket_us");
    for (String line : run.outLines()) {
      JsonNode bench = JSON.readTree(line);
      // 16 senders × 1 MB at a 1024 B MTU: 977 packets each, nothing lost, so nothing resent
      assertThat(bench.get("data_packets").asLong()).isEqualTo(16 * 977);
      assertThat(bench.get("drops").asLong()).isZero();
      assertThat(bench.get("flows_completed").asInt()).isEqualTo(16);
      assertThat(bench.get("fct_us_min").asDouble())
          .isLessThanOrEqualTo(bench.get("fct_us_p50").asDouble());
      assertThat(bench.get("fct_us_p50").asDouble())
          .isLessThanOrEqualTo(bench.get("fct_us_max").asDouble());
      // sampled every 100 us; a run this short stays far inside the series budget
      assertThat(bench.get("series_bucket_us").asDouble()).isEqualTo(100.0);
      // 16 MB through one 100G port takes at least 1.28 ms
      assertThat(bench.get("simulated_s").asDouble()).isGreaterThan(0.00128);
    }
    assertThat(JSON.readTree(run.outLines().get(0)).get("scenario").asText()).isEqualTo("incast16");
    assertThat(JSON.readTree(run.outLines().get(1)).get("ecn_marks").asLong())
        .as("without DCQCN nothing slows down, so the queue marks more")
        .isGreaterThan(first.get("ecn_marks").asLong());
  }

  @Test
  void theLoadBalancingRunsReportImbalanceAndReordering() throws Exception {
    CommandRun run = rocelab("bench", "--warmup", "0", "lb:ecmp/retransmit", "lb:packet/tolerate");

    assertThat(run.exitCode()).isZero();
    JsonNode ecmp = JSON.readTree(run.outLines().get(0));
    JsonNode packet = JSON.readTree(run.outLines().get(1));
    assertThat(ecmp.get("out_of_order_packets").asLong()).isZero();
    assertThat(packet.get("out_of_order_packets").asLong()).isPositive();
    assertThat(packet.get("retransmissions").asLong()).isZero();
    assertThat(ecmp.get("egress_imbalance").asDouble())
        .isGreaterThan(10 * packet.get("egress_imbalance").asDouble());
    assertThat(packet.get("busbw_gbytes_per_s_largest").asDouble())
        .isGreaterThan(ecmp.get("busbw_gbytes_per_s_largest").asDouble());
  }

  @Test
  void aLongRunReportsItsProgressOnStandardErrorKeepingStandardOutputJson() throws Exception {
    CommandRun run;
    // every run counts as long when progress is due every nanosecond
    System.setProperty(RunLimits.PROGRESS, "1ns");
    try {
      run = rocelab("bench", "--warmup", "0", "incast16");
    } finally {
      System.clearProperty(RunLimits.PROGRESS);
    }

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).singleElement().satisfies(line -> JSON.readTree(line));
    assertThat(run.err().lines().toList())
        .hasSizeGreaterThan(2)
        .allMatch(
            line ->
                line.matches(
                    "\\[rocelab] incast16 · \\S+ of \\S+ simulated \\(\\d+%\\) · \\d+s wall · [\\d.]+( [MG])? events"
                        + " · \\d+ of 16 flows completed"));
  }

  @Test
  void unknownScenarioIsAUsageErrorNamingTheKnownOnes() {
    CommandRun run = rocelab("bench", "incast17");

    assertThat(run.exitCode()).isEqualTo(64);
    assertThat(run.err())
        .startsWith("no benchmark named incast17; known: incast16, incast16-nocc, incast64");
  }

  @Test
  void repeatedRunsGiveTheMedianRunWithItsSpreadAndCompareWithAnEarlierOutput(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path earlier = dir.resolve("earlier.jsonl");
    java.nio.file.Files.writeString(
        earlier, "{\"scenario\":\"incast16\",\"wall_s\":1000.0,\"data_packets_per_s\":1}\n");

    CommandRun run =
        rocelab(
            "bench", "--warmup", "0", "--repeat", "3", "--compare", earlier.toString(), "incast16");

    assertThat(run.exitCode()).isZero();
    JsonNode line = JSON.readTree(run.outLines().get(0));
    assertThat(line.get("repeat").asInt()).isEqualTo(3);
    assertThat(line.get("wall_s_min").asDouble())
        .isLessThanOrEqualTo(line.get("wall_s_median").asDouble());
    assertThat(line.get("wall_s_median").asDouble())
        .isEqualTo(line.get("wall_s").asDouble())
        .isLessThanOrEqualTo(line.get("wall_s_max").asDouble());
    // the ratios are this run's figures over the earlier ones, whatever the machine's speed
    assertThat(line.get("wall_s_ratio").asDouble())
        .isCloseTo(
            line.get("wall_s").asDouble() / 1000.0, org.assertj.core.data.Offset.offset(1e-3));
    assertThat(line.get("data_packets_per_s_ratio").asDouble())
        .isCloseTo(
            line.get("data_packets_per_s").asDouble(), org.assertj.core.data.Offset.offset(1.0));
  }

  @Test
  void helpAndBadCountsAreAnsweredAsUsage() {
    assertThat(rocelab("bench", "--help").exitCode()).isZero();
    CommandRun bad = rocelab("bench", "--repeat", "0", "incast16");
    assertThat(bad.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(bad.err()).startsWith("--repeat must be at least 1");
  }
}
