package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongBinaryOperator;
import org.apiguardian.api.API;

/**
 * The one-way latency of a frame from one NIC to another across an idle fabric: what no queue adds
 * to, the floor under any latency the fabric can measure. It is the latest arrival over the
 * fabric's shortest paths between the two NICs (the fewest switches; ECMP may take any of them),
 * from the frame's first bit leaving the sender to its last bit at the receiver:
 *
 * <ul>
 *   <li>on every link, its propagation delay ({@link
 *       dev.rocelab.api.unit.Length#propagationDelay()}) and the frame's serialization at its
 *       speed, in wire bytes ({@link Framing#wireBytes});
 *   <li>at every switch, its profile's {@code forwardingLatency}; a store-and-forward switch sends
 *       the frame once it has arrived whole, a cut-through one once its first 64 bytes are in, but
 *       never so early that it would finish sending before it has finished arriving.
 * </ul>
 *
 * Those are the terms the built-in model forwards a frame with, so on the model an idle fabric's
 * frame arrives exactly this late over the slowest of its shortest paths. A lab's NICs add their
 * own processing on top.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class UnloadedLatency {

  /** What a cut-through switch needs of a frame before it may forward it: its header. */
  private static final long CUT_THROUGH_HEADER_BYTES = 64;

  private final FabricGraph graph;
  private final Map<String, List<Link>> switchLinks = new HashMap<>();

  private UnloadedLatency(FabricGraph graph) {
    this.graph = graph;
    for (Link link : graph.links()) {
      if (isSwitch(link.a().device()) && isSwitch(link.b().device())) {
        switchLinks.computeIfAbsent(link.a().device(), d -> new ArrayList<>()).add(link);
        switchLinks.computeIfAbsent(link.b().device(), d -> new ArrayList<>()).add(link);
      }
    }
  }

  /**
   * @param graph the fabric, never null
   * @return its unloaded latencies
   */
  public static UnloadedLatency of(FabricGraph graph) {
    return new UnloadedLatency(Objects.requireNonNull(graph, "graph must not be null"));
  }

  /**
   * The latency of a frame between two NICs over the slowest of the shortest paths.
   *
   * @param from the sending NIC, never null
   * @param to the receiving NIC, never null
   * @param payload the frame's payload (a full frame's is the RoCE MTU), never null
   * @return the latency
   * @throws IllegalArgumentException if either NIC is not cabled to a switch, or no path joins them
   */
  public SimTime between(Endpoint from, Endpoint to, DataSize payload) {
    return over(from, to, payload, Math::max);
  }

  /**
   * The latency of a frame between two NICs over the fastest of the shortest paths: what no frame
   * between them arrives sooner than, whichever path ECMP picks. Where the shortest paths' cables
   * are alike, the same as {@link #between}.
   *
   * @param from the sending NIC, never null
   * @param to the receiving NIC, never null
   * @param payload the frame's payload, never null
   * @return the latency
   * @throws IllegalArgumentException if either NIC is not cabled to a switch, or no path joins them
   * @since 0.3
   */
  public SimTime earliest(Endpoint from, Endpoint to, DataSize payload) {
    return over(from, to, payload, Math::min);
  }

  /** The arrival over the shortest paths, the paths' arrivals combined by {@code pick}. */
  private SimTime over(Endpoint from, Endpoint to, DataSize payload, LongBinaryOperator pick) {
    Objects.requireNonNull(payload, "payload must not be null");
    long wire = Framing.wireBytes(payload.bytes());
    Link first = nicLink(from);
    Link last = nicLink(to);
    String source = first.peerOf(from).device();
    String destination = last.peerOf(to).device();
    Map<String, Integer> toDestination = hopsFrom(destination);
    Integer hops = toDestination.get(source);
    if (hops == null) {
      throw new IllegalArgumentException("no path joins " + from + " and " + to);
    }
    // The latest arrival (last bit) at the switches of each hop, by the link the frame came in on:
    // how early a cut-through switch may forward depends on that link's speed.
    Map<Hop, Long> arrivals =
        Map.of(new Hop(first, source), serialization(first, wire) + propagation(first));
    for (int hop = hops; hop > 0; hop--) {
      Map<Hop, Long> next = new HashMap<>();
      for (Map.Entry<Hop, Long> here : arrivals.entrySet()) {
        String sw = here.getKey().at();
        for (Link out : switchLinks.getOrDefault(sw, List.of())) {
          String peer = otherDevice(out, sw);
          if (toDestination.getOrDefault(peer, -1) == hop - 1) { // on a shortest path
            long arrival = forward(sw, here.getKey().in(), out, here.getValue(), wire);
            next.merge(new Hop(out, peer), arrival, pick::applyAsLong);
          }
        }
      }
      arrivals = next;
    }
    long picked = -1;
    for (Map.Entry<Hop, Long> here : arrivals.entrySet()) {
      long arrival = forward(destination, here.getKey().in(), last, here.getValue(), wire);
      picked = picked < 0 ? arrival : pick.applyAsLong(picked, arrival);
    }
    return SimTime.picos(picked);
  }

  /** A frame at switch {@code at}, having come in on link {@code in}. */
  private record Hop(Link in, String at) {}

  /**
   * When the frame's last bit reaches the far end of {@code out}, given its arrival at {@code sw}.
   */
  private long forward(String sw, Link in, Link out, long arrival, long wire) {
    SwitchProfile profile = graph.switchProfileOf(sw);
    long ready;
    if (profile.forwarding() == SwitchProfile.Forwarding.CUT_THROUGH) {
      long headerIn =
          arrival - serialization(in, wire) + serialization(in, CUT_THROUGH_HEADER_BYTES);
      long lastByteOut = arrival - serialization(out, wire);
      ready = Math.max(headerIn, lastByteOut);
    } else {
      ready = arrival;
    }
    return ready
        + profile.forwardingLatency().picos()
        + serialization(out, wire)
        + propagation(out);
  }

  /** Switches by their fewest switch-to-switch hops to {@code destination}. */
  private Map<String, Integer> hopsFrom(String destination) {
    Map<String, Integer> hops = new HashMap<>();
    hops.put(destination, 0);
    ArrayDeque<String> queue = new ArrayDeque<>(List.of(destination));
    while (!queue.isEmpty()) {
      String sw = queue.poll();
      for (Link link : switchLinks.getOrDefault(sw, List.of())) {
        String peer = otherDevice(link, sw);
        if (hops.putIfAbsent(peer, hops.get(sw) + 1) == null) {
          queue.add(peer);
        }
      }
    }
    return hops;
  }

  private Link nicLink(Endpoint nic) {
    Objects.requireNonNull(nic, "nic must not be null");
    Link link =
        graph.linkAt(nic).orElseThrow(() -> new IllegalArgumentException("no link at " + nic));
    if (!isSwitch(link.peerOf(nic).device())) {
      throw new IllegalArgumentException(nic + " is not cabled to a switch: " + link);
    }
    return link;
  }

  private boolean isSwitch(String device) {
    return graph.device(device).map(Device::isSwitch).orElse(false);
  }

  private static String otherDevice(Link link, String device) {
    return link.a().device().equals(device) ? link.b().device() : link.a().device();
  }

  private static long serialization(Link link, long bytes) {
    return bytes * link.spec().speed().picosPerByte();
  }

  private static long propagation(Link link) {
    return link.spec().length().propagationDelay().picos();
  }
}
