package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.internal.net.SteppedNetwork.Frame;
import dev.rocelab.model.internal.net.SteppedNetwork.FrameTap;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fidelity case 2: a PFC pause of q quanta stops the upstream priority for exactly q·512 bit times
 * (IEEE 802.1Qbb; 802.3 Annex 31B). The pause timer runs from the pause's arrival; the frame being
 * sent then is finished. A backlogged NIC on the star fabric sends line-rate RoCE data on priority
 * 3 (DCQCN off, so it is never rate-limited); pauses are handed to its receive side mid-frame, and
 * a tap on its link records when every frame started. All times are exact: the model's clock is
 * integer picoseconds and 512 bits is a whole number of them at 100G and 400G.
 *
 * <p>Lives in package {@code net} to reach the NIC; the scenario tests of the other fidelity cases
 * are in package {@code fidelity}.
 */
class PauseQuantaFidelityTest {

  private static final String SENDER = "host2:nic0";
  private static final long US = 1_000_000L;

  /** Mid-frame at both speeds: 100G frames take 88 480 ps, 400G frames 22 120 ps. */
  private static final long PAUSE_AT = 10 * US + 12_345;

  private static SteppedNetwork backloggedSender(String speed) {
    Scenario scenario =
        Scenario.of(
            "one backlogged flow",
            new Workload.RdmaFlow(
                Endpoint.parse(SENDER),
                Endpoint.parse("host1:nic0"),
                DataSize.mib(32),
                1,
                1,
                OptionalInt.empty(),
                SimTime.ZERO,
                Workload.Verb.WRITE));
    return new SteppedNetwork(ModelFixtures.fabric("star100g", "100Gbps", speed), scenario);
  }

  /**
   * q × 512 bits at R bits per second, in picoseconds (a quantum is 5120 ps at 100G, 1280 ps at
   * 400G).
   */
  private static long pauseLength(int quanta, String speed) {
    long bps = Long.parseLong(speed.replace("Gbps", "")) * 1_000_000_000L;
    long quantumPs = 512L * 1_000_000_000_000L / bps;
    assertThat(quantumPs * bps)
        .as("a quantum is a whole number of picoseconds")
        .isEqualTo(512L * 1_000_000_000_000L);
    return Math.multiplyExact(quanta, quantumPs);
  }

  private static void pause(SteppedNetwork network, int priority, int quanta) {
    network.nic(SENDER).receive(Packet.pause(priority, quanta), 0, network.now());
  }

  private static List<Frame> data(FrameTap tap) {
    return tap.frames(f -> f.isData() && f.priority() == 3);
  }

