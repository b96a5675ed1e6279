package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.analysis.Degradation;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;

class DegradationAssertionsTest {

  private static final long G = 1_000_000_000L;
  private static final Scenario UPLINK_DOWN =
      Scenario.permutation().with(Fault.linkDown("leaf1:eth5").at("450us")).build();
  private static final String RUN =
      "  run:        permutation · 1MiB per flow + link down leaf1:eth5 at 450us, seed 1,"
          + " fabric tiny, backend scripted";

  // tiny: leaf1 has 4 NICs at 400G and 2 uplinks at 400G; with leaf1:eth5 down 400G of uplink is
  // left.
  // Samples before 600us (they cover time before the reconvergence at 500us) must not count.
  private final RunResult degraded =
      uplinkDownAndRoutesRecomputed()
          .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
          .flow("out2", "host1:nic1", "host4:nic0", "1MiB", "1MiB", null)
          .flow("in1", "host3:nic1", "host2:nic0", "1MiB", "1MiB", null)
          .series(
              "throughput",
              "out1",
              "100us",
              0,
              200 * G,
              200 * G,
              200 * G,
              200 * G,
              10 * G,
              150 * G,
              140 * G,
              160 * G,
              150 * G)
          .series(
              "throughput",
              "out2",
              "100us",
              0,
              200 * G,
              200 * G,
              200 * G,
              200 * G,
              10 * G,
              150 * G,
              160 * G,
              140 * G,
              150 * G)
          .series(
              "throughput",
              "in1",
              "100us",
              0,
              400 * G,
              400 * G,
              400 * G,
              400 * G,
              10 * G,
              380 * G,
              380 * G,
              380 * G,
              380 * G)
          .build();

  /** leaf1's uplink eth5 goes down at 450us and the routes are recomputed at 500us. */
  private static Runs uplinkDownAndRoutesRecomputed() {
    return Runs.run()
        .scenario(UPLINK_DOWN)
        .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
        .event(
            "500us",
            FabricEvent.Kind.RECONVERGENCE,
            "leaf1:eth5",
            "routes recomputed on every switch");
  }

