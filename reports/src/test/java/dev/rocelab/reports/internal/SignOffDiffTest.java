package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What changed since the previous sign-off: configuration, verdicts, outcomes, moved values. */
class SignOffDiffTest {

  private static final String PREVIOUS =
      """
      {"generated": "2026-11-24T10:00:00Z", "rocelabVersion": "0.1.0",
       "commit": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
       "fabrics": [{"fabric": "reference (fabrics/reference.yaml)", "sha256": ["11"]}],
       "nicFirmware": ["28.39.1002"], "switchNos": ["SONiC.202405.1"],
       "backends": ["model"], "seeds": ["1"],
       "phases": [
        {"phase": "Baseline", "verdict": "passed", "checks": [
          {"test": "t", "check": "p99 latency, priority 3", "status": "passed",
           "measured": "4.2us", "magnitude": {"value": 4.2e6, "unit": "ps"}, "expected": "less than 10us"},
          {"test": "t", "check": "throughput, leaf1:eth1", "status": "passed",
           "measured": "394.9Gbps", "magnitude": {"value": 394.9e9, "unit": "bps"},
           "expected": "at least 360Gbps"},
          {"test": "t", "check": "lossless traffic", "status": "passed",
           "measured": "0 dropped packets", "expected": "no drops"}]},
        {"phase": "Synthetic load", "verdict": "passed", "checks": [
          {"test": "u", "check": "ECN marks, all ports", "status": "passed",
           "measured": "3943", "magnitude": {"value": 3943, "unit": ""}, "expected": "at least 1"}]}]}
      """;

  private static final String CURRENT =
      """
      {"generated": "2026-11-25T10:00:00Z", "rocelabVersion": "0.1.0",
       "commit": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
       "fabrics": [{"fabric": "reference (fabrics/reference.yaml)", "sha256": ["11"]}],
       "nicFirmware": ["28.40.1000"], "switchNos": ["SONiC.202405.1"],
       "backends": ["model"], "seeds": ["1"],
       "phases": [
        {"phase": "Baseline", "verdict": "passed", "checks": [
          {"test": "t", "check": "p99 latency, priority 3", "status": "passed",
           "measured": "6.1us", "magnitude": {"value": 6.1e6, "unit": "ps"}, "expected": "less than 10us"},
          {"test": "t", "check": "throughput, leaf1:eth1", "status": "passed",
           "measured": "380.2Gbps", "magnitude": {"value": 380.2e9, "unit": "bps"},
           "expected": "at least 360Gbps"},
          {"test": "t", "check": "lossless traffic", "status": "passed",
           "measured": "0 dropped packets", "expected": "no drops"}]},
        {"phase": "Synthetic load", "verdict": "failed", "checks": [
          {"test": "u", "check": "ECN marks, all ports", "status": "failed",
           "measured": "0", "magnitude": {"value": 0, "unit": ""}, "expected": "at least 1"}]}]}
      """;

  @Test
  void configurationVerdictsOutcomesAndValuesBeyondTheToleranceAreReported() throws IOException {
    List<SignOffDiff.Change> changes = SignOffDiff.between(json(PREVIOUS), json(CURRENT));

    assertThat(changes)
        .extracting(
            SignOffDiff.Change::kind,
            SignOffDiff.Change::what,
            SignOffDiff.Change::before,
            SignOffDiff.Change::after)
        .containsExactly(
            tuple("configuration", "NIC firmware", "28.39.1002", "28.40.1000"),
            tuple(
                "configuration",
                "commit",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"),
            tuple("verdict", "Synthetic load", "passed", "failed"),
            // 4.2 → 6.1 µs is 45 % more; 394.9 → 380.2 Gb/s is 3.7 % less, within the tolerance
            tuple("metric", "Baseline · t · p99 latency, priority 3", "4.2us", "6.1us"),
            tuple(
                "check", "Synthetic load · u · ECN marks, all ports", "passed, 3943", "failed, 0"));
  }

  @Test
  void aSignOffComparedWithItselfHasNoChanges() throws IOException {
    assertThat(SignOffDiff.between(json(CURRENT), json(CURRENT))).isEmpty();
  }

  @Test
  void aValueMovesByItsMagnitudeInOneUnitElseByItsText() throws IOException {
    // 394.9 → 380.2 Gb/s is 3.7 % less: within the tolerance, though the text differs
    assertThat(moved(check("394.9Gbps", 394.9e9, "bps"), check("380.2Gbps", 380.2e9, "bps")))
        .isFalse();
    assertThat(moved(check("394.9Gbps", 394.9e9, "bps"), check("300Gbps", 300e9, "bps"))).isTrue();
    assertThat(moved(check("0", 0, ""), check("0", 0, ""))).isFalse();
    assertThat(moved(check("0", 0, ""), check("1", 1, ""))).isTrue();
    // no quantity, another unit, or a previous sign-off without magnitudes: the text decides
    assertThat(
            moved(
                json("{\"measured\": \"none detected\"}"),
                json("{\"measured\": \"none detected\"}")))
        .isFalse();
    assertThat(
            moved(
                json("{\"measured\": \"none detected\"}"),
                json("{\"measured\": \"DEADLOCK at 3us\"}")))
        .isTrue();
    assertThat(moved(check("4MiB", 4194304, "B"), check("4.2MiB", 4.2e6, "ps"))).isTrue();
    assertThat(moved(json("{\"measured\": \"4.2us\"}"), check("4.3us", 4.3e6, "ps"))).isTrue();
  }

  private static boolean moved(JsonNode before, JsonNode after) {
    return SignOffDiff.moved(before, after);
  }

  private static JsonNode check(String measured, double value, String unit) throws IOException {
    return json(
        "{\"measured\": \""
            + measured
            + "\", \"magnitude\": {\"value\": "
            + value
            + ", \"unit\": \""
            + unit
            + "\"}}");
  }

  @Test
  void thePageListsTheChangesOrSaysNothingChanged() throws IOException {
    AuditRecord audit =
        AuditRecord.of(
            List.of(), "0.1.0", Map.of(), Path.of(""), Instant.parse("2026-11-25T10:00:00Z"));
    PhaseOutcome baseline = new PhaseOutcome("Baseline", List.of(), Optional.empty());
    String changed =
        SignOffPage.render(
            List.of(baseline),
            Optional.empty(),
            audit,
            Optional.of(
                new SignOffPage.Comparison(
                    "2026-11-24T10:00:00Z", SignOffDiff.between(json(PREVIOUS), json(CURRENT)))));
    assertThat(changed)
        .contains("Compared with the sign-off written here at 2026-11-24T10:00:00Z")
        .contains("moved by more than 10 %")
        .contains(
            "<tr><td>configuration</td><td>NIC firmware</td><td>28.39.1002</td>"
                + "<td>28.40.1000</td></tr>");
    String same =
        SignOffPage.render(
            List.of(baseline),
            Optional.empty(),
            audit,
            Optional.of(new SignOffPage.Comparison("2026-11-24T10:00:00Z", List.of())));
    assertThat(same).contains("<p>Nothing changed.</p>").doesNotContain("class=\"changes\"");
    assertThat(SignOffPage.render(List.of(baseline), Optional.empty(), audit, Optional.empty()))
        .doesNotContain("id=\"changes\"");
  }

  private static JsonNode json(String text) throws IOException {
    return new ObjectMapper().readTree(text);
  }
}
