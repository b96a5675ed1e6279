package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What each of a run's faults did — the packets lost with it, the pauses it sent, the routes it
 * moved, how long the traffic took to recover — and which drops the faults explain. The one rule
 * for expected losses that the command line's verdict and the suites' {@code
 * isLosslessApartFromFaults()} share.
 *
 * <p>A drop is <em>explained</em> by a fault when its reason is what the fault does and it happened
 * where the fault acts:
 *
 * <ul>
 *   <li>a link down or flapping: {@link DropReason#LINK_DOWN} at either end of the link;
 *   <li>a switch reset: {@link DropReason#SWITCH_RESET} and {@link DropReason#LINK_DOWN} at either
 *       end of each of the switch's links (its flushed queues, and what was on its wires);
 *   <li>bit errors: {@link DropReason#CRC_ERROR} at either end of the link;
 *   <li>a degrading optic: {@link DropReason#CRC_ERROR} and, once it fails, {@link
 *       DropReason#LINK_DOWN}, at either end of its link;
 *   <li>a PFC storm: {@link DropReason#PFC_WATCHDOG} anywhere (the watchdog acts only on a storm).
 * </ul>
 *
 * A link up, a route withdrawn or restored and a configuration drift explain no drop. Every other
 * drop — a full headroom, an overflow, a watchdog without a storm, a link-down drop on a link no
 * fault took down — is unexplained, whatever faults the run had.
 *
 * <p>Recovery is measured after each fault that disturbs traffic (all but a link up, a restored
 * route and a configuration drift) by {@link Recovery}'s rule with its default tolerance and
 * stretch, from the fault's {@link FabricEvent.Kind#FAULT FAULT} event (the time a lab applied it),
 * or from its scheduled time where the backend reported none.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class FaultEffects {

  private final RunResult run;
  private final List<Effect> effects;
  private final List<Rule> rules;

  private FaultEffects(RunResult run, List<Rule> rules, List<Effect> effects) {
    this.run = run;
    this.rules = rules;
    this.effects = effects;
  }

  /**
   * What one fault did.
   *
   * @param fault the fault as the scenario declares it
   * @param appliedAt when it took effect
   * @param packetsLost the packets dropped with it, on any priority
   * @param bytesLost the bytes of those packets; empty where the backend does not measure them
   * @param pausesSent the pause frames the storming NIC sent (a PFC storm), else 0
   * @param reroute the first routing reconvergence at or after it, for a fault that moves routes
   * @param recovery the traffic's recovery after it; empty for a fault that does not disturb
   *     traffic
   */
  public record Effect(
      Fault fault,
      SimTime appliedAt,
      long packetsLost,
      Optional<DataSize> bytesLost,
      long pausesSent,
      Optional<FabricEvent> reroute,
      Optional<Recovery.Outcome> recovery) {

    /** Validates the fields. */
    public Effect {
      Objects.requireNonNull(fault, "fault must not be null");
      Objects.requireNonNull(appliedAt, "appliedAt must not be null");
      Objects.requireNonNull(bytesLost, "bytesLost must not be null");
      Objects.requireNonNull(reroute, "reroute must not be null");
      Objects.requireNonNull(recovery, "recovery must not be null");
    }

    /**
     * @return whether the traffic was measured not to recover after this fault by the end of the
     *     run
     */
    public boolean notRecovered() {
      return recovery.isPresent()
          && recovery.get().problem().isEmpty()
          && recovery.get().recoveredAt().isEmpty();
    }

    /**
     * @return the recovery in words: {@code "traffic recovered in 250us (throughput back within 10%
     *     of before)"}, why it could not be measured, or that it did not recover; empty for a fault
     *     that does not disturb traffic
     */
    public Optional<String> recoveryText() {
      return recovery.map(
          outcome -> {
            if (outcome.problem().isPresent()) {
              return "recovery not measured: " + outcome.problem().get();
            }
            String dip =
                "at its lowest "
                    + Display.percent(outcome.lowestShare())
                    + " of what the flows still running carried before, "
                    + Display.rate(Rate.bps(Math.round(outcome.preFaultMean())))
                    + " at the fault; recovered means back within "
                    + Display.percent(Recovery.DEFAULT_TOLERANCE)
                    + " of it for "
                    + Recovery.DEFAULT_STABLE
                    + " samples";
            return outcome
                .time()
                .map(
                    time ->
                        "traffic recovered in " + Display.time(time) + " (throughput " + dip + ")")
                .orElse(
                    "traffic did not recover by the last sample at "
                        + Display.time(outcome.end())
                        + " (throughput "
                        + Display.rate(Rate.bps(outcome.last()))
                        + " then, "
                        + dip
                        + ")");
          });
    }

    /**
     * @return the losses in words: {@code "150 packets lost with it (609.1KiB)"}, or {@code "no
     *     packets lost with it"}
     */
    public String lossesText() {
      if (packetsLost == 0) {
        return "no packets lost with it";
      }
      return packetsLost
          + (packetsLost == 1 ? " packet" : " packets")
          + " lost with it"
          + bytesLost.map(bytes -> " (" + Display.size(bytes) + ")").orElse("");
    }

    /**
     * @return the fault and everything it did, in one line: {@code "link down leaf1:eth9 at 100us:
     *     150 packets lost with it (609.1KiB); routes reconverged at 100.5us; traffic recovered in
     *     50us (…)"}
     */
    public String describe() {
      List<String> parts = new ArrayList<>();
      parts.add(lossesText());
      if (pausesSent > 0) {
        parts.add(pausesSent + " pause frames sent by the storming NIC");
      }
      reroute.ifPresent(e -> parts.add("routes reconverged at " + Display.time(e.time())));
      recoveryText().ifPresent(parts::add);
      String applied =
          appliedAt.equals(fault.at()) ? "" : " (applied at " + Display.time(appliedAt) + ")";
      return fault.describe() + applied + ": " + String.join("; ", parts);
    }
  }

  /** Where a fault's drops happen and for which reasons; {@code ends} empty means anywhere. */
  private record Rule(Set<Endpoint> ends, Set<DropReason> reasons) {

    boolean explains(Endpoint port, DropReason reason) {
      return reasons.contains(reason) && (ends.isEmpty() || ends.contains(port));
    }
  }

  /**
   * @param run a finished run
   * @return what each fault that took effect did; faults the run ended before are {@linkplain
   *     RunResult#faultsNeverApplied() never applied} and have no effect here
   */
  public static FaultEffects of(RunResult run) {
    FabricGraph fabric = run.fabric();
    List<Fault> applied =
        run.scenario().faults().stream().filter(f -> f.at().compareTo(run.elapsed()) < 0).toList();
    List<Rule> rules = applied.stream().map(f -> rule(f, fabric)).toList();
    List<Effect> effects = new ArrayList<>();
    for (int i = 0; i < applied.size(); i++) {
      effects.add(effect(run, applied.get(i), i, rules));
    }
    return new FaultEffects(run, rules, List.copyOf(effects));
  }

  /**
   * @return an effect per fault that took effect, in the scenario's order
   */
  public List<Effect> effects() {
    return effects;
  }

  /**
   * @param port where a packet was dropped
   * @param reason why
   * @return whether one of the run's faults explains such a drop
   */
  public boolean explains(Endpoint port, DropReason reason) {
    return rules.stream().anyMatch(rule -> rule.explains(port, reason));
  }

  /**
   * @return the packets dropped on {@linkplain RunResult#losslessPriorities() lossless priorities}
   *     that no fault explains
   */
  public long unexplainedLosslessDrops() {
    Set<Integer> lossless = run.losslessPriorities();
    long count = 0;
    for (PortStats p : run.ports()) {
      if (!lossless.contains(p.priority())) {
        continue;
      }
      for (Map.Entry<DropReason, Long> drop : p.drops().entrySet()) {
        if (!explains(p.port(), drop.getKey())) {
          count += drop.getValue();
        }
      }
    }
    return count;
  }

  /**
   * @return the faults after which the traffic was measured not to recover
   */
  public List<Effect> notRecovered() {
    return effects.stream().filter(Effect::notRecovered).toList();
  }

  private static Effect effect(RunResult run, Fault fault, int index, List<Rule> rules) {
    long packets = 0;
    long bytes = 0;
    boolean bytesMeasured = true;
    for (PortStats p : run.ports()) {
      for (Map.Entry<DropReason, Long> drop : p.drops().entrySet()) {
        if (firstExplaining(rules, p.port(), drop.getKey()) == index) {
          packets += drop.getValue();
          Optional<Long> lostBytes = p.droppedBytes().map(m -> m.getOrDefault(drop.getKey(), 0L));
          bytesMeasured &= lostBytes.isPresent();
          bytes += lostBytes.orElse(0L);
        }
      }
    }
    FabricEvent event = appliedEvent(run, fault);
    long pauses =
        fault instanceof Fault.PfcStorm storm
            ? run.port(storm.nic().toString()).stream()
                .filter(p -> p.priority() == storm.priority())
                .mapToLong(PortStats::pausesSent)
                .sum()
            : 0;
    Optional<FabricEvent> reroute =
        movesRoutes(fault)
            ? run.events().stream()
                .filter(e -> e.kind() == FabricEvent.Kind.RECONVERGENCE)
                .filter(e -> e.time().compareTo(event.time()) >= 0)
                .findFirst()
            : Optional.empty();
    Optional<Recovery.Outcome> recovery =
        disturbsTraffic(fault)
            ? Optional.of(
                Recovery.after(
                    event, run, s -> true, Recovery.DEFAULT_TOLERANCE, Recovery.DEFAULT_STABLE))
            : Optional.empty();
    return new Effect(
        fault,
        event.time(),
        packets,
        bytesMeasured && packets > 0 ? Optional.of(DataSize.bytes(bytes)) : Optional.empty(),
        pauses,
        reroute,
        recovery);
  }

  /** A drop explained by several faults counts with the first of them, so none counts twice. */
  private static int firstExplaining(List<Rule> rules, Endpoint port, DropReason reason) {
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i).explains(port, reason)) {
        return i;
      }
    }
    return -1;
  }

  /** The backend's FAULT event for this fault, or one at its scheduled time. */
  private static FabricEvent appliedEvent(RunResult run, Fault fault) {
    String target = target(fault);
    return run.events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.FAULT)
        .filter(e -> e.time().compareTo(fault.at()) >= 0 && e.subject().equals(target))
        .findFirst()
        .orElse(new FabricEvent(fault.at(), FabricEvent.Kind.FAULT, target, fault.describe()));
  }

  private static String target(Fault fault) {
    if (fault instanceof Fault.SwitchReset reset) {
      return reset.device();
    }
    if (fault instanceof Fault.ConfigDrift drift) {
      return drift.device();
    }
    if (fault instanceof Fault.PfcStorm storm) {
      return storm.nic().toString();
    }
    return port(fault).map(Endpoint::toString).orElse("");
  }

  /** The port a link fault acts on. */
  private static Optional<Endpoint> port(Fault fault) {
    if (fault instanceof Fault.LinkDown f) {
      return Optional.of(f.port());
    } else if (fault instanceof Fault.LinkUp f) {
      return Optional.of(f.port());
    } else if (fault instanceof Fault.LinkFlap f) {
      return Optional.of(f.port());
    } else if (fault instanceof Fault.BitErrors f) {
      return Optional.of(f.port());
    } else if (fault instanceof Fault.DegradingOptic f) {
      return Optional.of(f.port());
    } else if (fault instanceof Fault.RouteChange f) {
      return Optional.of(f.port());
    }
    return Optional.empty();
  }

  private static boolean movesRoutes(Fault fault) {
    return !(fault instanceof Fault.PfcStorm
        || fault instanceof Fault.BitErrors
        || fault instanceof Fault.ConfigDrift);
  }

  private static boolean disturbsTraffic(Fault fault) {
    return !(fault instanceof Fault.LinkUp
        || fault instanceof Fault.ConfigDrift
        || (fault instanceof Fault.RouteChange change && !change.withdrawn()));
  }

  private static Rule rule(Fault fault, FabricGraph fabric) {
    if (fault instanceof Fault.LinkDown || fault instanceof Fault.LinkFlap) {
      return ends(fabric, port(fault).orElseThrow(), DropReason.LINK_DOWN);
    } else if (fault instanceof Fault.BitErrors) {
      return ends(fabric, port(fault).orElseThrow(), DropReason.CRC_ERROR);
    } else if (fault instanceof Fault.DegradingOptic) {
      return ends(fabric, port(fault).orElseThrow(), DropReason.CRC_ERROR, DropReason.LINK_DOWN);
    } else if (fault instanceof Fault.SwitchReset reset) {
      Set<Endpoint> ends = new HashSet<>();
      for (Endpoint port : fabric.ports(reset.device())) {
        fabric.linkAt(port).ifPresent(link -> ends.addAll(List.of(link.a(), link.b())));
      }
      return new Rule(Set.copyOf(ends), EnumSet.of(DropReason.SWITCH_RESET, DropReason.LINK_DOWN));
    } else if (fault instanceof Fault.PfcStorm) {
      return new Rule(Set.of(), EnumSet.of(DropReason.PFC_WATCHDOG));
    }
    return new Rule(Set.of(), EnumSet.noneOf(DropReason.class));
  }

  private static Rule ends(FabricGraph fabric, Endpoint port, DropReason... reasons) {
    Set<Endpoint> ends =
        fabric.linkAt(port).map(link -> Set.of(link.a(), link.b())).orElse(Set.of(port));
    return new Rule(ends, EnumSet.copyOf(List.of(reasons)));
  }
}