  @Test
  void degradedThroughputIsTheWorstGroupsShareOfTheUplinkCapacityLeft() {
    assertThatThrownBy(() -> assertThat(degraded).recovery().degradedThroughput().isAtLeast(0.8))
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                RUN,
                "  where:      2 flows leaving leaf1 from 500us to 900us (4 samples); remaining capacity 400Gbps ="
                    + " min(1 of 2 uplinks up 400Gbps, flows' line rate 800Gbps)",
                "  expected:   at least 0.8",
                "  actual:     0.75 (throughput 300Gbps)"));
    assertThatCode(() -> assertThat(degraded).recovery().degradedThroughput().isAtLeast(0.75))
        .doesNotThrowAnyException();
  }

  @Test
  void theCapacityOfAGroupIsAtMostItsFlowsLineRate() {
    assertThatThrownBy(
            () ->
                assertThat(degraded)
                    .recovery()
                    .ofFlows("in1")
                    .degradedThroughput()
                    .isGreaterThan(0.95))
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                RUN,
                "  where:      1 flows entering leaf1 from 500us to 900us (4 samples); remaining capacity 400Gbps ="
                    + " min(1 of 2 uplinks up 400Gbps, flows' line rate 400Gbps)",
                "  expected:   more than 0.95",
                "  actual:     0.95 (throughput 380Gbps)"));
  }

  @Test
  void theWindowEndsWhenAFlowOfTheGroupCompletes() {
    RunResult run =
        Runs.run()
            .scenario(UPLINK_DOWN)
            .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", "700us")
            .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
            .series(
                "throughput",
                "out1",
                "100us",
                0,
                400 * G,
                400 * G,
                400 * G,
                400 * G,
                300 * G,
                300 * G,
                360 * G,
                0)
            .build();
    assertThatThrownBy(() -> assertThat(run).recovery().degradedThroughput().isAtLeast(0.9))
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                RUN,
                "  where:      1 flows leaving leaf1 from 450us to 700us (2 samples); remaining capacity 400Gbps ="
                    + " min(1 of 2 uplinks up 400Gbps, flows' line rate 400Gbps)",
                "  expected:   at least 0.9",
                "  actual:     0.825 (throughput 330Gbps)"));
  }

  @Test
  void proportionalDegradationComparesEachGroupWithItselfBeforeTheFailure() {
    // out: 400G of 800G before, 300G of 400G after: kept 0.75 of its throughput and 0.5 of its
    // capacity.
    // in1: its NIC's 400G bounds it before and after; it kept 0.95 of its throughput: the worst.
    assertThatThrownBy(
            () -> assertThat(degraded).recovery().proportionalDegradation().isAtLeast(0.96))
        .hasMessage(
            lines(
                "throughput kept / capacity kept",
                RUN,
                "  where:      1 flows entering leaf1; before 0ps to 400us (4 samples), after 500us to 900us (4 samples);"
                    + " capacity 400Gbps -> 400Gbps (1 of 2 uplinks up)",
                "  expected:   at least 0.96",
                "  actual:     0.95 (throughput 400Gbps -> 380Gbps)"));
    assertThatCode(
            () ->
                assertThat(degraded)
                    .recovery()
                    .ofFlows("out1", "out2")
                    .proportionalDegradation()
                    .isEqualTo(1.5))
        .doesNotThrowAnyException();
  }

  @Test
  void degradationAgainstTheFabricWithoutTheLinkComparesTheSameFlowsOverTheSameWindow() {
    RunResult without = withoutTheLink();

    // out: 300G against 320G (0.9375); in1: 380G against 400G (0.95): the worst is out
    assertThatThrownBy(
            () -> assertThat(degraded).recovery().degradationAgainst(without).isAtLeast(0.95))
        .hasMessage(
            lines(
                "throughput kept / throughput without the failed links",
                RUN,
                "  where:      2 flows leaving leaf1 from 500us to 900us (4 samples), 1 of 2 uplinks"
                    + " up; against the run without the failed links over the same samples",
                "  expected:   at least 0.95",
                "  actual:     0.9375 (throughput 300Gbps against 320Gbps)"));
    assertThatCode(
            () ->
                assertThat(degraded)
                    .recovery()
                    .ofFlows("in1")
                    .degradationAgainst(without)
                    .isEqualTo(0.95))
        .doesNotThrowAnyException();
  }

  @Test
  void recoveryAgainstTheFabricWithoutTheLinkExpectsWhatTheFlowsCarryThere() {
    RunResult without = withoutTheLink();

    // before the fault the flows carried 800G; with one of two uplinks gone they carry 680G, which
    // is what the fabric without the link carries them at (720G) within 10%: recovered at 600us
    assertThatCode(() -> assertThat(degraded).recovery().against(without).isFasterThan("200us"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(degraded).recovery().isFasterThan("200us"))
        .hasMessageContaining("not recovered by the last sample");
  }

  /** The same traffic with leaf1:eth5 down from the start: out1 and out2 at 160G, in1 at 400G. */
  private static RunResult withoutTheLink() {
    return Runs.run()
        .scenario(Degradation.withTheLinksDownFromTheStart(UPLINK_DOWN))
        .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
        .flow("out2", "host1:nic1", "host4:nic0", "1MiB", "1MiB", null)
        .flow("in1", "host3:nic1", "host2:nic0", "1MiB", "1MiB", null)
        .series("throughput", "out1", "100us", steadyFromTheSecondSample(160 * G))
        .series("throughput", "out2", "100us", steadyFromTheSecondSample(160 * G))
        .series("throughput", "in1", "100us", steadyFromTheSecondSample(400 * G))
        .build();
  }

  /** Ten samples: nothing in the first, then the same throughput. */
  private static long[] steadyFromTheSecondSample(long bps) {
    long[] samples = new long[10];
    java.util.Arrays.fill(samples, 1, samples.length, bps);
    return samples;
  }

  @Test
  void theFabricWithoutTheLinksHasThemDownFromTheStartAndNothingElseChanged() {
    Scenario without = Degradation.withTheLinksDownFromTheStart(UPLINK_DOWN);

    org.assertj.core.api.Assertions.assertThat(without.faults())
        .containsExactly(Fault.linkDown("leaf1:eth5").at("0us"));
    org.assertj.core.api.Assertions.assertThat(without.workloads())
        .isEqualTo(UPLINK_DOWN.workloads());
    org.assertj.core.api.Assertions.assertThat(without.seed()).isEqualTo(UPLINK_DOWN.seed());
    org.assertj.core.api.Assertions.assertThat(without.name())
        .isEqualTo(UPLINK_DOWN.name() + " without the failed links");
    // a flap or a reset ends on its own: there is no fabric "without" it
    assertThatThrownBy(
            () ->
                Degradation.withTheLinksDownFromTheStart(
                    Scenario.permutation()
                        .with(Fault.switchReset("spine1", "1ms").at("1ms"))
                        .build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a run without the failed links is defined for links taken down");
    assertThatThrownBy(
            () -> Degradation.withTheLinksDownFromTheStart(Scenario.permutation().build()))
        .hasMessage("permutation takes no link down");
  }

  @Test
  void proportionalDegradationNeedsThroughputBeforeTheFailure() {
    RunResult late =
        Runs.run()
            .scenario(UPLINK_DOWN)
            .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
            .series("throughput", "out1", "100us", 0, 0, 0, 0, 0, 100 * G, 300 * G, 300 * G)
            .build();
    assertThatThrownBy(() -> assertThat(late).recovery().proportionalDegradation().isAtLeast(0.9))
        .hasMessage(
            lines(
                "throughput kept / capacity kept",
                RUN,
                "  where:      failed links",
                "  expected:   throughput measured before the failure",
                "  actual:     no sample of the flows leaving leaf1 before the link went down at 400us"));
  }

  @Test
  void trafficInTheFirstSampleIsMeasuredFromTheRunsStartNotBeforeIt() {
    // a sample at t covers (t − interval, t]; traffic in the sample at 0 (a run sampled from its
    // start) must not open the window before time zero
    RunResult fromTheStart =
        uplinkDownAndRoutesRecomputed()
            .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
            .series(
                "throughput",
                "out1",
                "100us",
                200 * G,
                200 * G,
                200 * G,
                200 * G,
                200 * G,
                10 * G,
                150 * G,
                150 * G,
                150 * G,
                150 * G)
            .build();

    assertThatThrownBy(
            () -> assertThat(fromTheStart).recovery().proportionalDegradation().isAtLeast(0.9))
        .hasMessage(
            lines(
                "throughput kept / capacity kept",
                RUN,
                "  where:      1 flows leaving leaf1; before 0ps to 400us (4 samples), after 500us to"
                    + " 900us (4 samples); capacity 400Gbps -> 400Gbps (1 of 2 uplinks up)",
                "  expected:   at least 0.9",
                "  actual:     0.75 (throughput 200Gbps -> 150Gbps)"));
  }

  @Test
  void aSpineResetDegradesEveryLeafForItsReboot() {
    // spine1 down from 300us to 700us: each leaf keeps one of its two uplinks; the window is the
    // reboot.
    // b (leaf2 -> leaf1) is the worst, as flows leaving leaf2 and entering leaf1 alike: leaf1's
    // come first
    RunResult reset =
        Runs.run()
            .scenario(
                Scenario.permutation()
                    .with(Fault.switchReset("spine1", "400us").at("300us"))
                    .build())
            .flow("a", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
            .flow("b", "host3:nic1", "host1:nic1", "1MiB", "1MiB", null)
            .series(
                "throughput",
                "a",
                "100us",
                0,
                400 * G,
                400 * G,
                400 * G,
                390 * G,
                390 * G,
                390 * G,
                390 * G,
                400 * G)
            .series(
                "throughput",
                "b",
                "100us",
                0,
                400 * G,
                400 * G,
                400 * G,
                300 * G,
                300 * G,
                300 * G,
                300 * G,
                400 * G)
            .build();
    assertThatThrownBy(() -> assertThat(reset).recovery().degradedThroughput().isAtLeast(0.8))
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                "  run:        permutation · 1MiB per flow + switch reset spine1 at 300us · down 400us, seed 1, fabric tiny,"
                    + " backend scripted",
                "  where:      1 flows entering leaf1 from 300us to 700us (4 samples); remaining capacity 400Gbps ="
                    + " min(1 of 2 uplinks up 400Gbps, flows' line rate 400Gbps)",
                "  expected:   at least 0.8",
                "  actual:     0.75 (throughput 300Gbps)"));
    RunResult leafReset =
        Runs.run()
            .scenario(
                Scenario.permutation()
                    .with(Fault.switchReset("leaf1", "400us").at("300us"))
                    .build())
            .build();
    assertThatThrownBy(() -> assertThat(leafReset).recovery().degradedThroughput())
        .hasMessageContaining(
            "  actual:     the failed link host1:nic0 <-> leaf1:eth1 (switch leaf1) is not a leaf"
                + " uplink; degradation is measured for leaf uplinks");
  }

  @Test
  void degradationNeedsALeafUplinkDown() {
    assertThatThrownBy(() -> assertThat(Runs.run().build()).recovery().degradedThroughput())
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      failed links",
                "  expected:   a degradation that can be measured",
                "  actual:     the scenario takes no link down, link flap or switch reset"));
    RunResult hostLink =
        Runs.run()
            .scenario(Scenario.permutation().with(Fault.linkDown("host1:nic0")).build())
            .build();
    assertThatThrownBy(() -> assertThat(hostLink).recovery().degradedThroughput())
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                "  run:        permutation · 1MiB per flow + link down host1:nic0 at 0ps, seed 1, fabric tiny, backend"
                    + " scripted",
                "  where:      failed links",
                "  expected:   a degradation that can be measured",
                "  actual:     the failed link host1:nic0 <-> leaf1:eth1 (port host1:nic0) is not a leaf uplink;"
                    + " degradation is measured for leaf uplinks"));
    RunResult noSeries =
        Runs.run()
            .scenario(UPLINK_DOWN)
            .flow("out1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", null)
            .build();
    assertThatThrownBy(() -> assertThat(noSeries).recovery().degradedThroughput())
        .hasMessage(
            lines(
                "degraded throughput / remaining capacity",
                RUN,
                "  where:      failed links",
                "  expected:   a degradation that can be measured",
                "  actual:     the run has no throughput series; the backend must sample throughput per flow"));
  }
}
