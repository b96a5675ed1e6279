package dev.rocelab.model.internal.traffic;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.HostDerangement;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.SenderSelection;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.AllToAll;
import dev.rocelab.api.scenario.Workload.Collective;
import dev.rocelab.api.scenario.Workload.Incast;
import dev.rocelab.api.scenario.Workload.Microburst;
import dev.rocelab.api.scenario.Workload.MixedTraffic;
import dev.rocelab.api.scenario.Workload.Permutation;
import dev.rocelab.api.scenario.Workload.RdmaFlow;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Turns a scenario's workloads into the flows the simulator runs. The plan is deterministic: the
 * same scenario and fabric give the same flows in the same order — workloads in scenario order, and
 * within a workload:
 *
 * <ul>
 *   <li>{@link RdmaFlow}: one flow, with the workload's messages, queue pairs and pacing.
 *   <li>{@link Incast}: one single-message flow per sender to the receiver (given, or the fabric's
 *       first NIC); senders in the order {@link SenderSelection} picks them — same-rail NICs of the
 *       other hosts first, round-robin over hosts.
 *   <li>{@link Microburst}: the incast's senders, each sending {@code bursts} messages of {@code
 *       burst} bytes, one every {@code period}.
 *   <li>{@link MixedTraffic}: the lossless part, then the lossy part flagged {@link
 *       FlowSpec#background()}; the lossy part must carry its own DSCP.
 *   <li>{@link Permutation}: one flow per NIC in fabric order, to a destination on another host
 *       drawn by {@link HostDerangement}.
 *   <li>{@link AllToAll}: one flow from every NIC to every NIC on another host, ordered by (source,
 *       destination) in fabric order.
 *   <li>{@link Collective}: no flows here; a collective's connections are planned with its
 *       transfers ({@code dev.rocelab.model.internal.collective}) and appended after these flows.
 * </ul>
 *
 * <p>A workload without a DSCP uses the source NIC's RoCE marking ({@code roce().dscp()}).
 * Workloads that do not say how many queue pairs to use get the source NIC profile's {@code
 * qpsPerConnection}. Generated flows use RDMA WRITE. Random choices come from one {@code new
 * SplittableRandom(scenario.seed())} stream, consumed in plan order, so a second permutation in the
 * same scenario differs from the first.
 *
 * <p>Flow names read {@code kind#path source→destination}, where {@code path} is the workload's
 * index in the scenario, followed by {@code .lossless} or {@code .lossy} inside mixed traffic —
 * e.g. {@code incast#0 host2:nic0→host1:nic0}, {@code all-to-all#1.lossy host1:nic0→host2:nic0}.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class TrafficPlan {

  private static final int NICS_NAMED_IN_ERRORS = 4;

  private final FabricGraph graph;
  private final List<Endpoint> nics;
  private final Set<Endpoint> nicSet;
  private final SplittableRandom random;
  private final List<FlowSpec> flows = new ArrayList<>();

  private TrafficPlan(Scenario scenario, FabricGraph graph) {
    this.graph = graph;
    this.nics = graph.nics();
    this.nicSet = new HashSet<>(nics);
    this.random = new SplittableRandom(scenario.seed());
  }

  /**
   * Expands a scenario's workloads on a fabric.
   *
   * @param scenario the scenario, never null
   * @param graph the expanded fabric, never null
   * @return the flows, ids 0..n−1 in plan order; never null
   * @throws IllegalArgumentException if a workload names an endpoint that is not a NIC of the
   *     fabric, needs more NICs than the fabric has, or is mixed traffic whose lossy part has no
   *     DSCP
   */
  public static List<FlowSpec> of(Scenario scenario, FabricGraph graph) {
    Objects.requireNonNull(scenario, "scenario must not be null");
    Objects.requireNonNull(graph, "graph must not be null");
    TrafficPlan plan = new TrafficPlan(scenario, graph);
    if (plan.nics.isEmpty()) {
      throw new IllegalArgumentException(
          "fabric " + graph.spec().name() + " has no NICs to run " + scenario.name() + " on");
    }
    List<Workload> workloads = scenario.workloads();
    for (int i = 0; i < workloads.size(); i++) {
      plan.expand(workloads.get(i), Integer.toString(i), false);
    }
    return List.copyOf(plan.flows);
  }

  private void expand(Workload workload, String path, boolean background) {
    if (workload instanceof RdmaFlow f) {
      Endpoint source = nic(f.source(), "source of " + f.describe());
      Endpoint destination = nic(f.destination(), "destination of " + f.describe());
      add(
          "rdma",
          path,
          source,
          destination,
          f.message().bytes(),
          f.messages(),
          f.qps(),
          f.dscp(),
          f.start(),
          f.period().picos(),
          f.verb(),
          background);
    } else if (workload instanceof Incast i) {
      Endpoint receiver = receiver(i.receiver(), i);
      for (Endpoint sender : senders(receiver, i.senders(), "incast")) {
        add(
            "incast",
            path,
            sender,
            receiver,
            i.message().bytes(),
            1,
            qpsOf(sender),
            i.dscp(),
            i.start(),
            0,
            Workload.Verb.WRITE,
            background);
      }
    } else if (workload instanceof Microburst m) {
      Endpoint receiver = receiver(m.receiver(), m);
      for (Endpoint sender : senders(receiver, m.senders(), "microburst")) {
        add(
            "microburst",
            path,
            sender,
            receiver,
            m.burst().bytes(),
            m.bursts(),
            qpsOf(sender),
            m.dscp(),
            m.start(),
            m.period().picos(),
            Workload.Verb.WRITE,
            background);
      }
    } else if (workload instanceof MixedTraffic mixed) {
      expand(mixed.lossless(), path + ".lossless", background);
      requireLossyDscp(mixed.lossy());
      expand(mixed.lossy(), path + ".lossy", true);
    } else if (workload instanceof Permutation p) {
      List<Endpoint> destinations = HostDerangement.draw(nics, p.pairing(), graph, random);
      for (int i = 0; i < nics.size(); i++) {
        Endpoint source = nics.get(i);
        add(
            "permutation",
            path,
            source,
            destinations.get(i),
            p.flowSize().bytes(),
            1,
            p.qps(),
            p.dscp(),
            p.start(),
            0,
            Workload.Verb.WRITE,
            background);
      }
    } else if (workload instanceof AllToAll a) {
      for (Endpoint source : nics) {
        for (Endpoint destination : nics) {
          if (!destination.device().equals(source.device())) {
            add(
                "all-to-all",
                path,
                source,
                destination,
                a.perPair().bytes(),
                1,
                qpsOf(source),
                a.dscp(),
                a.start(),
                0,
                Workload.Verb.WRITE,
                background);
          }
        }
      }
    } else if (!(workload instanceof Collective || workload instanceof Workload.Training)) {
      // collectives and training jobs set up their own connections
      throw new IllegalArgumentException("unknown workload " + workload.describe());
    }
  }

  private void add(
      String kind,
      String path,
      Endpoint source,
      Endpoint destination,
      long messageBytes,
      int messages,
      int qps,
      OptionalInt dscp,
      SimTime start,
      long periodPs,
      Workload.Verb verb,
      boolean background) {
    int resolvedDscp =
        dscp.isPresent() ? dscp.getAsInt() : graph.nicProfileOf(source).roce().dscp();
    String name = kind + "#" + path + " " + source + "→" + destination;
    flows.add(
        new FlowSpec(
            flows.size(),
            name,
            source,
            destination,
            messageBytes,
            messages,
            qps,
            resolvedDscp,
            start.picos(),
            periodPs,
            verb,
            background));
  }

  private static void requireLossyDscp(Workload lossy) {
    OptionalInt dscp;
    if (lossy instanceof RdmaFlow f) {
      dscp = f.dscp();
    } else if (lossy instanceof Incast i) {
      dscp = i.dscp();
    } else if (lossy instanceof Microburst m) {
      dscp = m.dscp();
    } else if (lossy instanceof Permutation p) {
      dscp = p.dscp();
    } else if (lossy instanceof AllToAll a) {
      dscp = a.dscp();
    } else if (lossy instanceof Collective) {
      throw new IllegalArgumentException("the lossy part of mixed traffic cannot be a collective");
    } else {
      throw new IllegalArgumentException(
          "the lossy part of mixed traffic must be a single workload with a DSCP but was "
              + lossy.describe());
    }
    if (dscp.isEmpty()) {
      throw new IllegalArgumentException(
          "the lossy part of mixed traffic needs a DSCP (e.g. 0) but "
              + lossy.describe()
              + " has none");
    }
  }

  /** The senders {@link SenderSelection} picks among the fabric's NICs. */
  private List<Endpoint> senders(Endpoint receiver, int senders, String workload) {
    if (senders > SenderSelection.available(nics, receiver)) {
      throw new IllegalArgumentException(
          workload
              + " of "
              + senders
              + " senders needs "
              + senders
              + " NICs other than the receiver "
              + receiver
              + " but the fabric has "
              + SenderSelection.available(nics, receiver)
              + " ("
              + SenderSelection.onOtherHosts(nics, receiver)
              + " on other hosts)");
    }
    return SenderSelection.pick(nics, receiver, senders);
  }

  private Endpoint receiver(Optional<Endpoint> given, Workload workload) {
    return given.isPresent() ? nic(given.get(), "receiver of " + workload.describe()) : nics.get(0);
  }

  private Endpoint nic(Endpoint endpoint, String role) {
    if (!nicSet.contains(endpoint)) {
      String some =
          nics.stream()
              .limit(NICS_NAMED_IN_ERRORS)
              .map(Endpoint::toString)
              .collect(Collectors.joining(", "));
      throw new IllegalArgumentException(
          endpoint
              + " ("
              + role
              + ") is not a NIC of fabric "
              + graph.spec().name()
              + "; its NICs are "
              + some
              + (nics.size() > NICS_NAMED_IN_ERRORS ? ", … (" + nics.size() + " in all)" : ""));
    }
    return endpoint;
  }

  private int qpsOf(Endpoint source) {
    return graph.nicProfileOf(source).qpsPerConnection();
  }
}
