package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CategoriesAndVerdictTest {

  private static final String RUN =
      "\n  run:        incast · incast 8:1 · 4MiB · dscp 26, seed 1, fabric reference, backend model\n";

  @Test
  void rocelabMessagesFallInTheirCategoryByTheQuantityOnTheirFirstLine() {
    assertThat(category("failed", "lossless traffic" + RUN + "  where:      lossless priority 3"))
        .hasValue("Lossless violation");
    assertThat(category("failed", "PFC deadlock" + RUN)).hasValue("Lossless violation");
    assertThat(category("failed", "lost bytes" + RUN)).hasValue("Lossless violation");
    assertThat(category("failed", "lost bytes (LINK_DOWN)" + RUN)).hasValue("Lossless violation");
    assertThat(category("failed", "p99 latency" + RUN + "  expected:   less than 80us"))
        .hasValue("Latency regression");
    assertThat(category("failed", "p99 flow completion time" + RUN)).hasValue("Latency regression");
    // a collective matrix cell's completion time, whose run names its RoCE MTU: a latency, not
    // the configuration drift the word MTU in a later line would otherwise make it
    assertThat(
            category(
                "failed",
                "job completion time under 10% background load, at most 89.5ms alone × 1.15"
                    + " (criteria/ai-workload.yaml:22)\n  run:        all_reduce · 1GiB · RoCE MTU"
                    + " 4096 · ecmp · 4 QPs, seed 1, fabric three-tier, backend model\n"))
        .hasValue("Latency regression");
    assertThat(category("failed", "goodput as a fraction of line rate" + RUN))
        .hasValue("Throughput shortfall");
    assertThat(category("failed", "Jain's fairness index of goodput" + RUN))
        .hasValue("Throughput shortfall");
    assertThat(category("failed", "recovery time" + RUN)).hasValue("Throughput shortfall");
    assertThat(category("failed", "ECN-marked fraction" + RUN))
        .hasValue("Congestion signalling out of bounds");
    assertThat(
            category(
                "failed",
                "headroom problems in 12 switches and their lossless ports: 192 findings of 2 kinds"
                    + "\n  leaf1:eth1, leaf1:eth2 and 62 more like this: priority 3: …"))
        .hasValue("Configuration inconsistency");
    assertThat(category("failed", "MTU mismatches in 64 NICs and 12 switches: 1 finding\n  a: b"))
        .hasValue("Configuration inconsistency");
    assertThat(category("failed", "NIC firmware not approved: 28.39.1002 on host3:nic1"))
        .hasValue("Configuration drift");
    assertThat(
            category(
                "failed",
                "\nExpecting alert RoceEcnSurge to fire in scenario \"incast 16:1\" (fault at"
                    + " none)\nbut it never fired over 15m.\nWhat fired:\nnothing fired"))
        .hasValue("Alerting gap");
    assertThat(category("broken", "lab controller unreachable"))
        .hasValue("Infrastructure problem (broken)");
  }

  @Test
  void softAssertionsAreCategorisedByTheirFirstFailure() {
    String soft =
        "\nMultiple Failures (2 failures)\n-- failure 1 --\nlossless traffic"
            + RUN
            + "-- failure 2 --\np99 latency"
            + RUN;
    assertThat(category("failed", soft)).hasValue("Lossless violation");
  }

  @Test
  void otherFailuresAndOtherStatusesHaveNoCategory() {
    assertThat(category("failed", "expected: 1 but was: 2")).isEmpty();
    // a quantity word without rocelab's "run:" line is not a rocelab criterion
    assertThat(category("failed", "lossless traffic")).isEmpty();
    assertThat(category("passed", "")).isEmpty();
  }

  @Test
  void categoriesJsonListsTheCategoriesInMatchingOrder() {
    assertThat(Categories.json())
        .startsWith(
            "[ {\n  \"name\" : \"Lossless violation\",\n  \"matchedStatuses\" : [ \"failed\" ],")
        .contains(
            "\"name\" : \"Infrastructure problem (broken)\",\n  \"matchedStatuses\" : [ \"broken\" ]\n}");
  }

  @Test
  void aFailureDecidesBeforeABrokenTestAndAPassNothingRunIsNotRun() {
    assertThat(Verdict.of(3, 1, 1)).isEqualTo(Verdict.FAILED);
    assertThat(Verdict.of(3, 0, 1)).isEqualTo(Verdict.BROKEN);
    assertThat(Verdict.of(3, 0, 0)).isEqualTo(Verdict.PASSED);
    assertThat(Verdict.of(0, 0, 0)).isEqualTo(Verdict.NOT_RUN);
  }

  @Test
  void theSignOffFailsOnAFailedPhaseBreaksOnABrokenOneAndIgnoresPhasesNotRun() {
    PhaseOutcome passed = outcome("Baseline", "passed");
    PhaseOutcome failed = outcome("Failures", "failed", "broken");
    PhaseOutcome broken = outcome("Synthetic load", "passed", "broken");
    PhaseOutcome notRun = outcome("Operational", "skipped");
    assertThat(SignOffPage.overall(List.of(passed, notRun))).isEqualTo(Verdict.PASSED);
    assertThat(SignOffPage.overall(List.of(passed, broken, failed))).isEqualTo(Verdict.FAILED);
    assertThat(SignOffPage.overall(List.of(passed, broken))).isEqualTo(Verdict.BROKEN);
    assertThat(SignOffPage.overall(List.of(notRun))).isEqualTo(Verdict.NOT_RUN);
    assertThat(failed.decisive())
        .extracting(AllureResult::status)
        .containsExactly("failed", "broken");
  }

  @Test
  void resultsAreGroupedByPhaseInSignOffOrderAndTheLastAttemptCounts() {
    AllureResult first = result("a", "Failures", "failed", 1);
    AllureResult retry =
        new AllureResult(
            Path.of("b"),
            "b",
            "h-a",
            "a",
            "passed",
            "",
            Map.of("parentSuite", "Failures"),
            Map.of(),
            Set.of(),
            List.of(),
            0,
            2);
    AllureResult custom = result("c", "Soak", "passed", 1);
    Map<String, List<AllureResult>> byPhase = SignOffRun.byPhase(List.of(custom, first, retry));

    assertThat(byPhase.keySet())
        .containsExactly(
            "Laboratory",
            "Baseline",
            "Synthetic load",
            "AI workload",
            "Failures",
            "Operational",
            "Soak");
    assertThat(AllureResults.latest(byPhase.get("Failures")))
        .extracting(AllureResult::status)
        .containsExactly("passed");
    assertThat(PhaseOutcome.slug("AI workload")).isEqualTo("ai-workload");
  }

  @Test
  void environmentListsEachValueTheTestsCarriedOnce() {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("fabric", "reference (fabrics/reference.yaml)");
    a.put("backend", "model");
    a.put("NIC firmware", "28.39.1002");
    a.put("seed", "1");
    Map<String, String> b = new LinkedHashMap<>(a);
    b.put("NIC firmware", "28.40.1000, 28.39.1002");
    String properties =
        EnvironmentProperties.of(List.of(withParameters(a), withParameters(b)), "0.1.0");
    assertThat(properties)
        .isEqualTo(
            "rocelab.version=0.1.0\nbackend=model\nfabric=reference (fabrics/reference.yaml)\n"
                + "nic.firmware=28.39.1002; 28.40.1000, 28.39.1002\nseed=1\n");
  }

  private static Optional<String> category(String status, String message) {
    return Categories.of(
            new AllureResult(
                Path.of("x"),
                "u",
                "h",
                "t",
                status,
                message,
                Map.of(),
                Map.of(),
                Set.of(),
                List.of(),
                0,
                0))
        .map(Categories.Category::name);
  }

  private static PhaseOutcome outcome(String phase, String... statuses) {
    List<AllureResult> results = new java.util.ArrayList<>();
    for (int i = 0; i < statuses.length; i++) {
      results.add(result(phase + i, phase, statuses[i], 0));
    }
    return new PhaseOutcome(phase, results, Optional.empty());
  }

  private static AllureResult result(String name, String phase, String status, long stop) {
    return new AllureResult(
        Path.of(name),
        name,
        "h-" + name,
        name,
        status,
        "",
        phase == null ? Map.of() : Map.of("parentSuite", phase),
        Map.of(),
        Set.of(),
        List.of(),
        0,
        stop);
  }

  private static AllureResult withParameters(Map<String, String> parameters) {
    return new AllureResult(
        Path.of("p"), "p", "h", "p", "passed", "", Map.of(), parameters, Set.of(), List.of(), 0, 0);
  }
}
