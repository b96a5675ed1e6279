package dev.rocelab.model.net;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.model.engine.Component;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Applies a scenario's faults at their simulated times. A link that goes down loses the frames on
 * its wires and in its ports' queues; the two switches on it notice after
 * {@link #LOCAL_DETECTION_PS} and route around it, every other switch after
 * {@link #RECONVERGENCE_PS} (until then they keep hashing flows onto paths through it, and those
 * frames are lost at the dead port). A link that comes back is taken into use the same way.
 */
final class FaultInjector extends Component {

  /** Loss of signal seen by the switches on the failed link: they drop it from their ECMP groups. */
  static final long LOCAL_DETECTION_PS = 10_000_000L;
  /** Routing reconvergence of every other switch (a fast BGP/BFD fabric). */
  static final long RECONVERGENCE_PS = 200_000_000L;

  private record Action(long timePs, long order, Runnable run) {}

  private final Network net;
  private final PriorityQueue<Action> actions = new PriorityQueue<>(
      (x, y) -> x.timePs != y.timePs ? Long.compare(x.timePs, y.timePs) : Long.compare(x.order, y.order));
  private long nextOrder;

  FaultInjector(Network net, List<Fault> faults) {
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
        at(start, now -> {
          nic.stick(f.priority());
          net.event(now, FabricEvent.Kind.FAULT, f.nic().toString(),
              "receive path stuck on priority " + f.priority() + ": PFC storm");
        });
        if (f.duration().picos() > 0) {
          at(start + f.duration().picos(), now -> {
            nic.unstick(now);
            net.event(now, FabricEvent.Kind.RECOVERY, f.nic().toString(), "receive path works again");
          });
        }
      } else {
        throw new IllegalArgumentException("the model cannot inject " + fault.describe() + " yet");
      }
    }
    net.sim.register(this);
    if (!actions.isEmpty()) {
      net.sim.schedule(this, actions.peek().timePs);
    }
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
    return net.links.stream().filter(l -> l.touches(port)).findFirst()
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
    if (!actions.isEmpty()) {
      net.sim.schedule(this, actions.peek().timePs);
    }
  }

  private void down(FabricLink link, String port, long now) {
    if (link.isDown()) {
      return;
    }
    link.a().linkDown(now);
    link.b().linkDown(now);
    link.a().out.loseAll(link.a(), now);
    link.b().out.loseAll(link.b(), now);
    net.event(now, FabricEvent.Kind.FAULT, port, "link " + link.name() + " down");
    reconverge(link, now);
  }

  private void up(FabricLink link, String port, long now) {
    if (!link.isDown()) {
      return;
    }
    link.a().linkUp(now);
    link.b().linkUp(now);
    net.event(now, FabricEvent.Kind.RECOVERY, port, "link " + link.name() + " up");
    reconverge(link, now);
  }

  private void reconverge(FabricLink link, long now) {
    boolean[] local = new boolean[net.switches.length];
    boolean[] all = new boolean[net.switches.length];
    for (int s = 0; s < net.switches.length; s++) {
      all[s] = true;
      for (SwitchPort p : net.switches[s].ports) {
        local[s] |= p == link.a() || p == link.b();
      }
    }
    schedule(now + LOCAL_DETECTION_PS, () -> net.reroute(local));
    schedule(now + RECONVERGENCE_PS, () -> {
      net.reroute(all);
      net.event(now + RECONVERGENCE_PS, FabricEvent.Kind.RECONVERGENCE, link.name(), "routes recomputed on every switch");
    });
  }

  private void schedule(long timePs, Runnable action) {
    actions.add(new Action(timePs, nextOrder++, action));
    net.sim.scheduleNoLaterThan(this, timePs);
  }
}
