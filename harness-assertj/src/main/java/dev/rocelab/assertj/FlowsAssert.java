package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.Stats;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToLongFunction;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a run's flows: completion, flow completion times, goodput — absolute and as a
 * fraction of the receivers' line rate — and fairness.
 *
 * <pre>{@code
 * assertThat(run).flows().allCompleted();
 * assertThat(run).flows().completionTimes().p99().isLessThan("2ms");
 * assertThat(run).flows().goodput().fractionOfLineRate().isAtLeast(0.9);
 * assertThat(run).flows().fairness().isAtLeast(0.95);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class FlowsAssert extends AbstractAssert<FlowsAssert, List<FlowResult>> {

  private final AssertContext context;
  private final String scope;

  FlowsAssert(AssertContext context, List<FlowResult> flows, String scope) {
    super(flows, FlowsAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @param priority 0..7
   * @return assertions on the flows that travelled on that priority
   */
  public FlowsAssert onPriority(int priority) {
    return new FlowsAssert(
        context,
        actual.stream().filter(f -> f.priority() == priority).toList(),
        "flows on priority " + priority);
  }

  /**
   * Checks that every flow delivered all its bytes.
   *
   * @return this assertion
   */
  public FlowsAssert allCompleted() {
    if (!hasFlows("flow completion")) {
      return myself;
    }
    List<FlowResult> unfinished = actual.stream().filter(f -> !f.completed()).toList();
    if (!unfinished.isEmpty()) {
      FlowResult first = unfinished.get(0);
      context.fail(
          "flow completion",
          where(),
          "all " + actual.size() + " flows complete",
          unfinished.size()
              + " of "
              + actual.size()
              + " did not complete by the end of the run at "
              + Display.time(context.run().elapsed()),
          new String[] {
            "first",
            describe(first)
                + ", delivered "
                + Display.size(first.delivered())
                + " of "
                + Display.size(first.size())
          });
    } else {
      context.pass(
          "flow completion",
          where(),
          "all " + actual.size() + " flows complete",
          actual.size() + " of " + actual.size() + " completed");
    }
    return myself;
  }

  /**
   * @return assertions on the percentiles of flow completion time; unfinished flows count as never
   *     completing
   */
  public CompletionTimesAssert completionTimes() {
    return new CompletionTimesAssert(context, actual, where());
  }

  /**
   * The aggregate goodput: bytes delivered by all flows over the time from the first start to the
   * last completion (or the end of the run). Its line rate is the sum of the links of the distinct
   * receivers.
   *
   * @return an assertion on the rate
   */
  public RateAssert goodput() {
    if (!hasFlows("goodput")) {
      return new RateAssert(null, context, "goodput", where(), Optional.empty(), "no flows");
    }
    RunResult run = context.run();
    long start = actual.stream().mapToLong(f -> f.start().picos()).min().orElse(0);
    long end =
        actual.stream()
            .mapToLong(f -> f.completion().orElse(run.elapsed()).picos())
            .max()
            .orElse(start);
    long bytes = actual.stream().mapToLong(f -> f.delivered().bytes()).sum();
    Rate rate = Rate.bps(end <= start ? 0 : Math.round(bytes * 8.0 * 1e12 / (end - start)));
    Set<Endpoint> receivers = new TreeSet<>();
    actual.forEach(f -> receivers.add(f.destination()));
    Optional<Rate> line = Optional.of(Rate.bps(0));
    for (Endpoint receiver : receivers) {
      Optional<Rate> link = context.lineRate(receiver);
      line = line.flatMap(sum -> link.map(sum::plus));
    }
    return new RateAssert(
        rate,
        context,
        "goodput",
        where() + ", " + receivers.size() + (receivers.size() == 1 ? " receiver" : " receivers"),
        line,
        lineRateProblem(receivers.iterator().next()));
  }

  /**
   * The goodput of the slowest flow: its delivered bytes over its lifetime. Its line rate is the
   * link of its receiver.
   *
   * @return an assertion on the rate
   */
  public RateAssert slowestGoodput() {
    if (!hasFlows("slowest goodput")) {
      return new RateAssert(
          null, context, "slowest goodput", where(), Optional.empty(), "no flows");
    }
    SimTime end = context.run().elapsed();
    FlowResult slowest =
        actual.stream().min(Comparator.comparing(f -> f.goodput(end))).orElseThrow();
    return new RateAssert(
        slowest.goodput(end),
        context,
        "slowest goodput",
        "flow " + describe(slowest) + ", slowest of " + where(),
        context.lineRate(slowest.destination()),
        lineRateProblem(slowest.destination()));
  }

  /**
   * Jain's fairness index of the flows' goodput: 1 when all flows got the same, 1/n when one got
   * everything.
   *
   * @return an assertion on the index, in (0, 1]
   */
  public NumberAssert fairness() {
    if (!hasFlows("Jain's fairness index of goodput")) {
      return new NumberAssert(null, context, "Jain's fairness index of goodput", where());
    }
    SimTime end = context.run().elapsed();
    double[] goodputs = actual.stream().mapToDouble(f -> f.goodput(end).bitsPerSecond()).toArray();
    FlowResult slowest =
        actual.stream().min(Comparator.comparing(f -> f.goodput(end))).orElseThrow();
    FlowResult fastest =
        actual.stream().max(Comparator.comparing(f -> f.goodput(end))).orElseThrow();
    return new NumberAssert(
        Stats.jain(goodputs),
        context,
        "Jain's fairness index of goodput",
        where(),
        "",
        " (slowest "
            + Display.rate(slowest.goodput(end))
            + " "
            + slowest.id()
            + ", fastest "
            + Display.rate(fastest.goodput(end))
            + " "
            + fastest.id()
            + ")");
  }

  /**
   * The packets the flows sent again (go-back-N or timeout), summed; the flow that resent most is
   * named.
   *
   * @return an assertion on the count
   */
  public CountAssert retransmissions() {
    return counted("retransmitted packets", FlowResult::retransmissions);
  }

  /**
   * The data packets that arrived ahead of one their receiver still expected (reordered by load
   * balancing, or behind a loss), summed; the flow with most is named.
   *
   * @return an assertion on the count
   */
  public CountAssert outOfOrder() {
    return counted("out-of-order packets", FlowResult::outOfOrder);
  }

  private CountAssert counted(String label, ToLongFunction<FlowResult> count) {
    if (!hasFlows(label)) {
      return new CountAssert(null, context, label, scope);
    }
    long total = actual.stream().mapToLong(count).sum();
    FlowResult most = actual.stream().max(Comparator.comparingLong(count)).orElseThrow();
    String where =
        where()
            + (total == 0
                ? ""
                : ", most by " + describe(most) + " (" + count.applyAsLong(most) + ")");
    return new CountAssert(total, context, label, where);
  }

  private boolean hasFlows(String label) {
    if (actual.isEmpty()) {
      context.fail(label, scope, "at least one flow", "none");
      return false;
    }
    return true;
  }

  private String where() {
    return actual.size()
        + " "
        + (actual.size() == 1 ? "flow" : "flows")
        + (scope.equals("all flows") ? "" : " (" + scope + ")");
  }

  private String lineRateProblem(Endpoint receiver) {
    return "the fabric has no link at " + receiver;
  }

  static String describe(FlowResult flow) {
    return flow.id() + " " + flow.source() + " → " + flow.destination();
  }
}
