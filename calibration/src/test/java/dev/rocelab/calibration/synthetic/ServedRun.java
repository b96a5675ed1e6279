package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The model's run of one served scenario, as the synthetic lab hands it out: its point-to-point
 * flows to the perftest clients that run them, its collectives to the launcher, and its switch
 * counters to Prometheus, from the moment the first of those commands runs.
 *
 * <p>A client is given the model flow with its source and destination NICs. Where several flows
 * share both, they are handed out in port order: the lab gives its flows consecutive ports in plan
 * order, which for them is the model's order, so a client waits until every client of its source
 * and destination has come and the lowest port gets the first flow.
 */
final class ServedRun {

  /** A model flow's name begins with its kind and its workload's index, e.g. {@code incast#0}. */
  private static final Pattern WORKLOAD = Pattern.compile("[^#]+#(\\d+)");

  private final Map<Route, List<FlowResult>> unclaimed = new HashMap<>();
  private final Map<Route, SortedSet<Integer>> waiting = new HashMap<>();
  private final Map<Integer, FlowResult> claimed = new HashMap<>();
  private final Deque<CollectiveResult> collectives;
  private final List<Fault.PfcStorm> storms;
  private final Map<SwitchQueue, Map<SwitchCounter, Long>> totals = new HashMap<>();
  private Instant start;
  private Instant end;
  private int running;

  /**
   * @param model the model's run of the scenario
   */
  ServedRun(RunResult model) {
    List<Workload> workloads = model.scenario().workloads();
    for (FlowResult flow : model.flows()) {
      Matcher name = WORKLOAD.matcher(flow.id());
      // a collective's connections are the launcher's business, not perftest's
      if (name.lookingAt()
          && !(workloads.get(Integer.parseInt(name.group(1))) instanceof Workload.Collective)) {
        unclaimed
            .computeIfAbsent(new Route(flow.source(), flow.destination()), r -> new ArrayList<>())
            .add(flow);
      }
    }
    collectives = new ArrayDeque<>(model.collectives());
    storms =
        model.scenario().faults().stream()
            .filter(Fault.PfcStorm.class::isInstance)
            .map(Fault.PfcStorm.class::cast)
            .toList();
    for (PortStats stats : model.ports()) {
      if (model.fabric().device(stats.port().device()).filter(Device::isSwitch).isPresent()) {
        Map<SwitchCounter, Long> counts = new EnumMap<>(SwitchCounter.class);
        for (SwitchCounter counter : SwitchCounter.values()) {
          counts.put(counter, counter.of(stats));
        }
        totals.put(new SwitchQueue(stats.port(), stats.priority()), counts);
      }
    }
  }

  /**
   * A flow's source and destination NICs.
   *
   * @param source the sending NIC
   * @param destination the receiving NIC
   */
  record Route(Endpoint source, Endpoint destination) {
    @Override
    public String toString() {
      return source + "→" + destination;
    }
  }

  /**
   * Hands a perftest client its model flow.
   *
   * @param route the client's source NIC and its server's NIC
   * @param port the port of its server
   * @param together how long to wait for the other clients of the same route
   * @return the model flow
   * @throws IllegalStateException if the model ran no such flow, or no more of them
   * @throws InterruptedException if interrupted while waiting for the other clients
   */
  synchronized FlowResult claimFlow(Route route, int port, Duration together)
      throws InterruptedException {
    List<FlowResult> left = unclaimed.getOrDefault(route, List.of());
    SortedSet<Integer> ports = waiting.computeIfAbsent(route, r -> new TreeSet<>());
    if (left.size() <= ports.size()) {
      throw new IllegalStateException(
          "the model's run of the served scenario has no flow "
              + route
              + " left for port "
              + port
              + " (serve each scenario before the lab runs it)");
    }
    ports.add(port);
    if (ports.size() == left.size()) {
      Iterator<FlowResult> inOrder = left.iterator();
      ports.forEach(p -> claimed.put(p, inOrder.next()));
      left.clear();
      ports.clear();
      notifyAll();
    }
    long deadline = System.nanoTime() + together.toNanos();
    while (!claimed.containsKey(port)) {
      long remaining = deadline - System.nanoTime();
      if (remaining <= 0) {
        ports.remove(port);
        throw new IllegalStateException(
            "the model ran "
                + left.size()
                + " flows "
                + route
                + " but only "
                + (ports.size() + 1)
                + " perftest clients came within "
                + together.toSeconds()
                + " s: they are handed out in port order once all have come");
      }
      wait(Math.max(1, remaining / 1_000_000));
    }
    return claimed.remove(port);
  }

  /**
   * Hands the launcher the model's result of the next collective.
   *
   * @param binary the nccl-tests binary launched, e.g. {@code all_reduce_perf}
   * @param ranks the ranks it was launched on
   * @return the model's result
   * @throws IllegalStateException if the next collective the model ran is not that one
   */
  synchronized CollectiveResult claimCollective(String binary, int ranks) {
    CollectiveResult next = collectives.peekFirst();
    if (next == null
        || !binary.equals(next.operation().ncclName() + "_perf")
        || ranks != next.ranks()) {
      throw new IllegalStateException(
          "the model's run of the served scenario has no "
              + binary
              + " on "
              + ranks
              + " ranks left"
              + (next == null ? "" : "; next is " + next.describe()));
    }
    return collectives.removeFirst();
  }

  /**
   * @param nic the storming NIC
   * @param priority the priority it pauses
   * @param micros how long, µs
   * @return whether the model ran that storm
   */
  boolean stormed(Endpoint nic, int priority, long micros) {
    return storms.stream()
        .anyMatch(
            s ->
                s.nic().equals(nic)
                    && s.priority() == priority
                    && s.duration().picos() == micros * 1_000_000);
  }

  /** A client or launcher of the scenario starts: the first one brings the counters up. */
  synchronized void begin() {
    if (start == null) {
      start = Instant.now();
    }
    running++;
  }

  /** A client or launcher of the scenario ends. */
  synchronized void end() {
    running--;
    end = Instant.now();
  }

  /**
   * @return the switch queues the model counted anything on
   */
  synchronized Set<SwitchQueue> queues() {
    return Set.copyOf(totals.keySet());
  }

  /**
   * @param queue a switch queue
   * @param counter a counter, not a gauge
   * @param at a time
   * @return what the run had added to the counter by then: everything once it began, else 0
   */
  synchronized long counted(SwitchQueue queue, SwitchCounter counter, Instant at) {
    return start != null && !start.isAfter(at) ? total(queue, counter) : 0;
  }

  /**
   * A gauge as a watermark exporter scraped every {@code scrape} reports it: the highest it got
   * since the previous scrape.
   *
   * @param queue a switch queue
   * @param gauge a gauge
   * @param at a time
   * @param scrape the scrape interval
   * @return the run's peak if it was running in {@code (at − scrape, at]}, else 0
   */
  synchronized long level(SwitchQueue queue, SwitchCounter gauge, Instant at, Duration scrape) {
    boolean overlaps =
        start != null && !start.isAfter(at) && (running > 0 || end.isAfter(at.minus(scrape)));
    return overlaps ? total(queue, gauge) : 0;
  }

  private long total(SwitchQueue queue, SwitchCounter counter) {
    return totals.getOrDefault(queue, Map.of()).getOrDefault(counter, 0L);
  }
}
