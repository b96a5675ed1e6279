package dev.rocelab.assertj;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The bytes a scope of ports dropped for some reasons, and where most were lost; or, where the
 * backend counted only packets, the ports whose bytes are unknown.
 *
 * @param total the bytes dropped, zero if unknown
 * @param packets the packets dropped for the same reasons
 * @param worst the port, priority and reason that lost the most bytes, if any were lost
 * @param unmeasured the ports and priorities whose dropped bytes the backend did not measure
 */
record LostBytes(DataSize total, long packets, Optional<Worst> worst, List<PortStats> unmeasured) {

  /** The port, priority and reason that lost the most bytes. */
  record Worst(Endpoint port, int priority, DropReason reason, long bytes) {}

  /**
   * @param stats the scope's counters
   * @param reasons the reasons that count
   * @return their dropped bytes
   */
  static LostBytes of(List<PortStats> stats, Set<DropReason> reasons) {
    return of(stats, (port, reason) -> reasons.contains(reason));
  }

  /**
   * @param stats the scope's counters
   * @param counted which drops count, by port and reason
   * @return their dropped bytes
   */
  static LostBytes of(List<PortStats> stats, BiPredicate<Endpoint, DropReason> counted) {
    long total = 0;
    long packets = 0;
    Worst worst = null;
    for (PortStats s : stats) {
      for (Map.Entry<DropReason, Long> bytes : s.droppedBytes().orElse(Map.of()).entrySet()) {
        if (counted.test(s.port(), bytes.getKey())) {
          total += bytes.getValue();
          if (worst == null || bytes.getValue() > worst.bytes()) {
            worst = new Worst(s.port(), s.priority(), bytes.getKey(), bytes.getValue());
          }
        }
      }
      packets +=
          s.drops().entrySet().stream()
              .filter(d -> counted.test(s.port(), d.getKey()))
              .mapToLong(Map.Entry::getValue)
              .sum();
    }
    return new LostBytes(
        DataSize.bytes(total),
        packets,
        Optional.ofNullable(worst),
        stats.stream().filter(s -> s.droppedBytes().isEmpty()).toList());
  }

  /**
   * @return whether the backend measured the dropped bytes of every port and priority of the scope
   */
  boolean measured() {
    return unmeasured.isEmpty();
  }

  /**
   * Fails, naming the ports and priorities the backend did not measure dropped bytes on.
   *
   * @param context where failures go
   * @param label the quantity
   * @param where the scope
   * @param expected what was expected
   */
  void failUnmeasured(AssertContext context, String label, String where, String expected) {
    PortStats first = unmeasured.get(0);
    int others = unmeasured.size() - 1;
    context.fail(
        label,
        where,
        expected,
        "not measured: backend "
            + context.run().backend()
            + " did not measure dropped bytes on "
            + first.port()
            + " priority "
            + first.priority()
            + (others == 0
                ? ""
                : " and "
                    + others
                    + (others == 1 ? " other port and priority" : " other ports and priorities")),
        new String[] {
          "hint", "a lab measures them with a droppedBytes query under lab.telemetry.queries"
        });
  }

  /**
   * @return e.g. {@code 130.3KiB in 128 dropped packets}
   */
  String describe() {
    return Display.size(total)
        + " in "
        + packets
        + (packets == 1 ? " dropped packet" : " dropped packets");
  }

  /**
   * @param scope the scope's own description
   * @return the scope, and where most bytes were lost
   */
  String where(String scope) {
    return scope
        + worst
            .map(
                w ->
                    "; most at "
                        + w.port()
                        + " priority "
                        + w.priority()
                        + ", "
                        + w.reason()
                        + " "
                        + Display.size(DataSize.bytes(w.bytes())))
            .orElse("");
  }
}
