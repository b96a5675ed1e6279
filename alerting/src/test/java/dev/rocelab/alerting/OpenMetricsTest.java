package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.alerting.internal.PromtoolReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenMetrics export of a PFC storm, read back by a parser of the format's rules: one {@code #
 * TYPE} per family before its samples, a unit suffix where there is a {@code # UNIT}, counter
 * samples named {@code _total} and never decreasing, timestamps increasing per series, label values
 * escaped, {@code # EOF} last.
 */
class OpenMetricsTest {

  private static final Pattern SAMPLE =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{.*})? (\\S+) (\\S+)");

  private static OperationalTimeline timeline;

  @BeforeAll
  static void project() {
    timeline = OperationalTimeline.of(Scenarios.run(Scenarios.pfcStorm()), Scenarios.REFERENCE);
  }

  @Test
  void stormTimelineHoldsEachPhaseForFiveMinutesAtItsSimulatedRate() {
    assertThat(timeline.phases())
        .extracting(TimelinePhase::name)
        .containsExactly("before fault", "fault", "after recovery");
    assertThat(timeline.faultStart()).contains(java.time.Duration.ofMinutes(5));
    assertThat(timeline.scrapes()).isEqualTo(61);
    ProjectedSeries paused =
        timeline.series(Metric.PFC_PAUSED_SECONDS).stream()
            .max(java.util.Comparator.comparingDouble(s -> s.value(40) - s.value(20)))
            .orElseThrow();
    // the stuck NIC keeps the leaf port facing it paused nearly all the time during the fault, not
    // before
    assertThat((paused.value(40) - paused.value(20)) / 300).isGreaterThan(0.9);
    assertThat(paused.value(20)).isLessThan(0.01 * 300);
  }

  @Test
  void exportFollowsTheOpenMetricsRules() {
    String text = OpenMetrics.write(timeline, MetricNaming.rocelab());
    List<String> lines = text.lines().toList();

    assertThat(lines.get(lines.size() - 1)).isEqualTo("# EOF");
    Map<String, String> types = new LinkedHashMap<>();
    Map<String, String> units = new HashMap<>();
    Map<String, double[]> last = new HashMap<>();
    List<String> problems = new ArrayList<>();
    String family = null;
    for (String line : lines.subList(0, lines.size() - 1)) {
      if (line.startsWith("# TYPE ")) {
        String[] parts = line.split(" ");
        if (types.put(parts[2], parts[3]) != null) {
          problems.add("second # TYPE for " + parts[2]);
        }
        family = parts[2];
        continue;
      }
      if (line.startsWith("# UNIT ")) {
        String[] parts = line.split(" ");
        units.put(parts[2], parts[3]);
        if (!parts[2].endsWith("_" + parts[3])) {
          problems.add(parts[2] + " does not end with its unit " + parts[3]);
        }
        continue;
      }
      if (line.startsWith("# HELP ")) {
        continue;
      }
      Matcher sample = SAMPLE.matcher(line);
      if (!sample.matches()) {
        problems.add("not a sample: " + line);
        continue;
      }
      String expected = "counter".equals(types.get(family)) ? family + "_total" : family;
      if (!sample.group(1).equals(expected)) {
        problems.add(sample.group(1) + " outside its family " + family);
      }
      PromtoolReport.labelSet(sample.group(2) == null ? "{}" : sample.group(2));
      double value = Double.parseDouble(sample.group(3));
      double time = Double.parseDouble(sample.group(4));
      String key = sample.group(1) + sample.group(2);
      double[] previous = last.put(key, new double[] {value, time});
      if (previous != null && time <= previous[1]) {
        problems.add(key + " timestamps do not increase at " + time);
      }
      if (previous != null && "counter".equals(types.get(family)) && value < previous[0]) {
        problems.add(key + " decreases from " + previous[0] + " to " + value);
      }
    }
    assertThat(problems).isEmpty();
    assertThat(types)
        .containsEntry("rocelab_pfc_paused_seconds", "counter")
        .containsEntry("rocelab_queue_depth_bytes", "gauge");
    assertThat(units).containsEntry("rocelab_pfc_paused_seconds", "seconds");
    assertThat(text)
        .contains("rocelab_pfc_paused_seconds_total{device=\"leaf")
        .contains(" 1767225600.000\n")
        .contains(" 1767226500.000\n");
  }

  @Test
  void droppedBytesFollowTheDroppedPacketsOfEachPortPriorityAndReason() {
    OperationalTimeline failure =
        OperationalTimeline.of(Scenarios.run(Scenarios.linkFailure()), Scenarios.REFERENCE);
    List<ProjectedSeries> packets = failure.series(Metric.DROPS);
    List<ProjectedSeries> bytes = failure.series(Metric.DROPPED_BYTES);
    int last = failure.scrapes() - 1;

    assertThat(packets).as("frames lost on the failed uplink").isNotEmpty();
    assertThat(bytes)
        .extracting(ProjectedSeries::labels)
        .containsExactlyInAnyOrderElementsOf(
            packets.stream().map(ProjectedSeries::labels).toList());
    for (ProjectedSeries dropped : packets) {
      ProjectedSeries lost =
          bytes.stream().filter(b -> b.labels().equals(dropped.labels())).findFirst().orElseThrow();
      // each frame is between a minimum Ethernet frame and a full 4 KiB RoCEv2 one
      assertThat(lost.value(last))
          .as("bytes of %s", dropped.labels())
          .isBetween(dropped.value(last) * 64, dropped.value(last) * (4096 + 62));
      for (int i = 1; i < failure.scrapes(); i++) {
        assertThat(lost.value(i) > lost.value(i - 1))
            .as("bytes grow where packets do, scrape %d", i)
            .isEqualTo(dropped.value(i) > dropped.value(i - 1));
      }
    }
    String text = OpenMetrics.write(failure, MetricNaming.rocelab());
    assertThat(text)
        .contains(
            "# TYPE rocelab_dropped_bytes counter\n",
            "# UNIT rocelab_dropped_bytes bytes\n",
            "rocelab_dropped_bytes_total{device=\"leaf1\",port=\"eth9\",priority=\"3\",reason=\"link_down\"} ");
    assertThat(OpenMetrics.write(failure, MetricNaming.sonicExporterStyle()))
        .contains("# TYPE sonic_queue_dropped_bytes counter\n", "sonic_queue_dropped_bytes_total{");
  }

  @Test
  void markedPacketsAreAShareOfTheTransmittedPacketsOfTheirPortAndPriority() {
    OperationalTimeline incast =
        OperationalTimeline.of(Scenarios.run(Scenarios.incast()), Scenarios.REFERENCE);
    List<ProjectedSeries> sent = incast.series(Metric.TRANSMITTED_PACKETS);
    int last = incast.scrapes() - 1;

    assertThat(incast.series(Metric.ECN_MARKS))
        .filteredOn(marked -> marked.value(last) > 0)
        .isNotEmpty()
        .allSatisfy(
            marked -> {
              ProjectedSeries packets =
                  sent.stream()
                      .filter(s -> s.labels().equals(marked.labels()))
                      .findFirst()
                      .orElseThrow();
              assertThat(marked.value(last))
                  .as("marks of %s", marked.labels())
                  .isLessThanOrEqualTo(packets.value(last));
            });
    assertThat(sent).allSatisfy(s -> assertThat(s.value(last)).isPositive());
    assertThat(OpenMetrics.write(incast, MetricNaming.rocelab()))
        .contains(
            "# TYPE rocelab_transmitted_packets counter\n",
            "rocelab_transmitted_packets_total{device=\"leaf1\",port=\"eth1\",priority=\"3\"} ");
  }

  @Test
  void labelValuesAreEscaped() {
    MetricNaming naming = MetricNaming.rocelab();
    Map<MetricLabel, String> labels = new java.util.EnumMap<>(MetricLabel.class);
    labels.put(MetricLabel.FLOW, "a\"b\\c\nd");

    String set = OpenMetrics.labels(labels, naming);

    assertThat(set).isEqualTo("{flow=\"a\\\"b\\\\c\\nd\"}");
    assertThat(PromtoolReport.labelSet(set)).containsEntry("flow", "a\"b\\c\nd");
  }

  @Test
  void namingRejectsANameWithoutItsUnitSuffix() {
    assertThatThrownBy(() -> MetricNaming.rocelab().withName(Metric.QUEUE_DEPTH, "queue_depth"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "names.QUEUE_DEPTH = \"queue_depth\" must end with _bytes (OpenMetrics: a family with a unit ends with it)");
    assertThatThrownBy(() -> MetricNaming.rocelab().withName(Metric.ECN_MARKS, "ecn_total"))
        .hasMessage(
            "names.ECN_MARKS = \"ecn_total\" is a counter family: give it without _total, its samples get the suffix");
  }
}
