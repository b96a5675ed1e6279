package dev.rocelab.model.internal.net;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.model.internal.engine.Component;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Looks for PFC deadlocks while the simulation runs. Its wait-for graph has a node for every switch
 * egress queue that holds frames but is paused by its peer; the queue waits on the peer switch's
 * egress queues that hold frames of the ingress priority group that sent the pause (a group is XOFF
 * because its frames cannot leave). A cycle in that graph can never drain by itself: it is reported
 * as a DEADLOCK event naming every queue in it. If no switch in the cycle runs a PFC watchdog,
 * nothing could ever break it, so the run stops there (stop reason DEADLOCK) instead of idling to
 * its bound.
 *
 * <p>A queue can only be paused after a PFC frame arrived, so a wake-up with no new frame since a
 * look that found nothing paused (or pending) skips the look: a run without PFC — a flow-level run,
 * a healthy one — pays nothing for the detector but its wake-ups. What it finds is the same.
 */
final class DeadlockDetector extends Component {

  /** How often the graph is examined. */
  static final long PERIOD_PS = 50_000_000L;

  private record Queue(SwitchNode sw, SwitchPort port, int priority) {
    @Override
    public String toString() {
      return port.name + "/" + priority;
    }
  }

  private final Network net;
  private final Set<String> reported = new HashSet<>();
  private long framesAtLastLook = 0;
  private boolean pausedAtLastLook = false;

  DeadlockDetector(Network net) {
    this.net = net;
    net.sim.register(this);
    net.sim.schedule(this, PERIOD_PS);
  }

  @Override
  protected void wake(long now) {
    if (net.pauseFramesReceived == framesAtLastLook && !pausedAtLastLook) {
      net.sim.schedule(this, now + PERIOD_PS);
      return;
    }
    framesAtLastLook = net.pauseFramesReceived;
    List<Queue> cycle = findCycle(now);
    if (!cycle.isEmpty()) {
      String description = describe(cycle);
      if (reported.add(description)) {
        net.event(now, FabricEvent.Kind.DEADLOCK, cycle.get(0).toString(), description);
      }
      boolean breakable = cycle.stream().anyMatch(q -> q.sw.hasWatchdog);
      if (!breakable) {
        net.deadlocked = true;
        net.sim.stop();
        return;
      }
    }
    net.sim.schedule(this, now + PERIOD_PS);
  }

  private List<Queue> findCycle(long now) {
    Map<Queue, List<Queue>> waits = new HashMap<>();
    List<Queue> paused = new ArrayList<>();
    pausedAtLastLook = false;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p = 0; p < 8; p++) {
          pausedAtLastLook |= port.pausedOrPending(p, now);
          if (port.holds(p) && port.isPaused(p, now)) {
            paused.add(new Queue(sw, port, p));
          }
        }
      }
    }
    for (Queue q : paused) {
      waits.put(q, waitsOn(q, now));
    }
    Map<Queue, Integer> state = new HashMap<>(); // 1 = on the current path, 2 = done
    for (Queue start : paused) {
      List<Queue> path = new ArrayList<>();
      List<Queue> cycle = dfs(start, waits, state, path);
      if (!cycle.isEmpty()) {
        return cycle;
      }
    }
    return List.of();
  }

  private List<Queue> waitsOn(Queue q, long now) {
    if (!(q.port.out.peer instanceof SwitchNode peer)) {
      return List.of(); // paused by a NIC: it waits on the host, not on the fabric
    }
    int ingress = q.port.out.peerPort;
    if (!peer.buffer.isXoff(ingress * 8 + q.priority)) {
      return List.of();
    }
    List<Queue> on = new ArrayList<>();
    for (SwitchPort out : peer.ports) {
      if (out.holds(q.priority)
          && out.isPaused(q.priority, now)
          && out.holdsFrom(q.priority, ingress)) {
        on.add(new Queue(peer, out, q.priority));
      }
    }
    return on;
  }

  private static List<Queue> dfs(
      Queue q, Map<Queue, List<Queue>> waits, Map<Queue, Integer> state, List<Queue> path) {
    Integer s = state.get(q);
    if (s != null && s == 2) {
      return List.of();
    }
    if (s != null && s == 1) {
      return new ArrayList<>(path.subList(path.indexOf(q), path.size()));
    }
    state.put(q, 1);
    path.add(q);
    for (Queue next : waits.getOrDefault(q, List.of())) {
      List<Queue> cycle = dfs(next, waits, state, path);
      if (!cycle.isEmpty()) {
        return cycle;
      }
    }
    path.remove(path.size() - 1);
    state.put(q, 2);
    return List.of();
  }

  private static String describe(List<Queue> cycle) {
    // start at the smallest name so the same cycle always reads the same
    int first = 0;
    for (int i = 1; i < cycle.size(); i++) {
      if (cycle.get(i).toString().compareTo(cycle.get(first).toString()) < 0) {
        first = i;
      }
    }
    StringBuilder text = new StringBuilder("PFC deadlock: ");
    for (int i = 0; i <= cycle.size(); i++) {
      if (i > 0) {
        text.append(" waits on ");
      }
      text.append(cycle.get((first + i) % cycle.size()));
    }
    return text.toString();
  }
}
