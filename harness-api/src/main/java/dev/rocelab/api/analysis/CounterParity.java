package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Whether a run's two ends of every link count the same bytes: what one port sent, the port at the
 * link's other end received. A lab's switch counters against its hosts' NIC counters are the
 * tester-versus-device check SONiC's test plans make; a gap means counters that miss traffic, bytes
 * lost on the wire, or telemetry scraped at different moments. Only links whose two ends both have
 * counters in the run are checked, each direction on its own, bytes summed over priorities.
 *
 * @param run the run
 * @param directions every measured link direction, in the fabric's link order
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record CounterParity(RunResult run, List<Direction> directions) {

  /** Validates the fields and copies the directions. */
  public CounterParity {
    Objects.requireNonNull(run, "run must not be null");
    directions = List.copyOf(directions);
  }

  /**
   * One direction of a link.
   *
   * @param sender the sending port
   * @param receiver the port at the link's other end
   * @param sent the bytes the sender counted out
   * @param received the bytes the receiver counted in
   */
  public record Direction(Endpoint sender, Endpoint receiver, long sent, long received) {

    /** Validates the fields. */
    public Direction {
      Objects.requireNonNull(sender, "sender must not be null");
      Objects.requireNonNull(receiver, "receiver must not be null");
    }

    /**
     * @return {@code |sent − received| / max(sent, received)}: 0 when equal (both zero included)
     */
    public double difference() {
      return sent == received ? 0 : (double) Math.abs(sent - received) / Math.max(sent, received);
    }

    /**
     * @return e.g. {@code host1:nic0 → leaf1:eth1}
     */
    public String describe() {
      return sender + " → " + receiver;
    }
  }

  /**
   * @param run a run with port counters
   * @return the counters of every link direction whose two ends the run measured
   */
  public static CounterParity of(RunResult run) {
    Map<Endpoint, long[]> bytes = new HashMap<>(); // port → {tx, rx}
    for (PortStats p : run.ports()) {
      long[] sum = bytes.computeIfAbsent(p.port(), k -> new long[2]);
      sum[0] += p.txBytes();
      sum[1] += p.rxBytes();
    }
    List<Direction> directions = new ArrayList<>();
    for (Link link : run.fabric().links()) {
      long[] a = bytes.get(link.a());
      long[] b = bytes.get(link.b());
      if (a != null && b != null) {
        directions.add(new Direction(link.a(), link.b(), a[0], b[1]));
        directions.add(new Direction(link.b(), link.a(), b[0], a[1]));
      }
    }
    return new CounterParity(run, directions);
  }

  /**
   * @param tolerance the largest difference that agrees, in [0, 1]
   * @return the directions whose ends disagree by more
   */
  public List<Direction> apart(double tolerance) {
    if (!(tolerance >= 0 && tolerance <= 1)) {
      throw new IllegalArgumentException("tolerance must be in [0, 1] but was " + tolerance);
    }
    return directions.stream().filter(d -> d.difference() > tolerance).toList();
  }
}
