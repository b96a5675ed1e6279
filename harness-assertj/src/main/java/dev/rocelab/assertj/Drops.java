package dev.rocelab.assertj;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * The drop check behind the lossless assertions: counts by priority and reason, the bytes they lost
 * and the first drop.
 */
final class Drops {

  private Drops() {}

  /**
   * @param context where the check goes
   * @param label the quantity
   * @param where the scope, in words (with what is excused)
   * @param stats the scope's counters
   * @param inScope which recorded drops are in the scope
   * @param excused which drops do not count, by port and reason
   */
  static void check(
      AssertContext context,
      String label,
      String where,
      List<PortStats> stats,
      Predicate<DropRecord> inScope,
      BiPredicate<Endpoint, DropReason> excused) {
    Map<Integer, Map<DropReason, Long>> counts = new TreeMap<>();
    long total = 0;
    for (PortStats s : stats) {
      for (Map.Entry<DropReason, Long> drop : s.drops().entrySet()) {
        if (excused.test(s.port(), drop.getKey())) {
          continue;
        }
        counts
            .computeIfAbsent(s.priority(), p -> new EnumMap<>(DropReason.class))
            .merge(drop.getKey(), drop.getValue(), Long::sum);
        total += drop.getValue();
      }
    }
    if (total == 0) {
      context.pass(label, where, "no drops", "0 dropped packets");
      return;
    }
    List<String> parts = new ArrayList<>();
    counts.forEach(
        (priority, reasons) -> {
          List<String> byReason = new ArrayList<>();
          reasons.forEach((reason, count) -> byReason.add(reason + " " + count));
          parts.add("priority " + priority + ": " + String.join(", ", byReason));
        });
    Optional<DropRecord> first =
        context.run().firstDrops().stream()
            .filter(inScope)
            .filter(r -> counts.containsKey(r.priority()))
            .filter(r -> !excused.test(r.port(), r.reason()))
            .findFirst();
    context.fail(
        label,
        where,
        "no drops",
        total + " dropped packets (" + String.join("; ", parts) + ")",
        new String[] {"lost bytes", lostBytes(stats, excused)},
        new String[] {
          "first drop", first.map(r -> describe(context, r)).orElse("not recorded by the backend")
        });
  }

  private static String lostBytes(
      List<PortStats> stats, BiPredicate<Endpoint, DropReason> excused) {
    BiPredicate<Endpoint, DropReason> counted = excused.negate();
    List<PortStats> dropping =
        stats.stream()
            .filter(s -> s.drops().keySet().stream().anyMatch(r -> counted.test(s.port(), r)))
            .toList();
    LostBytes lost = LostBytes.of(dropping, counted);
    return lost.measured() ? Display.size(lost.total()) : "not measured by the backend";
  }

  private static String describe(AssertContext context, DropRecord r) {
    String kind =
        context
            .fabric()
            .device(r.port().device())
            .map(d -> d.isSwitch() ? "switch" : "host")
            .orElse("device");
    return kind
        + " "
        + r.port().device()
        + ", port "
        + r.port().port()
        + ", priority "
        + r.priority()
        + ", at "
        + Display.time(r.time())
        + " simulated time, reason "
        + r.reason()
        + ", flow "
        + r.flow();
  }
}
