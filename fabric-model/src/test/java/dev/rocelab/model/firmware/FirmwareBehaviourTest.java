package dev.rocelab.model.firmware;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * Each behaviour of a firmware version, shown by two runs that differ only in it: the fixtures'
 * NICs (and switch) run version {@code fw-a} or {@code fw-b}, user profiles of the fabric file that
 * differ in one behaviour.
 */
class FirmwareBehaviourTest {

  /** Two NIC versions differing in {@code key}, and the NICs of the fixture on {@code version}. */
  static FabricSpec star(String fixture, String nicA, String nicB, String version, String... more) {
    String[] replacements = new String[4 + more.length];
    replacements[0] = "nicProfiles:";
    replacements[1] =
        "firmwareProfiles:\n  nic:\n    fw-a: {"
            + nicA
            + "}\n    fw-b: {"
            + nicB
            + "}\nnicProfiles:";
    replacements[2] = "    firmware: model-1";
    replacements[3] = "    firmware: " + version;
    System.arraycopy(more, 0, replacements, 4, more.length);
    return ModelFixtures.fabric(fixture, replacements);
  }

  /** star100g-dcqcn without its profile's own CNP interval, so that the version's applies. */
  static FabricSpec dcqcnStar(String nicA, String nicB, String version) {
    return star("star100g-dcqcn", nicA, nicB, version, "cnpInterval: 50us, ", "");
  }

  static long retransmissions(RunResult run) {
    return run.flows().stream().mapToLong(FlowResult::retransmissions).sum();
  }

  static long cnpsSent(RunResult run) {
    return run.ports().stream().mapToLong(PortStats::cnpsSent).sum();
  }

  static SimTime pausedTime(RunResult run, String port, int priority) {
    return run.port(port).stream()
        .filter(p -> p.priority() == priority)
        .findFirst()
        .orElseThrow()
        .pausedTime();
  }

  @Test
  void goBackZeroResendsWholeMessagesWhereGoBackNResendsFromTheLoss() {
    Scenario lossy =
        Scenario.flow("host1:nic0", "host2:nic0")
            .message("4MiB")
            .messages(4)
            .with(Fault.bitErrors("leaf1:eth1", 1e-7))
            .duration("50ms")
            .build();
    String a = "retransmission: go-back-n";
    String b = "retransmission: go-back-0";

    RunResult goBackN = ModelFixtures.run(star("star100g", a, b, "fw-a"), lossy).result();
    RunResult goBack0 = ModelFixtures.run(star("star100g", a, b, "fw-b"), lossy).result();

    System.out.printf(
        "go-back-N: %d packets resent for %d drops, done at %s; go-back-0: %d for %d, done at %s%n",
        retransmissions(goBackN),
        goBackN.totalDrops(),
        goBackN.flows().get(0).completion().orElseThrow(),
        retransmissions(goBack0),
        goBack0.totalDrops(),
        goBack0.flows().get(0).completion().orElseThrow());
    double perDropN = (double) retransmissions(goBackN) / goBackN.totalDrops();
    double perDrop0 = (double) retransmissions(goBack0) / goBack0.totalDrops();
    // a loss costs go-back-N what was in flight after it (a few tens of 1 KiB packets on 2 m
    // cables); go-back-0 also resends the message up to the loss, on average half of 4096 packets
    assertThat(perDropN).as("packets resent per drop, go-back-N").isLessThan(100);
    assertThat(perDrop0).as("packets resent per drop, go-back-0").isGreaterThan(10 * perDropN);
  }

