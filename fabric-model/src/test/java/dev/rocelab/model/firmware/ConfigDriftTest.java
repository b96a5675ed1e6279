package dev.rocelab.model.firmware;

import static dev.rocelab.model.firmware.FirmwareBehaviourTest.cnpsSent;
import static dev.rocelab.model.firmware.FirmwareBehaviourTest.dcqcnStar;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelBackend;
import dev.rocelab.model.ModelFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Fault.ConfigDrift} of a device's firmware on the model: the device behaves per the new
 * version from the drift's time on — a firmware mismatch from the start, or a rolling upgrade with
 * each device switching at its own time.
 */
class ConfigDriftTest {

  private static final String FAST = "dcqcn: {cnpInterval: 4us}";
  private static final String SLOW = "dcqcn: {cnpInterval: 50us}";
  private static final Scenario INCAST =
      Scenario.incast().senders(8).receiver("host17:nic0").message("2MiB").duration("1ms").build();

  private static Fault drift(String device, String version, String at) {
    return new Fault.ConfigDrift(device, "firmware", version, SimTime.parse(at));
  }

  @Test
  void theModelClaimsConfigChanges() {
    assertThat(new ModelBackend().capabilities()).contains(Capability.CONFIG_CHANGES);
  }

  @Test
  void aDriftAtTimeZeroRunsExactlyLikeAFabricOnTheNewVersion() {
    FabricSpec onA = dcqcnStar(FAST, SLOW, "fw-a");
    FabricSpec onB = dcqcnStar(FAST, SLOW, "fw-b");

    RunResult drifted =
        ModelFixtures.run(onA, INCAST.with(drift("host17", "fw-b", "0ps"))).result();
    RunResult native_ = ModelFixtures.run(onB, INCAST).result();

    assertThat(drifted.flows()).isEqualTo(native_.flows());
    assertThat(drifted.ports()).isEqualTo(native_.ports());
    assertThat(drifted.events())
        .extracting(FabricEvent::kind, FabricEvent::subject, FabricEvent::detail)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                FabricEvent.Kind.FAULT, "host17", "NIC firmware changed to fw-b"));
  }

  @Test
  void theReceiverUpgradedMidRunSendsCnpsAtTheOldPaceBeforeAndTheNewAfter() {
    FabricSpec onA = dcqcnStar(FAST, SLOW, "fw-a");
    FabricSpec onB = dcqcnStar(FAST, SLOW, "fw-b");

    long allA = cnpsSent(ModelFixtures.run(onA, INCAST).result());
    long allB = cnpsSent(ModelFixtures.run(onB, INCAST).result());
    long upgraded =
        cnpsSent(
            ModelFixtures.run(onA, INCAST.with(drift("host17:nic0", "fw-b", "300us"))).result());

    System.out.println(
        "CNPs all fw-a "
            + allA
            + ", all fw-b "
            + allB
            + ", fw-a until 300us then fw-b "
            + upgraded);
    assertThat(allA).as("CNPs, receiver on fw-a (4 us)").isGreaterThan(allB);
    assertThat(upgraded)
        .as("CNPs, receiver moved from fw-a to fw-b at 300 us")
        .isStrictlyBetween(allB, allA);
  }

  @Test
  void aRollingUpgradeSwitchesEachDeviceAtItsOwnTime() {
    FabricSpec onA = dcqcnStar(FAST, SLOW, "fw-a");
    Scenario rolling = INCAST;
    List<String> order = List.of("host1", "host2", "host3", "host4");
    for (int i = 0; i < order.size(); i++) {
      rolling = rolling.with(drift(order.get(i), "fw-b", (100 * (i + 1)) + "us"));
    }

    RunResult run = ModelFixtures.run(onA, rolling).result();

    assertThat(run.events())
        .extracting(FabricEvent::time, FabricEvent::subject)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(100), "host1"),
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(200), "host2"),
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(300), "host3"),
            org.assertj.core.groups.Tuple.tuple(SimTime.micros(400), "host4"));
  }

  @Test
  void aSettingTheModelCannotChangeIsRejectedNamingDeviceAndSetting() {
    FabricSpec spec = dcqcnStar(FAST, SLOW, "fw-a");
    try (FabricSession session = new ModelBackend().open(spec)) {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  session.run(
                      INCAST.with(
                          new Fault.ConfigDrift("host3", "qos.ecn.3", "off", SimTime.ZERO))))
          .withMessage(
              "config drift of host3 at 0ps: the model can change a NIC's or host's \"firmware\""
                  + " (its firmware version), \"outOfOrder\" (retransmit or tolerate), \"mtu\""
                  + " or \"speed\" (at time zero), not \"qos.ecn.3\"");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> session.run(INCAST.with(drift("host99", "fw-b", "0ps"))))
          .withMessage(
              "config drift of host99 at 0ps: host99 is not a switch, host or NIC of this fabric");
    }
  }
}
