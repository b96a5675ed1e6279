package dev.rocelab.lab.internal;

import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.scenario.HostDerangement;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.SenderSelection;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.lab.LabHost;
import dev.rocelab.lab.LabInventory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;

/**
 * Turns a scenario's workloads into the flows the lab runs, over the NICs of the lab inventory in
 * the fabric's order (as the model orders them). A permutation sends from each NIC to the NIC the
 * model pairs it with ({@link HostDerangement}, drawn from the scenario's seed); an incast sends to
 * the receiver from the NICs the model picks too ({@link SenderSelection}: the other hosts'
 * same-rail NICs first, round-robin over hosts), and so does a microburst, each sender pacing its
 * bursts with its tool; an all-to-all sends from every NIC to every NIC of another host; the lossy
 * part of mixed traffic always runs on iperf3. Each flow spreads its messages over as many queue
 * pairs as the model's ({@code qps} of a flow or permutation, else the source NIC profile's {@code
 * qpsPerConnection}); iperf3 runs one TCP stream. Collectives are no flows: {@link
 * CollectivePlanner} plans them.
 */
final class FlowPlanner {

  /**
   * The TCP ports servers listen on: each flow of a session takes the next one, wrapping around, so
   * a server left behind by a broken run never blocks the next.
   */
  static final int FIRST_PORT = 18_515;

  static final int PORTS = 1000;

  /** perftest sends at least this many messages ({@code -n}). */
  static final int LEAST_MESSAGES = 5;

  /** perftest sends at most this per message; bigger flows are sent as several messages. */
  static final DataSize LARGEST_MESSAGE = DataSize.mib(1);

  private final FabricGraph graph;
  private final LabInventory lab;
  private final List<FlowJob> flows = new ArrayList<>();
  private final int firstFlow;

  /** The permutations' pairs, drawn as the model draws them ({@link HostDerangement}). */
  private final SplittableRandom random;

  private FlowPlanner(FabricGraph graph, int firstFlow, long seed) {
    this.graph = graph;
    this.lab = LabInventory.of(graph.spec()).orElseThrow();
    this.firstFlow = firstFlow;
    this.random = new SplittableRandom(seed);
  }

  /**
   * Plans a scenario's flows.
   *
   * @param firstFlow how many flows the session ran before: sets the ports this scenario's flows
   *     use
   */
  static List<FlowJob> plan(FabricGraph graph, Scenario scenario, int firstFlow) {
    FlowPlanner planner = new FlowPlanner(graph, firstFlow, scenario.seed());
    scenario.workloads().forEach(w -> planner.add(w, planner.lab.flowTool()));
    return List.copyOf(planner.flows);
  }

  private void add(Workload workload, LabInventory.FlowTool tool) {
    if (workload instanceof Workload.RdmaFlow f) {
      if (f.period().picos() > 0 && f.message().compareTo(LARGEST_MESSAGE) > 0) {
        throw new UnsupportedScenarioException(
            "a paced flow's messages go whole through perftest, at most "
                + LARGEST_MESSAGE
                + "; "
                + f.describe()
                + " sends "
                + f.message());
      }
      flow(
          f.source(),
          f.destination(),
          f.dscp(),
          f.message(),
          f.messages(),
          f.qps(),
          f.verb(),
          tool,
          f.start(),
          f.period().picos() > 0
              ? Optional.of(new FlowJob.Bursts(1, paced(f.period(), tool)))
              : Optional.empty());
    } else if (workload instanceof Workload.Permutation p) {
      List<Endpoint> nics = nics();
      List<Endpoint> destinations;
      try {
        destinations = HostDerangement.draw(nics, p.pairing(), graph, random);
      } catch (IllegalArgumentException e) {
        throw new UnsupportedScenarioException(e.getMessage() + " (the NICs of lab.hosts)");
      }
      for (int n = 0; n < nics.size(); n++) {
        sized(nics.get(n), destinations.get(n), p.dscp(), p.flowSize(), p.qps(), tool, p.start());
      }
    } else if (workload instanceof Workload.Incast i) {
      Endpoint receiver = i.receiver().orElse(nics().get(0));
      senders("an incast", i.senders(), receiver)
          .forEach(s -> sized(s, receiver, i.dscp(), i.message(), qpsOf(s), tool, i.start()));
    } else if (workload instanceof Workload.Microburst m) {
      Endpoint receiver = m.receiver().orElse(nics().get(0));
      DataSize message = m.burst().bytes() <= LARGEST_MESSAGE.bytes() ? m.burst() : LARGEST_MESSAGE;
      long perBurst = (m.burst().bytes() + message.bytes() - 1) / message.bytes();
      FlowJob.Bursts bursts = new FlowJob.Bursts(perBurst, paced(m.period(), tool));
      for (Endpoint sender : senders("a microburst", m.senders(), receiver)) {
        flow(
            sender,
            receiver,
            m.dscp(),
            message,
            perBurst * m.bursts(),
            qpsOf(sender),
            Workload.Verb.WRITE,
            tool,
            m.start(),
            Optional.of(bursts));
      }
    } else if (workload instanceof Workload.AllToAll a) {
      List<Endpoint> nics = nics();
      for (Endpoint source : nics) {
        nics.stream()
            .filter(d -> !d.device().equals(source.device()))
            .forEach(
                destination ->
                    sized(
                        source,
                        destination,
                        a.dscp(),
                        a.perPair(),
                        qpsOf(source),
                        tool,
                        a.start()));
      }
    } else if (workload instanceof Workload.MixedTraffic m) {
      add(m.lossless(), tool);
      add(m.lossy(), LabInventory.FlowTool.IPERF3);
    } else if (!(workload
        instanceof Workload.Collective)) { // collectives go through the launcher, not as flows
      throw new IllegalArgumentException("unknown workload " + workload.describe());
    }
  }

