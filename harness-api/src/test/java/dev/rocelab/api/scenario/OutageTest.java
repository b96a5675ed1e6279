package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Fabrics;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which links a scenario's faults take down, and when: one answer for criteria and alerts alike.
 */
class OutageTest {

  private final FabricGraph fabric = Fabrics.minimal();
  private final Endpoint uplink = fabric.uplinks("leaf1").get(0);
  private final Link uplinkLink = fabric.linkAt(uplink).orElseThrow();

  @Test
  void aLinkDownLastsUntilTheNextLinkUpOfTheSameLinkFromEitherEnd() {
    Endpoint otherEnd = uplinkLink.peerOf(uplink);
    List<Fault> faults =
        List.of(
            Fault.linkDown(uplink.toString()).at("1ms"),
            Fault.linkUp(otherEnd.toString()).at("3ms"),
            Fault.linkUp(uplink.toString()).at("5ms"));

    assertThat(Outage.of(faults, fabric))
        .singleElement()
        .satisfies(
            outage -> {
              assertThat(outage.what()).isEqualTo("port " + uplink);
              assertThat(outage.links()).containsExactly(uplinkLink);
              assertThat(outage.from()).isEqualTo(SimTime.millis(1));
              assertThat(outage.until()).contains(SimTime.millis(3));
            });
  }

  @Test
  void aLinkNeverBroughtBackStaysDownAndAnUncabledPortTakesNothingDown() {
    List<Outage> outages =
        Outage.of(
            List.of(
                Fault.linkDown(uplink.toString()).at("1ms"),
                Fault.linkDown("leaf1:eth99").at("2ms")),
            fabric);

    assertThat(outages)
        .extracting(Outage::links, Outage::until)
        .containsExactly(
            tuple(List.of(uplinkLink), Optional.empty()), tuple(List.of(), Optional.empty()));
  }

  @Test
  void aFlapIsDownForTheFirstHalfOfEachPeriod() {
    assertThat(Outage.of(List.of(Fault.linkFlap(uplink.toString(), "2ms", 3).at("1ms")), fabric))
        .extracting(o -> o.from().toString(), o -> o.until().orElseThrow().toString())
        .containsExactly(tuple("1ms", "2ms"), tuple("3ms", "4ms"), tuple("5ms", "6ms"));
  }

  @Test
  void aSwitchResetTakesEveryLinkOfTheSwitchDownForItsReboot() {
    assertThat(Outage.of(List.of(Fault.switchReset("spine1", "50ms").at("1ms")), fabric))
        .singleElement()
        .satisfies(
            outage -> {
              assertThat(outage.what()).isEqualTo("switch spine1");
              assertThat(outage.links())
                  .hasSize(fabric.ports("spine1").size())
                  .allMatch(
                      l -> l.a().device().equals("spine1") || l.b().device().equals("spine1"));
              assertThat(outage.until()).contains(SimTime.millis(51));
            });
  }

  @Test
  void aDegradingOpticTakesItsLinkDownWhenItFailsUntilALinkUp() {
    Endpoint otherEnd = uplinkLink.peerOf(uplink);

    assertThat(
            Outage.of(
                List.of(
                    Fault.degradingOptic(otherEnd.toString(), 1e-8, 1e-4, "2ms").at("1ms"),
                    Fault.linkUp(uplink.toString()).at("2ms"),
                    Fault.linkUp(uplink.toString()).at("7ms")),
                fabric))
        .singleElement()
        .satisfies(
            outage -> {
              assertThat(outage.what()).isEqualTo("optic at " + otherEnd);
              assertThat(outage.links()).containsExactly(uplinkLink);
              assertThat(outage.from()).isEqualTo(SimTime.millis(3));
              assertThat(outage.until()).contains(SimTime.millis(7));
            });
  }

  @Test
  void faultsThatTakeNoLinkDownCauseNoOutage() {
    assertThat(
            Outage.of(
                List.of(
                    Fault.linkUp(uplink.toString()).at("1ms"),
                    Fault.pfcStorm("host1:nic0", 3, "1ms").at("1ms"),
                    Fault.bitErrors(uplink.toString(), 1e-9).at("1ms")),
                fabric))
        .isEmpty();
  }
}
