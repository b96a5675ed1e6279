package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.model.internal.engine.Component;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Applies a scenario's faults at their simulated times. A link that goes down loses the frames on
 * its wires and in its ports' queues; the switches on it route around it after their profile's
 * failure detection, every other switch after its route convergence (until then they keep hashing
 * flows onto paths through it, and those frames are lost at the dead port). A link that comes back
 * is taken into use the same way. A switch reset takes all its links down for the reboot time and
 * flushes its buffers. Bit errors make the frames of a link fail their CRC at the receiver; a
 * degrading optic raises its pre-FEC bit-error rate step by step (the link's FEC corrects what it
 * can, frames with an uncorrectable codeword fail their CRC) and then takes the link down. A PFC
 * storm sticks a NIC's receive path. A config drift of {@value #FIRMWARE} moves a NIC (a host: all
 * its NICs) to another firmware version, or a switch to another NOS version ({@value #NOS} names
 * the same for a switch), with the behaviour the fabric's registry gives that version — a rolling
 * upgrade is one drift per device. {@value #LOAD_BALANCING} switches a switch's load-balancing mode
 * ({@code ecmp}, {@code flowlet}, {@code packet}, {@code global}, its other settings kept), {@value
 * #OUT_OF_ORDER} a NIC's handling of reordered packets ({@code retransmit}, {@code tolerate}), and
 * {@value #MTU} and {@value #SPEED} set a NIC's RoCE MTU and link speed at time zero (the network
 * is built with them).
 */
final class FaultInjector extends Component {

  private record Action(long timePs, long order, Runnable run) {}

  /**
   * The setting of a config drift that changes a device's firmware (NIC) or NOS (switch) version.
   */
  static final String FIRMWARE = "firmware";

  /** The setting of a config drift that changes a switch's NOS version. */
  static final String NOS = "nos";

  /** The setting of a config drift that changes a switch's load-balancing mode. */
  static final String LOAD_BALANCING = "loadBalancing";

  /** The setting of a config drift that changes how a NIC treats reordered packets. */
  static final String OUT_OF_ORDER = "outOfOrder";

  /** The setting of a config drift that sets a NIC's RoCE MTU (at time zero). */
  static final String MTU = "mtu";

  /** The setting of a config drift that sets a NIC's link speed (at time zero). */
  static final String SPEED = "speed";

  /** The steps of a degrading optic's rising bit-error rate. */
  static final int OPTIC_STEPS = 20;

  private final Network net;
  private final PriorityQueue<Action> actions =
      new PriorityQueue<>(
          (x, y) ->
              x.timePs != y.timePs
                  ? Long.compare(x.timePs, y.timePs)
                  : Long.compare(x.order, y.order));
  private long nextOrder;

  FaultInjector(Network net, List<Fault> faults, FirmwareRegistry registry) {
    this.net = net;
    for (Fault fault : faults) {
      if (fault instanceof Fault.LinkDown f) {
        FabricLink link = linkAt(f.port().toString());
        at(f.at().picos(), now -> down(link, f.port().toString(), now));
      } else if (fault instanceof Fault.LinkUp f) {
        FabricLink link = linkAt(f.port().toString());
        at(f.at().picos(), now -> up(link, f.port().toString(), now));
      } else if (fault instanceof Fault.LinkFlap f) {
        FabricLink link = linkAt(f.port().toString());
        long period = f.period().picos();
        for (int i = 0; i < f.count(); i++) {
          long start = f.at().picos() + i * period;
          at(start, now -> down(link, f.port().toString(), now));
          at(start + period / 2, now -> up(link, f.port().toString(), now));
        }
      } else if (fault instanceof Fault.PfcStorm f) {
        NicNode nic = nicAt(f.nic().toString());
        long start = f.at().picos();
        at(
            start,
            now -> {
              nic.stick(f.priority());
              net.event(
                  now,
                  FabricEvent.Kind.FAULT,
                  f.nic().toString(),
                  "receive path stuck on priority " + f.priority() + ": PFC storm");
            });
        if (f.duration().picos() > 0) {
          at(
              start + f.duration().picos(),
              now -> {
                nic.unstick(now);
                net.event(
                    now, FabricEvent.Kind.RECOVERY, f.nic().toString(), "receive path works again");
              });
        }
      } else if (fault instanceof Fault.SwitchReset f) {
        SwitchNode sw = switchNamed(f.device());
        List<FabricLink> links =
            net.links.stream()
                .filter(
                    l ->
                        l.a() instanceof SwitchPort a && a.owner == sw
                            || l.b() instanceof SwitchPort b && b.owner == sw)
                .toList();
        at(f.at().picos(), now -> reset(sw, links, now));
        at(f.at().picos() + f.rebootTime().picos(), now -> restart(sw, links, now));
      } else if (fault instanceof Fault.RouteChange f) {
        FabricLink link = linkAt(f.port().toString());
        at(
            f.at().picos(),
            now -> {
              for (Port end : List.of(link.a(), link.b())) {
                if (end instanceof SwitchPort sp) {
                  sp.withdrawn = f.withdrawn();
                }
              }
              net.event(
                  now,
                  FabricEvent.Kind.FAULT,
                  f.port().toString(),
                  "link "
                      + link.name()
                      + (f.withdrawn() ? " taken out of routing" : " put back into routing"));
              reconverge(List.of(link), link.name(), now, true);
            });
      } else if (fault instanceof Fault.BitErrors f) {
        FabricLink link = linkAt(f.port().toString());
        long seed = net.seed ^ (31L * link.name().hashCode());
        at(
            f.at().picos(),
            now -> {
              link.a().out.startBitErrors(f.bitErrorRate(), seed);
              link.b().out.startBitErrors(f.bitErrorRate(), ~seed);
              net.event(
                  now,
                  FabricEvent.Kind.FAULT,
                  f.port().toString(),
                  "bit errors on " + link.name() + ", BER " + f.bitErrorRate());
            });
      } else if (fault instanceof Fault.DegradingOptic f) {
        degrade(f);
      } else if (fault instanceof Fault.ConfigDrift f) {
        drift(f, registry);
      } else {
        throw new IllegalArgumentException("the model cannot inject " + fault.describe() + " yet");
      }
    }
    net.sim.register(this);
    if (!actions.isEmpty()) {
      net.sim.schedule(this, actions.peek().timePs);
    }
  }

  private void drift(Fault.ConfigDrift f, FirmwareRegistry registry) {
    String where = "config drift of " + f.device() + " at " + f.at();
    SwitchNode sw = null;
    for (SwitchNode s : net.switches) {
      if (s.name.equals(f.device())) {
        sw = s;
      }
    }
    if (sw != null) {
      switchDrift(sw, f, registry, where);
      return;
    }
    List<NicNode> nics = nicsOf(f.device());
    if (nics.isEmpty()) {
      throw new IllegalArgumentException(
          where + ": " + f.device() + " is not a switch, host or NIC of this fabric");
    }
    switch (f.setting()) {
      case FIRMWARE ->
          at(
              f.at().picos(),
              now -> {
                for (NicNode nic : nics) {
                  nic.changeFirmware(registry.nicBehaviour(f.value()), now);
                }
                net.event(
                    now,
                    FabricEvent.Kind.FAULT,
                    f.device(),
                    "NIC firmware changed to "
                        + f.value()
                        + (registry.nicFirmware(f.value()).isPresent()
                            ? ""
                            : " (no behaviour profile: generic behaviour)"));
              });
      case OUT_OF_ORDER -> {
        OutOfOrder handling = choice(f.value(), OutOfOrder.class, where);
        at(
            f.at().picos(),
            now -> {
              for (NicNode nic : nics) {
                nic.outOfOrder = handling;
              }
              net.event(
                  now, FabricEvent.Kind.FAULT, f.device(), "out-of-order handling " + f.value());
            });
      }
      case MTU -> {
        if (f.at().picos() != 0) {
          throw new IllegalArgumentException(
              where
                  + ": the model sets a NIC's \""
                  + MTU
                  + "\" at time zero only (its queue pairs are built with it)");
        }
        at(0, now -> net.event(now, FabricEvent.Kind.FAULT, f.device(), "RoCE MTU " + f.value()));
      }
      case SPEED -> {
        if (f.at().picos() != 0) {
          throw new IllegalArgumentException(
              where
                  + ": the model sets a NIC's link \""
                  + SPEED
                  + "\" at time zero only (its ports are built with it)");
        }
        at(0, now -> net.event(now, FabricEvent.Kind.FAULT, f.device(), "link speed " + f.value()));
      }
      default ->
          throw new IllegalArgumentException(
              where
                  + ": the model can change a NIC's or host's \""
                  + FIRMWARE
                  + "\" (its firmware version), \""
                  + OUT_OF_ORDER
                  + "\" (retransmit or tolerate), \""
                  + MTU
                  + "\" or \""
                  + SPEED
                  + "\" (at time zero), not \""
                  + f.setting()
                  + "\"");
    }
  }

  private void switchDrift(
      SwitchNode target, Fault.ConfigDrift f, FirmwareRegistry registry, String where) {
    switch (f.setting()) {
      case FIRMWARE, NOS ->
          at(
              f.at().picos(),
              now -> {
                target.changeNos(f.value(), registry, now);
                net.event(
                    now,
                    FabricEvent.Kind.FAULT,
                    target.name,
                    "NOS version changed to "
                        + f.value()
                        + (registry.switchNos(f.value()).isPresent()
                            ? ""
                            : " (no behaviour profile: generic behaviour)"));
              });
      case LOAD_BALANCING -> {
        LoadBalancing.Mode mode = choice(f.value(), LoadBalancing.Mode.class, where);
        at(
            f.at().picos(),
            now -> {
              target.changeLoadBalancing(mode);
              net.event(now, FabricEvent.Kind.FAULT, target.name, "load balancing " + f.value());
            });
      }
      default ->
          throw new IllegalArgumentException(
              where
                  + ": the model can change a switch's \""
                  + FIRMWARE
                  + "\" or \""
                  + NOS
                  + "\" (its NOS version) or \""
                  + LOAD_BALANCING
                  + "\" (its mode), not \""
                  + f.setting()
                  + "\"");
    }
  }

  /** A setting's value as the fabric file writes it: the constant's name in lower case. */
  private static <E extends Enum<E>> E choice(String value, Class<E> type, String where) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().toLowerCase(Locale.ROOT).equals(value)) {
        return constant;
      }
    }
    List<String> known = new ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      known.add(constant.name().toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException(
        where + ": \"" + value + "\" is not one of " + String.join(", ", known));
  }

  /** A NIC, or every NIC of a host. */
  private List<NicNode> nicsOf(String device) {
    List<NicNode> nics = new ArrayList<>();
    for (NicNode n : net.nics) {
      if (n.name.equals(device) || n.name.startsWith(device + ":")) {
        nics.add(n);
      }
    }
    return nics;
  }

  private SwitchNode switchNamed(String name) {
    for (SwitchNode sw : net.switches) {
      if (sw.name.equals(name)) {
        return sw;
      }
    }
    throw new IllegalArgumentException(name + " is not a switch of this fabric");
  }

  /**
   * @param net the network
   * @param faults a scenario's faults
   * @return both wires of every link a degrading optic acts on, in fault order, each once: the
   *     wires whose FEC counts
   */
  static List<Wire> opticWires(Network net, List<Fault> faults) {
    Set<Wire> wires = new LinkedHashSet<>();
    for (Fault fault : faults) {
      if (fault instanceof Fault.DegradingOptic f) {
        FabricLink link = linkAt(net, f.port().toString());
        wires.add(link.a().out);
        wires.add(link.b().out);
      }
    }
    return List.copyOf(wires);
  }

  private NicNode nicAt(String nic) {
    for (NicNode n : net.nics) {
      if (n.name.equals(nic)) {
        return n;
      }
    }
    throw new IllegalArgumentException(nic + " is not a NIC of this fabric");
  }

  private FabricLink linkAt(String port) {
    return linkAt(net, port);
  }

  private static FabricLink linkAt(Network net, String port) {
    return net.links.stream()
        .filter(l -> l.touches(port))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no link at port " + port));
  }

  private interface Timed {
    void apply(long now);
  }

  private void at(long timePs, Timed action) {
    actions.add(new Action(timePs, nextOrder++, () -> action.apply(timePs)));
  }

  @Override
  protected void wake(long now) {
    while (!actions.isEmpty() && actions.peek().timePs <= now) {
      actions.poll().run.run();
    }
    net.topologyChanged(now);
    if (!actions.isEmpty()) {
      net.sim.schedule(this, actions.peek().timePs);
    }
  }

  /**
   * A degrading optic: the link's pre-FEC BER set at {@link #OPTIC_STEPS} times spread evenly over
   * the degradation, rising log-linearly from the first to the last value; then the link goes down.
   */
  private void degrade(Fault.DegradingOptic f) {
    FabricLink link = linkAt(f.port().toString());
    long seed = net.seed ^ (37L * link.name().hashCode());
    long bitsPerSecond = Math.round(8e12 / link.a().psPerByte);
    long start = f.at().picos();
    long over = f.over().picos();
    double decades = Math.log10(f.toBer() / f.fromBer());
    for (int step = 0; step < OPTIC_STEPS; step++) {
      double ber = f.fromBer() * Math.pow(10, decades * step / (OPTIC_STEPS - 1));
      boolean first = step == 0;
      at(
          start + over * step / OPTIC_STEPS,
          now -> {
            if (link.isDown()) {
              return;
            }
            link.a().out.degrade(ber, bitsPerSecond, seed);
            link.b().out.degrade(ber, bitsPerSecond, ~seed);
            if (first) {
              net.event(
                  now,
                  FabricEvent.Kind.FAULT,
                  f.port().toString(),
                  "optic of link "
                      + link.name()
                      + " degrading: pre-FEC BER "
                      + f.fromBer()
                      + " rising to "
                      + f.toBer()
                      + " by "
                      + f.failsAt());
            }
          });
    }
    at(
        f.failsAt().picos(),
        now -> {
          if (!link.isDown()) {
            cut(link, null, now);
            net.event(
                now,
                FabricEvent.Kind.FAULT,
                f.port().toString(),
                "link " + link.name() + " down: its optic failed");
            reconverge(List.of(link), link.name(), now, false);
          }
        });
  }

  private void down(FabricLink link, String port, long now) {
    if (link.isDown()) {
      return;
    }
    cut(link, null, now);
    net.event(now, FabricEvent.Kind.FAULT, port, "link " + link.name() + " down");
    reconverge(List.of(link), link.name(), now, false);
  }

  private void up(FabricLink link, String port, long now) {
    if (!link.isDown()) {
      return;
    }
    link.a().linkUp(now);
    link.b().linkUp(now);
    net.event(now, FabricEvent.Kind.RECOVERY, port, "link " + link.name() + " up");
    reconverge(List.of(link), link.name(), now, false);
  }

  /** A switch resets: every link of it goes down, and what the switch held is flushed. */
  private void reset(SwitchNode sw, List<FabricLink> links, long now) {
    for (FabricLink link : links) {
      if (!link.isDown()) {
        cut(link, sw, now);
      }
    }
    net.event(
        now,
        FabricEvent.Kind.FAULT,
        sw.name,
        "switch " + sw.name + " resets: all ports down, buffers flushed");
    reconverge(links, sw.name, now, false);
  }

  private void restart(SwitchNode sw, List<FabricLink> links, long now) {
    for (FabricLink link : links) {
      link.a().linkUp(now);
      link.b().linkUp(now);
    }
    net.event(now, FabricEvent.Kind.RECOVERY, sw.name, "switch " + sw.name + " is back");
    reconverge(links, sw.name, now, false);
  }

  /**
   * Takes a link down: frames on its wires are lost, and so are those queued at its ports — for
   * SWITCH_RESET on the side of a resetting switch, LINK_DOWN elsewhere.
   */
  private void cut(FabricLink link, SwitchNode resetting, long now) {
    for (Port end : List.of(link.a(), link.b())) {
      boolean flushed = end instanceof SwitchPort sp && sp.owner == resetting;
      end.linkDown(now, flushed ? DropReason.SWITCH_RESET : DropReason.LINK_DOWN);
    }
    link.a().out.loseAll(link.a(), now);
    link.b().out.loseAll(link.b(), now);
  }

  /**
   * Schedules each switch's new routes: a switch on one of the links after its own failure
   * detection (at once for an administrative change), every other switch its own route convergence
   * after that.
   */
  private void reconverge(
      List<FabricLink> links, String subject, long now, boolean administrative) {
    int n = net.switches.length;
    long[] at = new long[n];
    long detected = Long.MAX_VALUE;
    boolean[] local = new boolean[n];
    for (int s = 0; s < n; s++) {
      for (SwitchPort p : net.switches[s].ports) {
        for (FabricLink link : links) {
          local[s] |= p == link.a() || p == link.b();
        }
      }
      if (local[s]) {
        at[s] = administrative ? now : now + net.switches[s].failureDetectionPs;
        detected = Math.min(detected, at[s]);
      }
    }
    long last = 0;
    for (int s = 0; s < n; s++) {
      if (!local[s]) {
        at[s] = detected + net.switches[s].routeConvergencePs;
      }
      last = Math.max(last, at[s]);
      boolean[] only = new boolean[n];
      only[s] = true;
      schedule(at[s], () -> net.reroute(only));
    }
    long everywhere = last;
    schedule(
        everywhere,
        () ->
            net.event(
                everywhere,
                FabricEvent.Kind.RECONVERGENCE,
                subject,
                "routes recomputed on every switch"));
  }

  private void schedule(long timePs, Runnable action) {
    actions.add(new Action(timePs, nextOrder++, action));
    net.sim.scheduleNoLaterThan(this, timePs);
  }
}