  /** The data frame on the wire at {@code t}: started at or before it, ends after it. */
  private static Frame inProgressAt(FrameTap tap, long t) {
    return data(tap).stream()
        .filter(f -> f.startPs() <= t && f.endPs() > t)
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "GIVEN the sender is mid-frame at " + t + " ps, but no frame was on the wire"));
  }

  private static Frame firstStartAfter(FrameTap tap, long t) {
    return data(tap).stream()
        .filter(f -> f.startPs() > t)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no data frame started after " + t + " ps"));
  }

  private static long pausedPs(SteppedNetwork network) {
    return network.port(SENDER).pausedPsAt(3, network.now());
  }

  @ParameterizedTest(name = "{1} quanta at {0}")
  @CsvSource({
    "100Gbps, 100", "100Gbps, 1000", "100Gbps, 65535",
    "400Gbps, 100", "400Gbps, 1000", "400Gbps, 65535"
  })
  void aPauseOfQQuantaStopsThePriorityForExactlyQTimes512BitTimes(String speed, int quanta) {
    SteppedNetwork network = backloggedSender(speed);
    FrameTap tap = network.tap(SENDER);
    long length = pauseLength(quanta, speed); // 65535 quanta: 335.5 µs at 100G, 83.9 µs at 400G

    network.runUntil(PAUSE_AT);
    pause(network, 3, quanta);
    network.runUntil(PAUSE_AT + length + 20 * US);

    Frame current = inProgressAt(tap, PAUSE_AT);
    assertThat(current.endPs()).as("the frame on the wire is finished").isGreaterThan(PAUSE_AT);
    assertThat(data(tap))
        .as("data frames starting while paused")
        .noneMatch(f -> f.startPs() >= PAUSE_AT && f.startPs() < PAUSE_AT + length);
    // the shortest pause (100 quanta at 400G, 128 ns) outlasts the rest of any frame (≤ 88.5 ns)
    assertThat(firstStartAfter(tap, PAUSE_AT).startPs())
        .as("resume time")
        .isEqualTo(PAUSE_AT + length);
    assertThat(pausedPs(network)).as("paused time counted for priority 3").isEqualTo(length);
    assertThat(network.net.counters.pausesReceived[network.port(SENDER).gid * 8 + 3]).isEqualTo(1);
    network.assertConserved();
  }

  @ParameterizedTest(name = "at {0}")
  @ValueSource(strings = {"100Gbps", "400Gbps"})
  void aZeroQuantaPauseResumesAtOnce(String speed) {
    SteppedNetwork network = backloggedSender(speed);
    FrameTap tap = network.tap(SENDER);
    long resumeAt = PAUSE_AT + 1 * US;

    network.runUntil(PAUSE_AT);
    pause(network, 3, 65535);
    network.runUntil(resumeAt);
    pause(network, 3, 0);
    network.runUntil(resumeAt + 20 * US);

    assertThat(inProgressAt(tap, PAUSE_AT).endPs())
        .as("GIVEN the frame in progress ended before the resume")
        .isLessThan(resumeAt);
    assertThat(firstStartAfter(tap, PAUSE_AT).startPs())
        .as("first data frame after the pause")
        .isEqualTo(resumeAt);
    assertThat(pausedPs(network)).as("paused time").isEqualTo(resumeAt - PAUSE_AT);
    network.assertConserved();
  }

  @ParameterizedTest(name = "{0} then {1} quanta")
  @CsvSource({"1000, 1000", "65535, 100"})
  void aPauseReceivedWhilePausedRestartsTheTimerFromItsArrival(int first, int second) {
    SteppedNetwork network = backloggedSender("100Gbps");
    FrameTap tap = network.tap(SENDER);
    long secondAt = PAUSE_AT + 2 * US; // inside both first pauses (5.12 µs and 335.5 µs)
    long resumeAt = secondAt + pauseLength(second, "100Gbps");

    network.runUntil(PAUSE_AT);
    pause(network, 3, first);
    network.runUntil(secondAt);
    pause(network, 3, second);
    network.runUntil(PAUSE_AT + pauseLength(first, "100Gbps") + 20 * US);

    // 802.3 Annex 31B: a new PAUSE replaces pause_timer, longer or shorter
    assertThat(firstStartAfter(tap, PAUSE_AT).startPs()).as("resume time").isEqualTo(resumeAt);
    assertThat(pausedPs(network)).as("paused time, counted once").isEqualTo(resumeAt - PAUSE_AT);
    network.assertConserved();
  }

  @Test
  void aPauseOfAnotherPriorityDoesNotStopTheData() {
    SteppedNetwork network = backloggedSender("100Gbps");
    FrameTap tap = network.tap(SENDER);

    network.runUntil(PAUSE_AT);
    pause(network, 4, 65535);
    network.runUntil(PAUSE_AT + 20 * US);

    assertThat(firstStartAfter(tap, PAUSE_AT).startPs())
        .as("the next priority-3 frame goes back to back")
        .isEqualTo(inProgressAt(tap, PAUSE_AT).endPs());
    assertThat(pausedPs(network)).as("paused time of priority 3").isZero();
    network.assertConserved();
  }
}