  @Test
  void theCnpIntervalOfTheReceiversFirmwarePacesItsCnps() {
    Scenario incast =
        Scenario.incast()
            .senders(8)
            .receiver("host17:nic0")
            .message("2MiB")
            .duration("1ms")
            .build();
    String a = "dcqcn: {cnpInterval: 4us}";
    String b = "dcqcn: {cnpInterval: 50us}";
    RunResult fast = ModelFixtures.run(dcqcnStar(a, b, "fw-a"), incast).result();
    RunResult slow = ModelFixtures.run(dcqcnStar(a, b, "fw-b"), incast).result();
    long qps = 8 * 2;
    System.out.printf(
        "CNPs in 1 ms: %d at 4 us, %d at 50 us (bound %d)%n",
        cnpsSent(fast), cnpsSent(slow), qps * (1000 / 50 + 1));
    assertThat(cnpsSent(slow))
        .as("CNPs at 50 us per QP")
        .isPositive()
        .isLessThanOrEqualTo(qps * (1000 / 50 + 1));
    assertThat(cnpsSent(fast)).as("CNPs at 4 us per QP").isGreaterThan(3 * cnpsSent(slow));
  }

  @Test
  void aLatePauseReactionLetsMoreArriveAfterXoff() {
    Scenario incast =
        Scenario.incast()
            .senders(16)
            .receiver("host17:nic0")
            .message("1MiB")
            .duration("5ms")
            .build();
    String a = "pauseReaction: 0ns";
    String b = "pauseReaction: 2us";
    // a small buffer, so that the incast reaches XOFF
    RunResult prompt =
        ModelFixtures.run(star("star100g", a, b, "fw-a", "buffer: 32MiB", "buffer: 6MiB"), incast)
            .result();
    RunResult late =
        ModelFixtures.run(star("star100g", a, b, "fw-b", "buffer: 32MiB", "buffer: 6MiB"), incast)
            .result();
    long promptHeadroom =
        prompt.ports().stream().mapToLong(p -> p.maxHeadroom().bytes()).max().orElseThrow();
    long lateHeadroom =
        late.ports().stream().mapToLong(p -> p.maxHeadroom().bytes()).max().orElseThrow();
    System.out.printf(
        "most headroom used: %d B when NICs honour pauses at once, %d B 2 us late; drops %d / %d%n",
        promptHeadroom, lateHeadroom, prompt.totalDrops(), late.totalDrops());
    // 2 us more at 100 Gb/s is 25,000 bytes more on their way after XOFF
    assertThat(lateHeadroom - promptHeadroom).as("extra headroom used").isGreaterThan(20_000);
  }

  @Test
  void aTailLossWaitsForTheRetransmissionTimeoutOfTheSendersFirmware() {
    // host2's link fails while the tail of the message is on its way and comes back 150 us later:
    // the receiver never sees a packet out of order, so no NAK tells the sender; only its
    // retransmission timeout does
    Scenario tailLoss =
        Scenario.flow("host1:nic0", "host2:nic0")
            .message("1MiB")
            .with(Fault.linkDown("leaf1:eth2").at("50us"), Fault.linkUp("leaf1:eth2").at("200us"))
            .duration("60ms")
            .build();
    String a = "retransmissionTimeout: 16.8ms";
    String b = "retransmissionTimeout: 4ms";

    RunResult slow = ModelFixtures.run(star("star100g", a, b, "fw-a"), tailLoss).result();
    RunResult fast = ModelFixtures.run(star("star100g", a, b, "fw-b"), tailLoss).result();

    SimTime slowDone = slow.flows().get(0).completion().orElseThrow();
    SimTime fastDone = fast.flows().get(0).completion().orElseThrow();
    System.out.printf(
        "tail loss recovered: done at %s with a 16.8 ms timeout (%d resent), at %s with 4 ms (%d)%n",
        slowDone, retransmissions(slow), fastDone, retransmissions(fast));
    assertThat(slow.totalDrops())
        .as("packets lost with the link")
        .isPositive()
        .isEqualTo(fast.totalDrops());
    assertThat(retransmissions(slow))
        .as("packets resent")
        .isPositive()
        .isEqualTo(retransmissions(fast));
    // each waits one timeout after its last send (before 100 us); the message then takes ~85 us
    assertThat(slowDone.picos())
        .as("completion, 16.8 ms timeout")
        .isBetween(SimTime.micros(16_800).picos(), SimTime.micros(16_800 + 300).picos());
    assertThat(fastDone.picos())
        .as("completion, 4 ms timeout")
        .isBetween(SimTime.micros(4_000).picos(), SimTime.micros(4_000 + 300).picos());
  }
}
