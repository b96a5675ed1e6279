package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.analysis.CounterParity;
import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.FaultEffects;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link RunResult}: the criteria a fabric must meet, and navigation to the
 * quantities behind them.
 *
 * <pre>{@code
 * assertThat(run).isLossless();
 * assertThat(run).latency(3).p99().isLessThan("80us");
 * assertThat(run).pfc().pausedFraction().isLessThan(0.95);
 * assertThat(run).port("leaf1:eth3").priority(3).ecn().markRatio().isAtMost(0.2);
 * assertThat(run).flows().fairness().isAtLeast(0.9);
 * assertThat(run).recovery().isFasterThan("2ms");
 * }</pre>
 *
 * <p>Every failure message is a block of lines: the quantity, the run (scenario, seed, fabric,
 * backend), where it was measured (port, priority, time), what was expected and what was measured.
 *
 * <p>Criteria that need the fabric — line rates, uplinks, lossless priorities — take it from the
 * run, which knows the fabric it ran on.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {

  private final AssertContext context;

  /**
   * Creates assertions that throw on the first failure; prefer {@link
   * FabricAssertions#assertThat(RunResult)}.
   *
   * @param actual the run
   */
  public RunResultAssert(RunResult actual) {
    this(AssertContext.of(actual, null));
  }

  RunResultAssert(AssertContext context) {
    super(context.run(), RunResultAssert.class);
    this.context = context;
  }

  /**
   * Checks that no packet of a lossless priority was dropped, for any reason. The lossless
   * priorities are those of the fabric's QoS policies, and any priority the backend recorded a
   * lossless drop on. A failure names the first such drop: switch, port, priority, simulated time,
   * reason.
   *
   * @return this assertion
   */
  public RunResultAssert isLossless() {
    return lossless(losslessPriorities(), "", (port, reason) -> false);
  }

  /**
   * Checks that no packet of a lossless priority was dropped apart from those the scenario's faults
   * explain, by {@link FaultEffects}' rule: a link's own link-down drops at its ends, a reset
   * switch's flushed queues, the CRC errors on the link with bit errors, the watchdog's drops in a
   * PFC storm — each only where and for the reason its fault acts. The rule the command line's
   * verdict uses; stricter than {@link #isLosslessExcept(DropReason...)}, which excuses a reason
   * anywhere.
   *
   * @return this assertion
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public RunResultAssert isLosslessApartFromFaults() {
    isNotNull();
    FaultEffects effects = FaultEffects.of(actual);
    return lossless(
        losslessPriorities(),
        effects.effects().isEmpty()
            ? ""
            : ", not counting what "
                + effects.effects().stream()
                    .map(e -> e.fault().describe())
                    .collect(Collectors.joining(", "))
                + " explain",
        effects::explains);
  }

  /**
   * Checks that no packet of a lossless priority was dropped for other reasons than those allowed,
   * e.g. {@code isLosslessExcept(DropReason.LINK_DOWN)} for a link failure, where packets on the
   * failing link are lost whatever the class.
   *
   * @param allowed reasons that do not count
   * @return this assertion
   */
  public RunResultAssert isLosslessExcept(DropReason... allowed) {
    EnumSet<DropReason> reasons = EnumSet.noneOf(DropReason.class);
    reasons.addAll(Arrays.asList(allowed));
    return lossless(
        losslessPriorities(),
        reasons.isEmpty() ? "" : ", not counting " + reasons,
        (port, reason) -> reasons.contains(reason));
  }

  /**
   * Checks that nothing was dropped on the given priorities, whatever the fabric declares lossless.
   *
   * @param priorities 0..7, at least one
   * @return this assertion
   */
  public RunResultAssert isLosslessOn(int... priorities) {
    if (priorities.length == 0) {
      throw new IllegalArgumentException("name at least one priority");
    }
    return lossless(
        Arrays.stream(priorities).boxed().collect(Collectors.toCollection(TreeSet::new)),
        "",
        (port, reason) -> false);
  }

  /**
   * Checks that nothing was dropped anywhere, on any priority, for any reason.
   *
   * @return this assertion
   */
  public RunResultAssert hasNoDrops() {
    isNotNull();
    Drops.check(
        context,
        "drops",
        "all ports and priorities",
        actual.ports(),
        r -> true,
        (port, reason) -> false);
    return myself;
  }

  /**
   * Checks that no PFC deadlock (a cycle of paused queues) was detected.
   *
   * @return this assertion
   */
  public RunResultAssert hasNoDeadlock() {
    isNotNull();
    actual.events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.DEADLOCK)
        .findFirst()
        .ifPresentOrElse(
            e ->
                context.fail(
                    "PFC deadlock",
                    e.subject(),
                    "none",
                    "detected at " + Display.time(e.time()) + ": " + e.detail()),
            () -> context.pass("PFC deadlock", "", "none", "none detected"));
    return myself;
  }

  /**
   * Checks why the run ended, e.g. {@link StopReason#COMPLETED} when all traffic must finish.
   *
   * @param expected the reason
   * @return this assertion
   */
  public RunResultAssert hasStopReason(StopReason expected) {
    isNotNull();
    context.check(
        actual.stopReason() == expected,
        new Object[] {expected},
        "stop reason",
        "",
        expected.toString(),
        actual.stopReason() + " at " + Display.time(actual.elapsed()),
        Optional.empty());
    return myself;
  }

  /**
   * Checks that this run (e.g. a lab's) agrees with another run of the same scenario (e.g. the
   * model's) on every metric both measured, within each metric's {@linkplain
   * Agreement.Metric#defaultTolerance() default tolerance}: collectives' bus bandwidth per size,
   * flow completion times, latency p99 per priority, pauses and paused time, ECN marks, CNPs, the
   * deepest queue, training step times ({@link Agreement}). A failure shows the whole comparison
   * table. Runs of different scenarios, or runs sharing no measured metric, fail.
   *
   * @param reference the run to compare with
   * @return this assertion
   * @since 0.3
   */
  public RunResultAssert agreesWith(RunResult reference) {
    return agreesWith(reference, Agreement.Tolerances.defaults());
  }

  /**
   * Checks that this run agrees with another run of the same scenario within the given tolerances,
   * e.g. {@code Tolerances.defaults().with(Metric.PAUSES, 0.2)}.
   *
   * @param reference the run to compare with
   * @param tolerances the largest symmetric relative difference per metric
   * @return this assertion
   * @see #agreesWith(RunResult)
   * @since 0.3
   */
  public RunResultAssert agreesWith(RunResult reference, Agreement.Tolerances tolerances) {
    isNotNull();
    if (reference == null) {
      throw new IllegalArgumentException("the reference run must not be null");
    }
    String label = "agreement with " + reference.backend();
    String versus = actual.backend() + " vs " + reference.backend();
    if (!actual.scenario().describe().equals(reference.scenario().describe())) {
      context.fail(
          label,
          versus,
          "runs of the same scenario",
          actual.scenario().describe() + " vs " + reference.scenario().describe());
      return myself;
    }
    Agreement agreement = Agreement.of(actual, reference, tolerances);
    List<Agreement.Row> apart = agreement.disagreements();
    String summary =
        agreement.compared().size()
            + " metrics compared, "
            + apart.size()
            + " apart"
            + apart.stream()
                .map(r -> r.metric().name().toLowerCase(Locale.ROOT) + " " + r.subject())
                .collect(Collectors.joining(", ", apart.isEmpty() ? "" : ": ", ""));
    String[] table = {"comparison", "\n" + agreement.table().stripTrailing()};
    if (agreement.compared().isEmpty()) {
      context.fail(label, versus, "metrics measured by both runs", "none in common", table);
    } else if (!apart.isEmpty()) {
      context.fail(label, versus, "every metric within its tolerance", summary, table);
    } else {
      context.pass(label, versus, "every metric within its tolerance", summary);
    }
    return myself;
  }

  /**
   * Checks that the two ends of every link count the same bytes within a tolerance, each direction
   * on its own ({@link CounterParity}): on a lab, the switches' port counters against the hosts'
   * NIC counters, as SONiC's test plans check a tester against the device. Links with counters at
   * one end only are not checked; a run with none at both ends fails.
   *
   * @param tolerance the largest {@code |sent − received| / max(sent, received)} that agrees, e.g.
   *     0.01
   * @return this assertion
   * @since 0.3
   */
  public RunResultAssert hasCounterParity(double tolerance) {
    isNotNull();
    CounterParity parity = CounterParity.of(actual);
    List<CounterParity.Direction> apart = parity.apart(tolerance);
    String label = "counter parity";
    String expected =
        "sent and received bytes of every link direction within " + Display.percent(tolerance);
    if (parity.directions().isEmpty()) {
      context.fail(label, "", expected, "no link has counters at both ends");
    } else if (!apart.isEmpty()) {
      CounterParity.Direction worst =
          apart.stream()
              .max(Comparator.comparingDouble(CounterParity.Direction::difference))
              .orElseThrow();
      context.fail(
          label,
          worst.describe(),
          expected,
          apart.size()
              + " of "
              + parity.directions().size()
              + " apart; the most "
              + worst.sent()
              + " B sent, "
              + worst.received()
              + " B received ("
              + Display.percent(worst.difference())
              + ")",
          new String[] {
            "apart",
            apart.stream()
                    .map(CounterParity.Direction::describe)
                    .limit(10)
                    .collect(Collectors.joining(", "))
                + (apart.size() > 10 ? ", …" : "")
          });
    } else {
      context.pass(
          label,
          "",
          expected,
          parity.directions().size()
              + " link directions, the most apart by "
              + Display.percent(
                  parity.directions().stream()
                      .mapToDouble(CounterParity.Direction::difference)
                      .max()
                      .orElse(0)));
    }
    return myself;
  }

  /**
   * @param priority 0..7
   * @return assertions on the one-way latency of that priority
   */
  public LatencyAssert latency(int priority) {
    isNotNull();
    LatencySummary summary = actual.latency().get(priority);
    if (summary == null) {
      context.fail(
          "latency of priority " + priority,
          "",
          "measured latency",
          "no latency measured for priority "
              + priority
              + "; measured: "
              + actual.latency().keySet());
    }
    return new LatencyAssert(summary, context, priority);
  }

  /**
   * @return assertions on the latency of the only priority that has any
   * @see #latency(int)
   */
  public LatencyAssert latency() {
    isNotNull();
    if (actual.latency().size() != 1) {
      context.fail(
          "latency",
          "",
          "latency measured on exactly one priority",
          "measured on " + actual.latency().keySet() + "; use latency(priority)");
      return new LatencyAssert(null, context, -1);
    }
    return latency(actual.latency().keySet().iterator().next());
  }

  /**
   * @param port {@code device:port}, e.g. {@code "leaf1:eth3"}
   * @return assertions on that port's counters
   */
  public PortsAssert port(String port) {
    isNotNull();
    return new PortsAssert(context, PortScope.port(actual, Endpoint.parse(port)));
  }

  /**
   * @param priority 0..7
   * @return assertions on that priority's counters over all ports
   */
  public PortsAssert priority(int priority) {
    isNotNull();
    return new PortsAssert(context, PortScope.all(actual).withPriority(priority));
  }

  /**
   * @return assertions on priority flow control over all ports
   */
  public PfcAssert pfc() {
    isNotNull();
    return new PfcAssert(context, PortScope.all(actual));
  }

  /**
   * @return assertions on ECN marking over all ports
   */
  public EcnAssert ecn() {
    isNotNull();
    return new EcnAssert(context, PortScope.all(actual));
  }

  /**
   * @return assertions on CNPs over all ports
   */
  public CnpAssert cnp() {
    isNotNull();
    return new CnpAssert(context, PortScope.all(actual));
  }

  /**
   * @return assertions on queue depth and headroom over all ports
   */
  public BufferAssert buffer() {
    isNotNull();
    return new BufferAssert(context, PortScope.all(actual));
  }

  /**
   * @return assertions on the run's flows: completion, completion times, goodput, fairness
   */
  public FlowsAssert flows() {
    isNotNull();
    return new FlowsAssert(context, actual.flows(), "all flows");
  }

  /**
   * @return assertions on the run's collective (its nccl-tests table); fails if the run has none or
   *     several (then use {@link #collective(int)})
   */
  public CollectiveAssert collective() {
    isNotNull();
    if (actual.collectives().size() != 1) {
      context.fail(
          "collective",
          "",
          "exactly one collective result",
          actual.collectives().size() + " (run stopped: " + actual.stopReason() + ")");
      return new CollectiveAssert(context, null, Optional.empty());
    }
    return collective(0);
  }

  /**
   * @param index the collective's position among the scenario's collectives, from 0
   * @return assertions on its nccl-tests table
   */
  public CollectiveAssert collective(int index) {
    isNotNull();
    if (index < 0 || index >= actual.collectives().size()) {
      context.fail(
          "collective",
          "",
          "a collective result #" + index,
          actual.collectives().size()
              + " collective results (run stopped: "
              + actual.stopReason()
              + ")");
      return new CollectiveAssert(context, null, Optional.empty());
    }
    return new CollectiveAssert(context, actual.collectives().get(index), Optional.empty());
  }

  /**
   * @return assertions on the run's training job (its steps); fails if the run has none or several
   *     (then use {@link #training(int)})
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public TrainingAssert training() {
    isNotNull();
    if (actual.trainings().size() != 1) {
      context.fail(
          "training job",
          "",
          "exactly one training job",
          actual.trainings().size() + " (run stopped: " + actual.stopReason() + ")");
      return new TrainingAssert(context, null);
    }
    return training(0);
  }

  /**
   * @param index the job's position among the scenario's training jobs, from 0
   * @return assertions on its steps
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public TrainingAssert training(int index) {
    isNotNull();
    if (index < 0 || index >= actual.trainings().size()) {
      context.fail(
          "training job",
          "",
          "a training job #" + index,
          actual.trainings().size() + " training jobs (run stopped: " + actual.stopReason() + ")");
      return new TrainingAssert(context, null);
    }
    return new TrainingAssert(context, actual.trainings().get(index));
  }

  /**
   * @param port the receiving port, {@code device:port}, e.g. {@code "spine1:eth1"}
   * @return assertions on its FEC counters: the optic's health
   */
  public FecAssert fec(String port) {
    isNotNull();
    return new FecAssert(context, Endpoint.parse(port));
  }

  /**
   * @return assertions on the time the traffic took to recover from the run's first fault
   */
  public RecoveryAssert recovery() {
    isNotNull();
    return new RecoveryAssert(context);
  }

  /**
   * @return assertions on how evenly ECMP spread traffic over uplinks
   */
  public EcmpAssert ecmp() {
    isNotNull();
    return new EcmpAssert(context);
  }

  /**
   * @return assertions on how evenly traffic was spread over equal-cost uplinks, and what balancing
   *     cost the flows
   */
  public LoadBalanceAssert loadBalance() {
    isNotNull();
    return new LoadBalanceAssert(context);
  }

  private Set<Integer> losslessPriorities() {
    isNotNull();
    return actual.losslessPriorities();
  }

  private RunResultAssert lossless(
      Set<Integer> priorities, String excusedText, BiPredicate<Endpoint, DropReason> excused) {
    isNotNull();
    String where =
        (priorities.size() == 1 ? "lossless priority " : "lossless priorities ")
            + (priorities.isEmpty()
                ? "(none known)"
                : priorities.stream().map(String::valueOf).collect(Collectors.joining(", ")))
            + excusedText;
    Drops.check(
        context,
        "lossless traffic",
        where,
        actual.ports().stream().filter(p -> priorities.contains(p.priority())).toList(),
        r -> priorities.contains(r.priority()),
        excused);
    return myself;
  }
}
