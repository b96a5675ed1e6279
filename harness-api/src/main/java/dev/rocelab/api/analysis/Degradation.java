package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Outage;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Throughput after a link failure against the capacity the fabric has left ("predictable
 * degradation").
 *
 * <p>The failed links are those of the scenario's {@linkplain Outage outages}: a {@link
 * Fault.LinkDown} until its {@link Fault.LinkUp}, the down half-periods of a {@link
 * Fault.LinkFlap}, every link of a switch during a {@link Fault.SwitchReset}'s reboot. Each must
 * join a leaf (a switch with NICs attached) to a switch of a higher tier, so a spine may reset but
 * a leaf may not. For every such leaf, its flows form two groups: those leaving it (source NIC on
 * the leaf, destination NIC elsewhere) and those entering it. A group's <em>remaining capacity</em>
 * is the smaller of the summed speed of the leaf's uplinks that are still up and the summed line
 * rate of its flows (each flow's slower NIC).
 *
 * <p>The window starts at the first {@link FabricEvent.Kind#RECONVERGENCE RECONVERGENCE} event at
 * or after the first link-down (the link-down itself if the backend reports no reconvergence) and
 * ends at the first of: the end of the first outage, the first completion of a flow of the group,
 * the end of the series. A {@value Recovery#METRIC} sample at time {@code t} covers {@code (t −
 * interval, t]}; the samples wholly inside the window count. A group's <em>degraded throughput</em>
 * is the mean over those samples of its flows' summed throughput; its ratio is that over its
 * remaining capacity.
 *
 * <p>The same group is measured before the failure, from its first sample with traffic to the
 * link-down (or the first completion of a flow of the group, if earlier), against the capacity it
 * had then: all the leaf's uplinks, or the flows' line rate if lower. Its <em>proportionality</em>
 * is the share of throughput it kept over the share of capacity it kept.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Degradation {

  private Degradation() {}

  /**
   * A group's mean summed throughput over a window of samples.
   *
   * @param throughput the mean summed throughput, bps
   * @param from the start of the window
   * @param to the time of the last sample counted
   * @param samples how many samples the mean is over
   */
  public record Window(double throughput, SimTime from, SimTime to, int samples) {

    /**
     * The samples wholly inside {@code (from, to]}: a sample at {@code t} covers {@code (t −
     * interval, t]}.
     */
    static Window mean(TimeSeries grid, double[] sum, long from, long to) {
      int samples = 0;
      long last = from;
      double total = 0;
      for (int i = 0; i < sum.length; i++) {
        long t = time(grid, i);
        if (t - grid.interval().picos() >= from && t <= to) {
          samples++;
          last = t;
          total += sum[i];
        }
      }
      return new Window(
          samples == 0 ? 0 : total / samples, SimTime.picos(from), SimTime.picos(last), samples);
    }
  }

  /**
   * A group of flows through a degraded leaf, measured before the link went down and after the
   * routes reconverged.
   *
   * @param leaf the leaf that lost uplinks
   * @param outbound true for the flows leaving the leaf, false for those entering it
   * @param flows how many flows
   * @param uplinksUp how many uplinks of the leaf are still up
   * @param uplinks how many uplinks it has
   * @param uplinkCapacity the summed speed of the uplinks still up, bps
   * @param allUplinksCapacity the summed speed of all its uplinks, bps
   * @param nicCapacity the summed line rate of the flows, bps
   * @param after the window after reconvergence
   * @param before the window before the link went down, from the first sample with traffic
   */
  public record Group(
      String leaf,
      boolean outbound,
      int flows,
      int uplinksUp,
      int uplinks,
      long uplinkCapacity,
      long allUplinksCapacity,
      long nicCapacity,
      Window after,
      Window before) {

    /**
     * @return the remaining capacity, bps
     */
    public long capacity() {
      return Math.min(uplinkCapacity, nicCapacity);
    }

    /**
     * @return the capacity before the failure, bps
     */
    public long capacityBefore() {
      return Math.min(allUplinksCapacity, nicCapacity);
    }

    /**
     * @return degraded throughput over remaining capacity
     */
    public double ratio() {
      return capacity() == 0 ? 0 : after.throughput() / capacity();
    }

    /**
     * @return the share of its throughput the group kept over the share of capacity it kept: 1 when
     *     throughput fell in proportion to capacity, below 1 when it fell further; 0 when nothing
     *     was measured before the failure
     */
    public double proportionality() {
      if (before.throughput() == 0 || capacity() == 0) {
        return 0;
      }
      return (after.throughput() / before.throughput()) / ((double) capacity() / capacityBefore());
    }
  }

  /**
   * What was found: every group measured, or why there is none.
   *
   * @param groups the groups measured, each failed leaf's outbound then inbound flows
   * @param problem why degradation cannot be measured
   */
  public record Outcome(List<Group> groups, Optional<String> problem) {

    /**
     * @return the group with the lowest share of the remaining capacity
     */
    public Group worstByRatio() {
      return groups.stream().min(Comparator.comparingDouble(Group::ratio)).orElseThrow();
    }

    /**
     * @return the group whose throughput fell furthest beyond its capacity
     */
    public Group worstByProportionality() {
      return groups.stream().min(Comparator.comparingDouble(Group::proportionality)).orElseThrow();
    }
  }

  /**
   * A group's throughput after the failure against the same flows' throughput, over the same
   * window, in a run of the same traffic on the fabric without the failed links.
   *
   * @param group the group, as {@link #compute} measured it
   * @param without the same flows' mean summed throughput in the run without the links, over the
   *     window of {@code group.after()}
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Comparison(Group group, Window without) {

    /**
     * @return the throughput the group kept after the failure over what it carries on the fabric
     *     without the failed links: 1 when the failure cost what the lost links cost; 0 when
     *     nothing was measured without them
     */
    public double ratio() {
      return without.throughput() == 0 ? 0 : group.after().throughput() / without.throughput();
    }
  }

  /**
   * What a comparison found: every group compared, or why there is none.
   *
   * @param comparisons each failed leaf's outbound then inbound flows
   * @param problem why the comparison cannot be made
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Comparisons(List<Comparison> comparisons, Optional<String> problem) {

    /**
     * @return the comparison with the lowest ratio
     */
    public Comparison worst() {
      return comparisons.stream().min(Comparator.comparingDouble(Comparison::ratio)).orElseThrow();
    }
  }

  /**
   * The same scenario on the fabric without the links it takes down: every {@link Fault.LinkDown}
   * at time zero, the rest as it was. Same traffic, same seed, so the flows are the same and static
   * ECMP hashes them onto the same surviving links as after the failure: what that run carries is
   * what the failure may cost, whatever luck the hashing had.
   *
   * @param scenario a scenario that takes links down
   * @return the scenario with those links down from the start, named after it
   * @throws IllegalArgumentException if it takes no link down, or also flaps a link or resets a
   *     switch (whose outages end on their own)
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static Scenario withTheLinksDownFromTheStart(Scenario scenario) {
    List<Fault> faults = new ArrayList<>();
    boolean down = false;
    for (Fault fault : scenario.faults()) {
      if (fault instanceof Fault.LinkDown d) {
        faults.add(new Fault.LinkDown(d.port(), SimTime.ZERO));
        down = true;
      } else if (fault instanceof Fault.LinkFlap || fault instanceof Fault.SwitchReset) {
        throw new IllegalArgumentException(
            "a run without the failed links is defined for links taken down, not for "
                + fault.describe());
      } else {
        faults.add(fault);
      }
    }
    if (!down) {
      throw new IllegalArgumentException(scenario.name() + " takes no link down");
    }
    return new Scenario(
        scenario.name() + " without the failed links",
        scenario.workloads(),
        faults,
        scenario.duration(),
        scenario.seed(),
        scenario.sampleInterval(),
        scenario.completion());
  }

  /**
   * Each group's throughput after the failure against what the same flows carry, over the same
   * window, on the fabric without the failed links (a run of {@link
   * #withTheLinksDownFromTheStart}). Unlike {@link Group#proportionality()}, which compares the
   * fabric before the failure with after it, this is free of where ECMP happened to hash a few
   * flows: both runs hash them onto the same surviving links.
   *
   * @param run the run with the failure
   * @param without the same traffic on the fabric without the failed links
   * @param fabric the fabric both ran on
   * @param subjects which flows take part, by id
   * @return the comparisons
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static Comparisons against(
      RunResult run, RunResult without, FabricGraph fabric, Predicate<String> subjects) {
    Outcome outcome = compute(run, fabric, subjects);
    if (outcome.problem().isPresent()) {
      return new Comparisons(List.of(), outcome.problem());
    }
    List<TimeSeries> series = without.series(Recovery.METRIC);
    List<Comparison> comparisons = new ArrayList<>();
    for (Group group : outcome.groups()) {
      List<FlowResult> flows = members(without, fabric, group.leaf(), group.outbound(), subjects);
      Optional<TimeSeries> grid =
          flows.isEmpty()
              ? Optional.empty()
              : series.stream().filter(s -> s.subject().equals(flows.get(0).id())).findFirst();
      if (grid.isEmpty()) {
        return new Comparisons(
            List.of(),
            Optional.of(
                "the run without the failed links has no "
                    + Recovery.METRIC
                    + " series of the flows "
                    + (group.outbound() ? "leaving " : "entering ")
                    + group.leaf()));
      }
      Window window =
          Window.mean(
              grid.get(),
              sum(grid.get(), flows, series),
              group.after().from().picos(),
              group.after().to().picos());
      comparisons.add(new Comparison(group, window));
    }
    return new Comparisons(List.copyOf(comparisons), Optional.empty());
  }

  /**
   * @param run the run
   * @param fabric the fabric it ran on
   * @param subjects which flows take part, by id
   * @return the outcome
   */
  public static Outcome compute(RunResult run, FabricGraph fabric, Predicate<String> subjects) {
    List<Outage> outages = Outage.of(run.scenario().faults(), fabric);
    if (outages.isEmpty()) {
      return problem("the scenario takes no link down, link flap or switch reset");
    }
    Set<Link> failed = new LinkedHashSet<>();
    Set<String> leaves = new LinkedHashSet<>();
    for (Outage outage : outages) {
      if (outage.links().isEmpty()) {
        return problem(
            "the failed " + outage.what() + " has no link in fabric " + fabric.spec().name());
      }
      for (Link link : outage.links()) {
        Optional<String> leaf = lowerLeaf(fabric, link);
        if (leaf.isEmpty()) {
          return problem(
              "the failed link "
                  + link.a()
                  + " <-> "
                  + link.b()
                  + " ("
                  + outage.what()
                  + ") is not a leaf uplink; degradation is measured for leaf uplinks");
        }
        failed.add(link);
        leaves.add(leaf.get());
      }
    }
    long downAt = outages.stream().mapToLong(o -> o.from().picos()).min().orElseThrow();
    long from =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.RECONVERGENCE && e.time().picos() >= downAt)
            .mapToLong(e -> e.time().picos())
            .findFirst()
            .orElse(downAt);
    long upAt =
        outages.stream()
            .flatMap(o -> o.until().stream())
            .mapToLong(SimTime::picos)
            .filter(t -> t > downAt)
            .min()
            .orElse(Long.MAX_VALUE);
    List<TimeSeries> series = run.series(Recovery.METRIC);
    if (series.isEmpty()) {
      return problem(
          "the run has no "
              + Recovery.METRIC
              + " series; the backend must sample "
              + Recovery.METRIC
              + " per flow");
    }
    List<Group> groups = new ArrayList<>();
    for (String leaf : leaves) {
      for (boolean outbound : new boolean[] {true, false}) {
        measure(run, fabric, series, failed, leaf, outbound, subjects, downAt, from, upAt)
            .ifPresent(groups::add);
      }
    }
    if (groups.isEmpty()) {
      return problem(
          "no flow of the run leaves or enters "
              + String.join(", ", leaves)
              + " with throughput"
              + " samples after "
              + Display.time(SimTime.picos(from)));
    }
    return new Outcome(List.copyOf(groups), Optional.empty());
  }

  private static Optional<Group> measure(
      RunResult run,
      FabricGraph fabric,
      List<TimeSeries> series,
      Set<Link> failed,
      String leaf,
      boolean outbound,
      Predicate<String> subjects,
      long downAt,
      long from,
      long upAt) {
    List<FlowResult> flows = members(run, fabric, leaf, outbound, subjects);
    long nicCapacity = 0;
    long firstCompletion = Long.MAX_VALUE;
    for (FlowResult flow : flows) {
      nicCapacity += Math.min(speed(fabric, flow.source()), speed(fabric, flow.destination()));
      firstCompletion =
          Math.min(firstCompletion, flow.completion().map(SimTime::picos).orElse(Long.MAX_VALUE));
    }
    if (flows.isEmpty()) {
      return Optional.empty();
    }
    List<Endpoint> uplinks = fabric.uplinks(leaf);
    int up = 0;
    long uplinkCapacity = 0;
    long allUplinksCapacity = 0;
    for (Endpoint port : uplinks) {
      Link link = fabric.linkAt(port).orElseThrow();
      allUplinksCapacity += link.spec().speed().bitsPerSecond();
      if (!failed.contains(link)) {
        up++;
        uplinkCapacity += link.spec().speed().bitsPerSecond();
      }
    }
    Optional<TimeSeries> grid =
        series.stream().filter(s -> s.subject().equals(flows.get(0).id())).findFirst();
    if (grid.isEmpty()) {
      return Optional.empty();
    }
    double[] sum = sum(grid.get(), flows, series);
    long interval = grid.get().interval().picos();
    Window after =
        Window.mean(
            grid.get(), sum, from, firstCompletion > from ? Math.min(upAt, firstCompletion) : upAt);
    if (after.samples() == 0) {
      return Optional.empty();
    }
    int firstTraffic = 0;
    while (firstTraffic < sum.length && sum[firstTraffic] == 0) {
      firstTraffic++;
    }
    // the first sample with traffic covers the interval before it, but never time before the run
    long trafficFrom = Math.max(0, time(grid.get(), firstTraffic) - interval);
    Window before = Window.mean(grid.get(), sum, trafficFrom, Math.min(downAt, firstCompletion));
    return Optional.of(
        new Group(
            leaf,
            outbound,
            flows.size(),
            up,
            uplinks.size(),
            uplinkCapacity,
            allUplinksCapacity,
            nicCapacity,
            after,
            before));
  }

  /** The flows of a run that leave (or enter) a leaf for another. */
  private static List<FlowResult> members(
      RunResult run,
      FabricGraph fabric,
      String leaf,
      boolean outbound,
      Predicate<String> subjects) {
    List<FlowResult> flows = new ArrayList<>();
    for (FlowResult flow : run.flows()) {
      Optional<String> src = fabric.leafOf(flow.source());
      Optional<String> dst = fabric.leafOf(flow.destination());
      boolean here =
          outbound
              ? src.filter(leaf::equals).isPresent() && !dst.equals(src)
              : dst.filter(leaf::equals).isPresent() && !src.equals(dst);
      if (here && subjects.test(flow.id())) {
        flows.add(flow);
      }
    }
    return flows;
  }

  /** The group's summed throughput at each sample of the grid. */
  private static double[] sum(TimeSeries grid, List<FlowResult> flows, List<TimeSeries> series) {
    double[] sum = new double[grid.size()];
    for (FlowResult flow : flows) {
      for (TimeSeries s : series) {
        if (!s.subject().equals(flow.id())) {
          continue;
        }
        for (int i = 0; i < s.size(); i++) {
          long offset = time(s, i) - grid.start().picos();
          if (offset >= 0
              && offset % grid.interval().picos() == 0
              && offset / grid.interval().picos() < sum.length) {
            sum[(int) (offset / grid.interval().picos())] += s.value(i);
          }
        }
      }
    }
    return sum;
  }

  private static long time(TimeSeries series, int index) {
    return series.start().picos() + index * series.interval().picos();
  }

  /** The leaf a link is an uplink of, if it is a leaf's uplink. */
  private static Optional<String> lowerLeaf(FabricGraph fabric, Link link) {
    int a = fabric.tierOf(link.a().device());
    int b = fabric.tierOf(link.b().device());
    String lower = a < b ? link.a().device() : link.b().device();
    return a != b && fabric.isLeaf(lower) ? Optional.of(lower) : Optional.empty();
  }

  private static long speed(FabricGraph fabric, Endpoint nic) {
    return fabric.linkAt(nic).map(l -> l.spec().speed().bitsPerSecond()).orElse(0L);
  }

  private static Outcome problem(String text) {
    return new Outcome(List.of(), Optional.of(text));
  }
}
