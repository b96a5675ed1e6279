package dev.rocelab.suites;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.PortHeadroom;
import dev.rocelab.api.fabric.UnloadedLatency;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Thresholds that follow from the fabric itself rather than from a criteria file. Each is named to
 * {@link Checks#limitFrom} with its derivation, for the report's step of a check against it.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DerivedLimits {

  private DerivedLimits() {}

  /**
   * The largest headroom (XOFF + XON) of any lossless priority group of any switch port: what the
   * longest, fastest cable calls for (or what is configured, for fixed headroom).
   *
   * @param spec the fabric, never null
   * @return the largest headroom, zero for a fabric without lossless priorities
   */
  public static DataSize largestHeadroom(FabricSpec spec) {
    FabricGraph graph = FabricGraph.of(spec);
    long largest = 0;
    for (Device sw : graph.switches()) {
      for (PortHeadroom port : BufferBudget.of(graph, sw.name()).ports()) {
        for (int priority : port.xoff().keySet()) {
          largest = Math.max(largest, port.sizeFor(priority).bytes());
        }
      }
    }
    return named(
        DataSize.bytes(largest),
        "derived: the largest headroom a priority group of " + spec.name() + " needs");
  }

  /**
   * How long a message takes on the slowest host link at line rate, headers aside: the completion
   * time of a flow that nothing slows down.
   *
   * @param spec the fabric, never null
   * @param message the message size, never null
   * @return the time
   * @throws IllegalArgumentException if the fabric has no cabled NIC
   */
  public static SimTime lineRateTime(FabricSpec spec, DataSize message) {
    Rate slowest = slowestHostLink(FabricGraph.of(spec));
    return named(
        slowest.timeToSend(message),
        "derived: " + message + " at " + slowest + ", the slowest host link of " + spec.name());
  }

  /**
   * The 99th percentile of one-way latency light traffic may reach: the slowest unloaded path among
   * the run's flows ({@link UnloadedLatency}, a full frame of the pair's RoCE MTU: serialization,
   * cables and each switch's forwarding) plus the time the slowest host link takes to drain the
   * queueing allowance (a policy, in bytes: queues are bytes in a buffer, and the same bytes drain
   * faster on a faster fabric). A fixed bound would hold a fabric of long core cables or
   * store-and-forward spines to a latency its physics cannot reach, and let a fast fabric queue far
   * more than light traffic should.
   *
   * @param run the light traffic's run, with at least one flow
   * @param queueing the queue a packet of light traffic may wait in at its 99th percentile, never
   *     null
   * @return the bound
   * @throws IllegalArgumentException if the run has no flow
   */
  public static SimTime lightTrafficP99Latency(RunResult run, DataSize queueing) {
    FabricGraph graph = run.fabric();
    UnloadedLatency latency = UnloadedLatency.of(graph);
    FlowResult slowest = null;
    SimTime unloaded = SimTime.ZERO;
    for (FlowResult flow : run.flows()) {
      DataSize mtu =
          DataSize.bytes(
              Math.min(
                  graph.nicProfileOf(flow.source()).mtu().bytes(),
                  graph.nicProfileOf(flow.destination()).mtu().bytes()));
      SimTime path = latency.between(flow.source(), flow.destination(), mtu);
      if (slowest == null || path.compareTo(unloaded) > 0) {
        slowest = flow;
        unloaded = path;
      }
    }
    if (slowest == null) {
      throw new IllegalArgumentException("run " + run.scenario().name() + " has no flow");
    }
    Rate hostLink = slowestHostLink(graph);
    SimTime drain = hostLink.timeToSend(queueing);
    return named(
        unloaded.plus(drain),
        "derived: "
            + unloaded
            + ", the unloaded latency of the slowest path among the flows ("
            + slowest.source()
            + " → "
            + slowest.destination()
            + "), + "
            + queueing
            + " of queue drained at "
            + hostLink
            + ", the slowest host link ("
            + drain
            + "; criteria/baseline.yaml p99QueueingAllowance)");
  }

  /**
   * How busy the port facing an incast's receiver must be, as a fraction of its line rate: a share
   * (the criterion, a policy) of what the receiver can take — its line rate, or its host interface
   * (PCIe) where that is narrower, which the receiving NIC then holds the port to with pause
   * frames. A 200G NIC behind 180 Gb/s of PCIe takes 0.9 of its line at most.
   *
   * @param graph the fabric, never null
   * @param receiver the incast's receiving NIC
   * @param share the share of what the receiver can take the port must carry, in (0, 1]
   * @return the fraction of line rate
   * @throws IllegalArgumentException if the receiver is not a NIC of the fabric
   */
  public static double incastReceiverBusyFraction(
      FabricGraph graph, Endpoint receiver, double share) {
    Rate line = graph.nicProfileOf(receiver).speed();
    Rate takes =
        graph
            .hostProfileOf(receiver.device())
            .pcieBandwidth()
            .filter(pcie -> pcie.compareTo(line) < 0)
            .orElse(line);
    double fraction = share * takes.bitsPerSecond() / line.bitsPerSecond();
    return named(
        fraction,
        "derived: "
            + share
            + " × "
            + (takes.equals(line)
                ? "the line rate of " + receiver
                : takes + " / " + line + ", " + receiver + "'s host interface over its line rate")
            + " (criteria/synthetic-load.yaml incastReceiverLineRateFraction)");
  }

  /**
   * The longest the port facing an incast's receiver can have been sending: the run's flows from
   * the first start to the last completion, less what the port cannot have been sending in — the
   * travel of the first frame to it before, and the travel of the last frame to the receiver and of
   * its acknowledgement back after. Each is the {@linkplain UnloadedLatency#earliest earliest}
   * arrival among the senders (a full frame of the pair's RoCE MTU there, an acknowledgement back),
   * so the window is never shorter than the port's real sending time and the throughput over it
   * never overstated. A 3:1 incast of 512 KiB at 200G across three tiers runs 76.6 us, of which the
   * port can have been sending 72.3.
   *
   * @param run an incast's run, every flow to one receiver and completed
   * @return the window
   * @throws IllegalArgumentException if the run has no flow, its flows go to several receivers, or
   *     one did not complete
   */
  public static SimTime incastSendingWindow(RunResult run) {
    List<FlowResult> flows = run.flows();
    if (flows.isEmpty()) {
      throw new IllegalArgumentException("run " + run.scenario().name() + " has no flow");
    }
    FabricGraph graph = run.fabric();
    UnloadedLatency latency = UnloadedLatency.of(graph);
    Endpoint receiver = flows.get(0).destination();
    long receiverLink = graph.linkAt(receiver).orElseThrow().spec().speed().picosPerByte();
    long firstFrameOut = Long.MAX_VALUE;
    long ackBack = Long.MAX_VALUE;
    long lastCompletion = 0;
    for (FlowResult flow : flows) {
      if (!flow.destination().equals(receiver)) {
        throw new IllegalArgumentException(
            "an incast has one receiver, but flows go to "
                + receiver
                + " and "
                + flow.destination());
      }
      SimTime completion =
          flow.completion()
              .orElseThrow(
                  () -> new IllegalArgumentException("flow " + flow.id() + " did not complete"));
      long mtu =
          Math.min(
              graph.nicProfileOf(flow.source()).mtu().bytes(),
              graph.nicProfileOf(receiver).mtu().bytes());
      // the frame's last bit at the receiver, less its serialization onto the receiver's link:
      // when the port started sending it (its propagation to the receiver cancels against the
      // last frame's, which the tail below leaves out)
      long frameIn = latency.earliest(flow.source(), receiver, DataSize.bytes(mtu)).picos();
      firstFrameOut =
          Math.min(
              firstFrameOut,
              flow.start().picos() + frameIn - Framing.wireBytes(mtu) * receiverLink);
      ackBack = Math.min(ackBack, latency.earliest(receiver, flow.source(), DataSize.ZERO).picos());
      lastCompletion = Math.max(lastCompletion, completion.picos());
    }
    return SimTime.picos(lastCompletion - firstFrameOut - ackBack);
  }

  /**
   * A flow size that keeps a flow running until a fault is over on any link speed: what the slowest
   * host link carries at line rate until then, in whole mebibytes. A fixed size would let an 800G
   * fabric's flows finish before a fault that a 100G fabric's are still running through.
   *
   * @param spec the fabric, never null
   * @param until when the fault's last change happens, never null
   * @return the size
   */
  public static DataSize flowOutlasting(FabricSpec spec, SimTime until) {
    Rate hostLink = slowestHostLink(FabricGraph.of(spec));
    DataSize size = DataSize.mib((hostLink.bytesIn(until) + (1 << 20) - 1) >> 20);
    return named(
        size,
        "derived: what "
            + hostLink
            + ", the slowest host link of "
            + spec.name()
            + ", carries in "
            + until
            + " (the fault's end)");
  }

  /**
   * The goodput one flow alone must reach, as a fraction of line rate: a share (the criterion, a
   * policy) of the most its RoCE MTU's framing allows, {@code MTU / wire bytes of an MTU packet}
   * (headers, preamble and inter-frame gap: {@link Framing#wireBytes}). 4096 B gives 0.980 of line
   * rate, 1024 B 0.926: a fixed fraction would hold a small-MTU fabric to a bound no flow reaches.
   *
   * @param spec the fabric, never null
   * @param sender the flow's sending NIC
   * @param share the share of the framing bound the flow must carry, in (0, 1]
   * @return the fraction of line rate
   */
  public static double singleFlowLineRateFraction(FabricSpec spec, Endpoint sender, double share) {
    long mtu = FabricGraph.of(spec).nicProfileOf(sender).mtu().bytes();
    double framing = (double) mtu / Framing.wireBytes(mtu);
    return named(
        share * framing,
        "derived: "
            + share
            + " × "
            + mtu
            + " / "
            + Framing.wireBytes(mtu)
            + ", the framing of "
            + sender
            + "'s RoCE MTU (criteria/baseline.yaml singleFlowFramingShare)");
  }

  /**
   * The most bus bandwidth an all-to-all can reach, as a fraction of the line rate of one host's
   * NICs together — what a collective's {@code busBandwidth().fractionOfLineRate()} is compared
   * with.
   *
   * <p>Each of the n ranks sends S/n to each of the others. NCCL's PXN hands what goes to another
   * host over NVLink to the GPU on the destination's rail, which sends it from its NIC on that rail
   * to the destination's NIC. Summed over every pair, that loads each NIC with what it sends and
   * receives, and each leaf's uplinks with what its NICs send to NICs under other leaves; the
   * all-to-all takes at least the longest of those loads over its capacity (NIC speed, the sum of
   * the leaf's uplinks), and nccl-tests' busbw is S·(n−1)/n over that time. Where every pair stays
   * under one leaf — hosts of g GPUs whose rails each have their own leaf — the NICs bound it:
   *
   * <pre>  busbw / H ≤ (n − 1) / (g · (n − g))</pre>
   *
   * e.g. 16 ranks on hosts of 8 GPUs: 15/64 ≈ 0.234. On an oversubscribed leaf-spine of one-GPU
   * hosts the uplinks do: 12 ranks on two leaves of six, 800G up each, 400G NICs, send 3·S across
   * each leaf's uplinks, S·11/12 over 3·S/800G is 0.61 of a NIC. Tiers above the leaves can only
   * lower the bound, which leaves them out. (Ring collectives have no such bound: every byte of a
   * ring crosses the network once per node boundary, at up to H.)
   *
   * @param spec the fabric, never null
   * @param ranks the collective's rank count, on the first hosts of the fabric
   * @return the bound, a fraction of the host line rate
   * @throws IllegalArgumentException if all ranks fit on one host (an all-to-all that never leaves
   *     it is bound by NVLink, not by the fabric)
   */
  public static double allToAllBusBandwidthFraction(FabricSpec spec, int ranks) {
    AllToAllBound bound = allToAllBound(spec, ranks);
    return named(bound.fraction(), "derived: " + bound.derivation());
  }

  /**
   * The busbw an all-to-all must reach: a share of {@link #allToAllBusBandwidthFraction}'s bound,
   * named with both for the report.
   *
   * @param spec the fabric, never null
   * @param ranks the collective's rank count, on the first hosts of the fabric
   * @param share the share of the bound to reach, a policy
   * @param shareSource where the share is set, e.g. {@code criteria/ai-workload.yaml:14
   *     allToAllBusBandwidthOfBound}
   * @return the limit, a fraction of the host line rate
   */
  public static double allToAllBusBandwidthLimit(
      FabricSpec spec, int ranks, double share, String shareSource) {
    AllToAllBound bound = allToAllBound(spec, ranks);
    return named(
        share * bound.fraction(),
        "derived: "
            + Display.number(share)
            + " ("
            + shareSource
            + ") × "
            + Display.number(bound.fraction())
            + ", "
            + bound.derivation());
  }

  /** An all-to-all's bound as a fraction of the host line rate, and how it was found. */
  private record AllToAllBound(double fraction, String derivation) {}

  private static AllToAllBound allToAllBound(FabricSpec spec, int ranks) {
    FabricGraph graph = FabricGraph.of(spec);
    if (graph.hosts().isEmpty()) {
      throw new IllegalArgumentException("fabric " + spec.name() + " has no hosts");
    }
    int gpus = graph.hostProfileOf(graph.hosts().get(0).name()).gpus();
    if (ranks <= gpus) {
      throw new IllegalArgumentException(
          "an all-to-all on "
              + ranks
              + " ranks stays on one host of "
              + gpus
              + " GPUs in fabric "
              + spec.name()
              + ": the fabric does not bound it");
    }
    AllToAllLoads loads = AllToAllLoads.of(graph, ranks, gpus);
    double hostRate = graph.hostLineRate(graph.hosts().get(0).name()).bitsPerSecond();
    double bound = (ranks - 1.0) / ranks / loads.seconds() / hostRate;
    return new AllToAllBound(
        bound,
        "the bound of an all-to-all of n = "
            + ranks
            + " ranks, g = "
            + gpus
            + " GPUs per host, through PXN, bound by "
            + loads.bottleneck());
  }

  /**
   * The longest a flow may take to complete through a failure: as long as the same traffic's
   * slowest flow takes on the fabric without the failed part (what the failure may cost, whatever
   * luck static ECMP had in hashing the flows), plus one retransmission timeout of the fabric's
   * slowest-resending NIC firmware (a queue pair whose packet or NAK the failure lost waits that
   * long, however much capacity is left). A fixed bound would hold a 100G fabric's 64 MiB flows,
   * 5.4 ms at line rate, to what a 400G fabric's, 1.3 ms, leave over.
   *
   * @param spec the fabric, never null
   * @param without the same traffic on the fabric without the failed part, every flow completed
   * @param part what failed, e.g. {@code "the link"}, for the derivation's text
   * @return the bound
   * @throws IllegalArgumentException if a flow of {@code without} did not complete
   */
  public static SimTime completionThroughAFailure(FabricSpec spec, RunResult without, String part) {
    SimTime slowest = SimTime.ZERO;
    for (FlowResult flow : without.flows()) {
      SimTime time =
          flow.completionTime()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "flow "
                              + flow.id()
                              + " did not complete in "
                              + without.scenario().name()
                              + ", so it bounds no completion"));
      slowest = SimTime.max(slowest, time);
    }
    FabricGraph graph = FabricGraph.of(spec);
    FirmwareRegistry registry = spec.firmwareRegistry();
    NicFirmware resending = null;
    for (Endpoint nic : graph.nics()) {
      NicFirmware firmware = registry.nicBehaviour(graph.nicProfileOf(nic).firmware());
      if (resending == null
          || firmware.retransmissionTimeout().compareTo(resending.retransmissionTimeout()) > 0) {
        resending = firmware;
      }
    }
    SimTime timeout = resending.retransmissionTimeout();
    return named(
        slowest.plus(timeout),
        "derived: "
            + Display.time(slowest)
            + ", the slowest flow on the fabric without "
            + part
            + ", + "
            + Display.time(timeout)
            + ", one retransmission timeout of NIC firmware "
            + resending.version());
  }

  /**
   * The median completion time a permutation's flows may reach: a multiple (a policy) of the median
   * of their times on a balanced fabric. A flow's balanced time is its size at the tightest share
   * it has of what it crosses — its sending and its receiving NIC's line rate, divided among the
   * flows of the run that NIC sends or receives, and for a flow that leaves its leaf the capacity
   * of the leaf's uplinks divided among the flows that leave it (at the sender's leaf) or enter it
   * (at the receiver's). On a non-blocking fabric that is line rate; on a leaf with 2:1 uplinks a
   * flow that leaves it gets half, whatever ECMP does. An equal share of every bottleneck is at
   * most what max-min fairness would give a flow; tiers above the leaves are left out, which can
   * only leave a flow a larger share than they would.
   *
   * @param spec the fabric, never null
   * @param run the permutation, at least one flow
   * @param slowdown the multiple of the balanced median allowed, a policy
   * @param slowdownSource where the policy is set, e.g. {@code criteria/synthetic-load.yaml:19
   *     permutationMedianSlowdown}
   * @return the bound
   * @throws IllegalArgumentException if the run has no flow or a flow's NIC has no link
   */
  public static SimTime permutationMedianCompletion(
      FabricSpec spec, RunResult run, double slowdown, String slowdownSource) {
    List<FlowResult> flows = run.flows();
    if (flows.isEmpty()) {
      throw new IllegalArgumentException(run.scenario().name() + " ran no flow");
    }
    FabricGraph graph = FabricGraph.of(spec);
    Map<Endpoint, Integer> sending = new HashMap<>();
    Map<Endpoint, Integer> receiving = new HashMap<>();
    Map<String, Integer> leaving = new HashMap<>();
    Map<String, Integer> entering = new HashMap<>();
    for (FlowResult flow : flows) {
      sending.merge(flow.source(), 1, Integer::sum);
      receiving.merge(flow.destination(), 1, Integer::sum);
      String from = leafOf(graph, flow.source());
      String to = leafOf(graph, flow.destination());
      if (!from.equals(to)) {
        leaving.merge(from, 1, Integer::sum);
        entering.merge(to, 1, Integer::sum);
      }
    }
    List<BalancedFlow> balanced = new ArrayList<>();
    for (FlowResult flow : flows) {
      BalancedFlow share =
          BalancedFlow.least(
              BalancedFlow.shareOf(
                  nicSpeed(graph, flow.source()),
                  sending.get(flow.source()),
                  flow.source() + "'s line rate",
                  "it sends"),
              BalancedFlow.shareOf(
                  nicSpeed(graph, flow.destination()),
                  receiving.get(flow.destination()),
                  flow.destination() + "'s line rate",
                  "it receives"));
      String from = leafOf(graph, flow.source());
      String to = leafOf(graph, flow.destination());
      if (!from.equals(to)) {
        share =
            BalancedFlow.least(
                share,
                BalancedFlow.shareOf(
                    uplinkCapacity(graph, from),
                    leaving.get(from),
                    from + "'s uplinks",
                    "leaving it"));
        share =
            BalancedFlow.least(
                share,
                BalancedFlow.shareOf(
                    uplinkCapacity(graph, to), entering.get(to), to + "'s uplinks", "entering it"));
      }
      balanced.add(share.of(flow.size()));
    }
    balanced.sort(Comparator.comparingLong(BalancedFlow::picos));
    BalancedFlow median = balanced.get((int) Math.ceil(0.5 * balanced.size()) - 1);
    SimTime time = SimTime.picos(median.picos());
    return named(
        SimTime.picos(Math.round(time.picos() * slowdown)),
        "derived: "
            + Display.number(slowdown)
            + " ("
            + slowdownSource
            + ") × "
            + Display.time(time)
            + ", the median of the flows' times on a balanced fabric: the median flow at "
            + Display.rate(Rate.bps(Math.round(median.bitsPerSecond())))
            + ", set by "
            + median.bottleneck());
  }

  /**
   * A flow's share on a balanced fabric and what sets it; once sized, the time it takes there.
   *
   * @param bitsPerSecond the share
   * @param bottleneck what sets it, for the derivation's text
   * @param picos the flow's time at that share, once {@link #of} a size
   */
  private record BalancedFlow(double bitsPerSecond, String bottleneck, long picos) {

    /** An equal share of what a capacity carries for the flows crossing it. */
    static BalancedFlow shareOf(double capacity, int flows, String what, String crossing) {
      return new BalancedFlow(
          capacity / flows,
          flows == 1 ? what : what + " shared by the " + flows + " flows " + crossing,
          0);
    }

    static BalancedFlow least(BalancedFlow a, BalancedFlow b) {
      return b.bitsPerSecond < a.bitsPerSecond ? b : a;
    }

    BalancedFlow of(DataSize size) {
      return new BalancedFlow(
          bitsPerSecond, bottleneck, (long) Math.ceil(size.bytes() * 8e12 / bitsPerSecond));
    }
  }

  private static String leafOf(FabricGraph graph, Endpoint nic) {
    return graph
        .leafOf(nic)
        .orElseThrow(() -> new IllegalArgumentException("NIC " + nic + " has no link"));
  }

  private static double nicSpeed(FabricGraph graph, Endpoint nic) {
    return graph.linkAt(nic).orElseThrow().spec().speed().bitsPerSecond();
  }

  /** The sum of a leaf's uplinks' speeds, in bits per second. */
  private static double uplinkCapacity(FabricGraph graph, String leaf) {
    return graph.uplinks(leaf).stream()
        .mapToDouble(up -> graph.linkAt(up).orElseThrow().spec().speed().bitsPerSecond())
        .sum();
  }

  /** A host's cabled NICs, in fabric order. */
  private static List<Endpoint> nicsOf(FabricGraph graph, String host) {
    return graph.nics().stream()
        .filter(nic -> nic.device().equals(host) && graph.linkAt(nic).isPresent())
        .toList();
  }

  /**
   * What an all-to-all of 1 bit in all loads each NIC and each leaf's uplinks with, and the longest
   * of those loads over its capacity.
   *
   * @param seconds the longest load's time, for S = 1 bit
   * @param bottleneck what carries it, e.g. "leaf1's uplinks"
   */
  private record AllToAllLoads(double seconds, String bottleneck) {

    static AllToAllLoads of(FabricGraph graph, int ranks, int gpus) {
      double share = 1.0 / ranks;
      List<List<Endpoint>> hostNics = new ArrayList<>();
      for (int host = 0; host * gpus < ranks; host++) {
        List<Endpoint> nics = nicsOf(graph, graph.hosts().get(host).name());
        if (nics.isEmpty()) {
          throw new IllegalArgumentException(
              "host " + graph.hosts().get(host).name() + " has no cabled NIC");
        }
        hostNics.add(nics);
      }
      Map<Endpoint, Double> sent = new HashMap<>();
      Map<Endpoint, Double> received = new HashMap<>();
      Map<String, Double> upLoad = new HashMap<>();
      Map<String, Double> downLoad = new HashMap<>();
      for (int i = 0; i < ranks; i++) {
        for (int j = 0; j < ranks; j++) {
          int from = i / gpus;
          int to = j / gpus;
          if (from == to) {
            continue; // over NVLink
          }
          // the destination GPU's rail: its NIC, and the source host's NIC of the same index
          List<Endpoint> destination = hostNics.get(to);
          int rail = (j % gpus) * destination.size() / gpus;
          List<Endpoint> source = hostNics.get(from);
          Endpoint out = source.get(Math.min(rail, source.size() - 1));
          Endpoint in = destination.get(rail);
          sent.merge(out, share, Double::sum);
          received.merge(in, share, Double::sum);
          String sourceLeaf = graph.linkAt(out).orElseThrow().peerOf(out).device();
          String destinationLeaf = graph.linkAt(in).orElseThrow().peerOf(in).device();
          if (!sourceLeaf.equals(destinationLeaf)) {
            upLoad.merge(sourceLeaf, share, Double::sum);
            downLoad.merge(destinationLeaf, share, Double::sum);
          }
        }
      }
      double seconds = 0;
      String bottleneck = "the NICs";
      for (Map<Endpoint, Double> nics : List.of(sent, received)) {
        for (Map.Entry<Endpoint, Double> nic : nics.entrySet()) {
          double time =
              nic.getValue()
                  / graph.linkAt(nic.getKey()).orElseThrow().spec().speed().bitsPerSecond();
          if (time > seconds) {
            seconds = time;
            bottleneck = "the NICs";
          }
        }
      }
      for (Map<String, Double> leaves : List.of(upLoad, downLoad)) {
        for (Map.Entry<String, Double> leaf : leaves.entrySet()) {
          double capacity = uplinkCapacity(graph, leaf.getKey());
          if (capacity > 0 && leaf.getValue() / capacity > seconds) {
            seconds = leaf.getValue() / capacity;
            bottleneck = leaf.getKey() + "'s uplinks";
          }
        }
      }
      return new AllToAllLoads(seconds, bottleneck);
    }
  }

  private static Rate slowestHostLink(FabricGraph graph) {
    return graph
        .slowestHostLink()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "fabric " + graph.spec().name() + " has no cabled NIC"));
  }

  /** Names the limit's derivation for the report's step of a check against it. */
  private static <T> T named(T limit, String derivation) {
    Checks.limitFrom(limit, derivation);
    return limit;
  }
}
