package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A stretch of time in which a fault keeps links out of service, as the scenario declares it: a
 * link down until the scenario's next link up of the same link, each down half of a flap, a
 * switch's reboot, a degrading optic's link from the optic's failure (until a link up). Everything
 * that needs to know which links were down and when — the recovery criteria, the alert timeline —
 * takes it from {@link #of(List, FabricGraph)}, so they cannot disagree.
 *
 * @param fault the fault that takes the links down
 * @param what what failed, for messages: {@code port leaf1:eth9}, {@code switch spine1}
 * @param links the links out of service; empty if the fault's port has no link
 * @param from when they go down
 * @param until when they come back; empty if not within the scenario
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Outage(
    Fault fault, String what, List<Link> links, SimTime from, Optional<SimTime> until) {

  /** Validates the fields and copies the links. */
  public Outage {
    Objects.requireNonNull(fault, "fault must not be null");
    Objects.requireNonNull(what, "what must not be null");
    links = List.copyOf(links);
    Objects.requireNonNull(from, "from must not be null");
    Objects.requireNonNull(until, "until must not be null");
  }

  /**
   * The outages that faults cause on a fabric, in fault order (a flap's down halves in time order).
   * Faults that take no link down (a link up, a PFC storm, bit errors, drift) cause none; a
   * degrading optic's outage starts when the optic fails.
   *
   * @param faults a scenario's faults
   * @param fabric the fabric they act on
   * @return the outages
   */
  public static List<Outage> of(List<Fault> faults, FabricGraph fabric) {
    List<Outage> outages = new ArrayList<>();
    for (Fault fault : faults) {
      if (fault instanceof Fault.LinkDown down) {
        List<Link> links = fabric.linkAt(down.port()).stream().toList();
        outages.add(
            new Outage(
                fault,
                "port " + down.port(),
                links,
                down.at(),
                nextLinkUp(faults, fabric, links, down.at())));
      } else if (fault instanceof Fault.DegradingOptic optic) {
        List<Link> links = fabric.linkAt(optic.port()).stream().toList();
        outages.add(
            new Outage(
                fault,
                "optic at " + optic.port(),
                links,
                optic.failsAt(),
                nextLinkUp(faults, fabric, links, optic.failsAt())));
      } else if (fault instanceof Fault.LinkFlap flap) {
        List<Link> links = fabric.linkAt(flap.port()).stream().toList();
        for (int i = 0; i < flap.count(); i++) {
          // down for the first half of each period (as the model flaps it)
          long start = flap.at().picos() + i * flap.period().picos();
          outages.add(
              new Outage(
                  fault,
                  "port " + flap.port(),
                  links,
                  SimTime.picos(start),
                  Optional.of(SimTime.picos(start + flap.period().picos() / 2))));
        }
      } else if (fault instanceof Fault.SwitchReset reset) {
        List<Link> links =
            fabric.ports(reset.device()).stream().map(p -> fabric.linkAt(p).orElseThrow()).toList();
        outages.add(
            new Outage(
                fault,
                "switch " + reset.device(),
                links,
                reset.at(),
                Optional.of(reset.at().plus(reset.rebootTime()))));
      }
    }
    return outages;
  }

  /** The first link up of the same link after a time, from either end. */
  private static Optional<SimTime> nextLinkUp(
      List<Fault> faults, FabricGraph fabric, List<Link> links, SimTime after) {
    return faults.stream()
        .filter(
            f ->
                f instanceof Fault.LinkUp u
                    && u.at().compareTo(after) > 0
                    && !links.isEmpty()
                    && fabric.linkAt(u.port()).equals(Optional.of(links.get(0))))
        .map(Fault::at)
        .min(SimTime::compareTo);
  }
}