  /** A pacing period the tool can keep. */
  private static SimTime paced(SimTime period, LabInventory.FlowTool tool) {
    if (tool == LabInventory.FlowTool.IPERF3 && period.picos() % 1_000_000 != 0) {
      throw new UnsupportedScenarioException(
          "iperf3 paces bursts in whole microseconds; a period of " + period + " is not one");
    }
    return period;
  }

  /**
   * The senders the model picks too ({@link SenderSelection}), among the lab inventory's NICs in
   * file order: same-rail NICs of the other hosts first, round-robin over hosts.
   */
  private List<Endpoint> senders(String what, int count, Endpoint receiver) {
    List<Endpoint> nics = nics();
    if (count > SenderSelection.available(nics, receiver)) {
      throw new UnsupportedScenarioException(
          what
              + " of "
              + count
              + " senders needs as many lab NICs other than "
              + receiver
              + "; the lab has "
              + SenderSelection.available(nics, receiver));
    }
    return SenderSelection.pick(nics, receiver, count);
  }

  /**
   * The lab inventory's NICs in the fabric's order, as the model orders them, whatever the order of
   * {@code lab.hosts}: the senders and pairs drawn from them are then the model's.
   */
  private List<Endpoint> nics() {
    List<Endpoint> nics = graph.nics().stream().filter(this::inInventory).toList();
    if (nics.isEmpty()) {
      throw new UnsupportedScenarioException(
          "the lab inventory lists no host NIC (lab.hosts.*.nics)");
    }
    return nics;
  }

  private boolean inInventory(Endpoint nic) {
    LabHost host = lab.hosts().get(nic.device());
    return host != null && host.nics().containsKey(nic.port());
  }

  /**
   * The message a flow of this size is sent in. perftest sends at least {@value #LEAST_MESSAGES}
   * messages, so a flow is cut into at least that many: the largest power of two (sizes in KiB and
   * MiB divide evenly) up to {@link #LARGEST_MESSAGE} — a 1 MiB incast sends 8 × 128 KiB, not 5 × 1
   * MiB. A flow too small to be cut into messages larger than a latency probe's is one message of
   * its size, which perftest sends {@value #LEAST_MESSAGES} times.
   *
   * @param size the flow's size
   * @return its message size
   */
  static DataSize messageFor(DataSize size) {
    long share = Math.min(LARGEST_MESSAGE.bytes(), size.bytes() / LEAST_MESSAGES);
    long message = Long.highestOneBit(Math.max(1, share));
    if (message <= FlowRunner.LATENCY_PROBE.bytes()) {
      return size.bytes() <= LARGEST_MESSAGE.bytes() ? size : LARGEST_MESSAGE;
    }
    return DataSize.bytes(message);
  }

  private void sized(
      Endpoint source,
      Endpoint destination,
      OptionalInt dscp,
      DataSize size,
      int qps,
      LabInventory.FlowTool tool,
      SimTime start) {
    DataSize message = messageFor(size);
    long messages = (size.bytes() + message.bytes() - 1) / message.bytes();
    flow(
        source,
        destination,
        dscp,
        message,
        messages,
        qps,
        Workload.Verb.WRITE,
        tool,
        start,
        Optional.empty());
  }

  private void flow(
      Endpoint source,
      Endpoint destination,
      OptionalInt dscp,
      DataSize message,
      long messages,
      int qps,
      Workload.Verb verb,
      LabInventory.FlowTool tool,
      SimTime start,
      Optional<FlowJob.Bursts> bursts) {
    int priority = priority(source, dscp);
    flows.add(
        new FlowJob(
            "flow" + flows.size(),
            source,
            destination,
            priority,
            message,
            messages,
            qps,
            verb,
            tool,
            FIRST_PORT + Math.floorMod(firstFlow + flows.size(), PORTS),
            start,
            bursts));
  }

  /**
   * The queue pairs the model opens per connection from this NIC where the workload does not say:
   * its profile's {@code qpsPerConnection}.
   */
  private int qpsOf(Endpoint source) {
    return graph.nicProfileOf(source).qpsPerConnection();
  }

  /** The priority the source's leaf maps the flow's DSCP (or the NIC's RoCE DSCP) to. */
  private int priority(Endpoint source, OptionalInt dscp) {
    int code = dscp.orElse(graph.nicProfileOf(source).roce().dscp());
    Link link =
        graph
            .linkAt(source)
            .orElseThrow(() -> new IllegalArgumentException(source + " is cabled to nothing"));
    String leaf = link.peerOf(source).device();
    return graph.spec().qosOf(graph.switchProfileOf(leaf)).priorityOf(code);
  }
}
