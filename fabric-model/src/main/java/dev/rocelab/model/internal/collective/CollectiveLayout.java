package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apiguardian.api.API;

/**
 * Where a collective's ranks sit: the first {@code n} GPUs of its hosts — those it is placed on, in
 * its order, or the fabric's in fabric order — GPU {@code i} of a host using NIC {@code
 * gpuToNic[i]} (its rail). Hosts taking part are the collective's nodes.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class CollectiveLayout {

  /**
   * The share of NVLink's line rate that carries data: NCCL's topology gives a Hopper NVLink 4 link
   * 20.6 GB/s ({@code SM90_NVLINK_BW} in src/graph/topo.h) of its 25 GB/s per direction; the rest
   * is packet headers and flow control. Eight H100s then reach the 370 GB/s ring bus bandwidth
   * nccl-tests measures on one host, not the 450 GB/s of the links.
   */
  public static final double NVLINK_PAYLOAD_SHARE = 20.6 / 25.0;

  private final List<Rank> ranks;
  private final List<List<Rank>> byNode;
  private final List<String> nodes;
  private final int[] rails;
  private final FabricGraph graph;

  /** Per node, looked up once: a collective asks for them at every NVLink transfer. */
  private final long[] nvlinkBitsPerSecond;

  private final long[] nvlinkLatencyPs;

  private CollectiveLayout(FabricGraph graph, List<Rank> ranks, List<String> nodes, int[] rails) {
    this.graph = graph;
    this.ranks = List.copyOf(ranks);
    this.nodes = List.copyOf(nodes);
    this.rails = rails.clone();
    this.nvlinkBitsPerSecond = new long[nodes.size()];
    this.nvlinkLatencyPs = new long[nodes.size()];
    for (int n = 0; n < nodes.size(); n++) {
      HostProfile host = graph.hostProfileOf(nodes.get(n));
      nvlinkBitsPerSecond[n] = nvlinkPayloadBitsPerSecond(host);
      nvlinkLatencyPs[n] = host.nvlinkLatency().picos();
    }
    List<List<Rank>> grouped = new ArrayList<>();
    for (int n = 0; n < nodes.size(); n++) {
      grouped.add(new ArrayList<>());
    }
    for (Rank r : ranks) {
      grouped.get(r.node()).add(r);
    }
    this.byNode = grouped.stream().map(List::copyOf).toList();
  }

  /**
   * @param graph the fabric
   * @param collective the collective (its rank count and root are checked against the fabric)
   * @return the layout
   * @throws IllegalArgumentException if the fabric has fewer GPUs than the collective asks for, or
   *     the root is not one of its ranks
   */
  public static CollectiveLayout of(FabricGraph graph, Workload.Collective collective) {
    List<Device> hosts = placement(graph, collective);
    int gpus = 0;
    for (Device host : hosts) {
      gpus += graph.hostProfileOf(host.name()).gpus();
    }
    int wanted = collective.ranks() == 0 ? gpus : collective.ranks();
    if (wanted > gpus) {
      throw new IllegalArgumentException(
          collective.describe()
              + " needs "
              + wanted
              + " GPUs but "
              + where(graph, collective)
              + " "
              + gpus);
    }
    if (wanted < 2) {
      throw new IllegalArgumentException(
          collective.describe()
              + " needs at least 2 GPUs but "
              + where(graph, collective)
              + " "
              + gpus);
    }
    if (collective.root() >= wanted) {
      throw new IllegalArgumentException(
          "root "
              + collective.root()
              + " of "
              + collective.describe()
              + " is not one of its "
              + wanted
              + " ranks");
    }
    List<Rank> ranks = new ArrayList<>();
    List<String> nodes = new ArrayList<>();
    int rails = 1;
    for (Device host : hosts) {
      if (ranks.size() == wanted) {
        break;
      }
      HostProfile profile = graph.hostProfileOf(host.name());
      int node = nodes.size();
      nodes.add(host.name());
      rails = Math.max(rails, profile.nics());
      for (int gpu = 0; gpu < profile.gpus() && ranks.size() < wanted; gpu++) {
        int rail = profile.gpuToNic().get(gpu);
        ranks.add(
            new Rank(
                ranks.size(),
                node,
                host.name(),
                gpu,
                rail,
                new Endpoint(host.name(), "nic" + rail)));
      }
    }
    return new CollectiveLayout(graph, ranks, nodes, IntStream.range(0, rails).toArray());
  }

  /**
   * The layout of a group of GPUs named one by one (a training job's communicator): ranks in the
   * given order, hosts in order of their first GPU; channels use the rails of its GPUs only, as
   * NCCL keeps each GPU on its nearest NIC.
   *
   * @param graph the fabric
   * @param gpus the GPUs, {@code host} and GPU index; at least 2, none twice
   * @return the layout
   * @throws IllegalArgumentException if a host is not one of the fabric's or has no such GPU
   */
  public static CollectiveLayout ofGpus(FabricGraph graph, List<Gpu> gpus) {
    if (gpus.size() < 2) {
      throw new IllegalArgumentException("a collective needs at least 2 GPUs but has " + gpus);
    }
    List<Rank> ranks = new ArrayList<>();
    List<String> nodes = new ArrayList<>();
    SortedSet<Integer> rails = new TreeSet<>();
    for (Gpu gpu : gpus) {
      HostProfile profile = graph.hostProfileOf(gpu.host());
      if (gpu.index() >= profile.gpus()) {
        throw new IllegalArgumentException(
            gpu.host() + " has " + profile.gpus() + " GPUs, no GPU " + gpu.index());
      }
      int node = nodes.indexOf(gpu.host());
      if (node < 0) {
        node = nodes.size();
        nodes.add(gpu.host());
      }
      int rail = profile.gpuToNic().get(gpu.index());
      rails.add(rail);
      ranks.add(
          new Rank(
              ranks.size(),
              node,
              gpu.host(),
              gpu.index(),
              rail,
              new Endpoint(gpu.host(), "nic" + rail)));
    }
    return new CollectiveLayout(
        graph, ranks, nodes, rails.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * One GPU of a host.
   *
   * @param host the host's name
   * @param index the GPU's index in its host
   */
  public record Gpu(String host, int index) {}

  /** The hosts a collective is placed on: those it names, in its order, or the fabric's. */
  private static List<Device> placement(FabricGraph graph, Workload.Collective collective) {
    return placedHosts(graph, collective.hosts(), collective.describe());
  }

  /**
   * @param graph the fabric
   * @param hosts the hosts a workload is placed on, empty for the fabric's
   * @param what the workload, for the error
   * @return those hosts in that order, or the fabric's in fabric order
   * @throws IllegalArgumentException naming a host that is not one of the fabric's
   */
  public static List<Device> placedHosts(FabricGraph graph, List<String> hosts, String what) {
    if (hosts.isEmpty()) {
      return graph.hosts();
    }
    List<Device> placed = new ArrayList<>();
    for (String name : hosts) {
      Device host =
          graph
              .device(name)
              .filter(d -> !d.isSwitch())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          what
                              + " is placed on "
                              + name
                              + ", which is not a host of fabric "
                              + graph.spec().name()));
      placed.add(host);
    }
    return placed;
  }

  /** Where the GPUs were counted, with its verb: "fabric reference has", "its hosts have". */
  private static String where(FabricGraph graph, Workload.Collective collective) {
    return collective.hosts().isEmpty()
        ? "fabric " + graph.spec().name() + " has"
        : "its hosts " + String.join(", ", collective.hosts()) + " have";
  }

  /**
   * @return the ranks in order
   */
  public List<Rank> ranks() {
    return ranks;
  }

  /**
   * @return the rank count
   */
  public int size() {
    return ranks.size();
  }

  /**
   * @return the number of hosts taking part
   */
  public int nodes() {
    return nodes.size();
  }

  /**
   * @param node a node index
   * @return its ranks in order
   */
  public List<Rank> ranksOf(int node) {
    return byNode.get(node);
  }

  /**
   * @return how many rails its channels use: the most NICs any host taking part has, or for a
   *     layout of named GPUs the distinct rails of its GPUs
   */
  public int rails() {
    return rails.length;
  }

  /**
   * @param i 0..rails()−1
   * @return the {@code i}-th rail its channels use
   */
  public int rail(int i) {
    return rails[i];
  }

  /**
   * @param node a node index
   * @param rail a NIC index
   * @return that NIC of that node's host, falling back to the host's last NIC if it has fewer
   */
  public Endpoint nic(int node, int rail) {
    String host = nodes.get(node);
    int nics = graph.hostProfileOf(host).nics();
    return new Endpoint(host, "nic" + Math.min(rail, nics - 1));
  }

  /**
   * @param nic a NIC of a host taking part
   * @return its profile (line rate, MTU)
   */
  public NicProfile nicProfile(Endpoint nic) {
    return graph.nicProfileOf(nic);
  }

  /**
   * @param node a node index
   * @return the user data its GPUs' NVLink carries per second, in bits ({@link
   *     #nvlinkPayloadBitsPerSecond(HostProfile)})
   */
  public long nvlinkBitsPerSecond(int node) {
    return nvlinkBitsPerSecond[node];
  }

  /**
   * The user data a GPU's NVLink carries per second: its line rate ({@link
   * HostProfile#nvlinkBandwidth()}) times {@link #NVLINK_PAYLOAD_SHARE}.
   *
   * @param host a host profile
   * @return bits per second
   */
  public static long nvlinkPayloadBitsPerSecond(HostProfile host) {
    return Math.round(host.nvlinkBandwidth().bitsPerSecond() * NVLINK_PAYLOAD_SHARE);
  }

  /**
   * @param node a node index
   * @return the NVLink latency of its GPUs in picoseconds
   */
  public long nvlinkLatencyPs(int node) {
    return nvlinkLatencyPs[node];
  }

  /**
   * @return the network bandwidth a host taking part can give the collective, in bits per second:
   *     the line rates of the NICs its ranks use, or their host interfaces' where slower (NCCL's
   *     topology takes the narrowest link of the GPU–NIC path), summed; the least over the hosts
   */
  public long networkBitsPerSecond() {
    long least = Long.MAX_VALUE;
    for (int node = 0; node < nodes.size(); node++) {
      long sum = 0;
      Optional<Rate> pcie = graph.hostProfileOf(nodes.get(node)).pcieBandwidth();
      for (int rail : ranksOf(node).stream().mapToInt(Rank::rail).distinct().toArray()) {
        Rate line = graph.nicProfileOf(nic(node, rail)).speed();
        sum += pcie.filter(p -> p.compareTo(line) < 0).orElse(line).bitsPerSecond();
      }
      least = Math.min(least, sum);
    }
    return least;
  }

  /**
   * @return the user data one GPU's NVLink carries per second, in bits; the least over the hosts
   */
  public long leastNvlinkBitsPerSecond() {
    long least = Long.MAX_VALUE;
    for (int node = 0; node < nodes.size(); node++) {
      least = Math.min(least, nvlinkBitsPerSecond(node));
    }
    return least;
  }

  /**
   * @return whether the GPUs of every host taking part meet at NVSwitches that reduce (NVLS)
   */
  public boolean nvswitch() {
    return nodes.stream().allMatch(host -> graph.hostProfileOf(host).nvswitch());
  }

  /**
   * @return whether every host taking part has as many of the collective's ranks
   */
  public boolean sameRanksPerNode() {
    return byNode.stream().mapToInt(List::size).distinct().count() == 1;
  }

  /**
   * @param collective the collective
   * @return its channel count: as given, or NCCL's usual two per NIC of a host
   */
  public int channels(Workload.Collective collective) {
    return collective.channels() > 0 ? collective.channels() : 2 * rails.length;
  }
}
