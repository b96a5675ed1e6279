package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
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
 * <p>The failed links are those of the scenario's {@link Fault.LinkDown} faults; each must join a
 * leaf (a switch with NICs attached) to a switch of a higher tier. For every such leaf, its flows
 * form two groups: those leaving it (source NIC on the leaf, destination NIC elsewhere) and those
 * entering it. A group's <em>remaining capacity</em> is the smaller of the summed speed of the
 * leaf's uplinks that are still up and the summed line rate of its flows (each flow's slower NIC).
 *
 * <p>The window starts at the first {@link FabricEvent.Kind#RECONVERGENCE RECONVERGENCE} event at
 * or after the first link-down (the link-down itself if the backend reports no reconvergence) and
 * ends at the first of: a link-up of a failed link, the first completion of a flow of the group,
 * the end of the series. A {@value Recovery#METRIC} sample at time {@code t} covers
 * {@code (t − interval, t]}; the samples wholly inside the window count. A group's
 * <em>degraded throughput</em> is the mean over those samples of its flows' summed throughput; its
 * ratio is that over its remaining capacity. The result is the group with the lowest ratio.
 */
@API(status = INTERNAL, since = "0.1")
public final class Degradation {

  private Degradation() {}

  /**
   * A group of flows through a degraded leaf, measured.
   *
   * @param leaf the leaf that lost uplinks
   * @param outbound true for the flows leaving the leaf, false for those entering it
   * @param flows how many flows
   * @param uplinksUp how many uplinks of the leaf are still up
   * @param uplinks how many uplinks it has
   * @param uplinkCapacity the summed speed of the uplinks still up, bps
   * @param nicCapacity the summed line rate of the flows, bps
   * @param throughput the mean summed throughput over the window, bps
   * @param from the start of the window
   * @param to the time of the last sample counted
   * @param samples how many samples the mean is over
   */
  public record Group(String leaf, boolean outbound, int flows, int uplinksUp, int uplinks, long uplinkCapacity,
      long nicCapacity, double throughput, SimTime from, SimTime to, int samples) {

    /** @return the remaining capacity, bps */
    public long capacity() {
      return Math.min(uplinkCapacity, nicCapacity);
    }

    /** @return degraded throughput over remaining capacity */
    public double ratio() {
      return capacity() == 0 ? 0 : throughput / capacity();
    }
  }

  /**
   * What was found: the worst group, or why there is none.
   *
   * @param worst the group with the lowest ratio
   * @param problem why degradation cannot be measured
   */
  public record Outcome(Optional<Group> worst, Optional<String> problem) {}

  /**
   * @param run the run
   * @param fabric the fabric it ran on
   * @param subjects which flows take part, by id
   * @return the outcome
   */
  public static Outcome compute(RunResult run, FabricGraph fabric, Predicate<String> subjects) {
    List<Fault.LinkDown> downs = new ArrayList<>();
    run.scenario().faults().forEach(f -> {
      if (f instanceof Fault.LinkDown down) {
        downs.add(down);
      }
    });
    if (downs.isEmpty()) {
      return problem("the scenario takes no link down");
    }
    Set<Link> failed = new LinkedHashSet<>();
    Set<String> leaves = new LinkedHashSet<>();
    for (Fault.LinkDown down : downs) {
      Optional<Link> link = fabric.linkAt(down.port());
      if (link.isEmpty()) {
        return problem("the failed port " + down.port() + " has no link in fabric " + fabric.spec().name());
      }
      Optional<String> leaf = lowerLeaf(fabric, link.get());
      if (leaf.isEmpty()) {
        return problem("the failed link " + link.get().a() + " <-> " + link.get().b()
            + " is not a leaf uplink; degradation is measured for leaf uplinks");
      }
      failed.add(link.get());
      leaves.add(leaf.get());
    }
    long downAt = downs.stream().mapToLong(d -> d.at().picos()).min().orElseThrow();
    long from = run.events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.RECONVERGENCE && e.time().picos() >= downAt)
        .mapToLong(e -> e.time().picos()).findFirst().orElse(downAt);
    long upAt = run.scenario().faults().stream()
        .filter(f -> f instanceof Fault.LinkUp up && fabric.linkAt(up.port()).map(failed::contains).orElse(false))
        .mapToLong(f -> f.at().picos()).filter(t -> t > downAt).min().orElse(Long.MAX_VALUE);
    List<TimeSeries> series = run.series(Recovery.METRIC);
    if (series.isEmpty()) {
      return problem("the run has no " + Recovery.METRIC + " series; the backend must sample " + Recovery.METRIC
          + " per flow");
    }
    Group worst = null;
    for (String leaf : leaves) {
      for (boolean outbound : new boolean[] {true, false}) {
        Optional<Group> group = measure(run, fabric, series, failed, leaf, outbound, subjects, from, upAt);
        if (group.isPresent() && (worst == null || group.get().ratio() < worst.ratio())) {
          worst = group.get();
        }
      }
    }
    if (worst == null) {
      return problem("no flow of the run leaves or enters " + String.join(", ", leaves) + " with throughput"
          + " samples after " + Display.time(SimTime.picos(from)));
    }
    return new Outcome(Optional.of(worst), Optional.empty());
  }

  private static Optional<Group> measure(RunResult run, FabricGraph fabric, List<TimeSeries> series, Set<Link> failed,
      String leaf, boolean outbound, Predicate<String> subjects, long from, long upAt) {
    List<FlowResult> flows = new ArrayList<>();
    long nicCapacity = 0;
    long to = upAt;
    for (FlowResult flow : run.flows()) {
      Optional<String> src = leafOf(fabric, flow.source());
      Optional<String> dst = leafOf(fabric, flow.destination());
      boolean here = outbound ? src.filter(leaf::equals).isPresent() && !dst.equals(src)
          : dst.filter(leaf::equals).isPresent() && !src.equals(dst);
      if (!here || !subjects.test(flow.id())) {
        continue;
      }
      flows.add(flow);
      nicCapacity += Math.min(speed(fabric, flow.source()), speed(fabric, flow.destination()));
      long completion = flow.completion().map(SimTime::picos).orElse(Long.MAX_VALUE);
      if (completion > from) {
        to = Math.min(to, completion);
      }
    }
    if (flows.isEmpty()) {
      return Optional.empty();
    }
    int uplinks = 0;
    int up = 0;
    long uplinkCapacity = 0;
    for (Endpoint port : fabric.ports(leaf)) {
      Link link = fabric.linkAt(port).orElseThrow();
      if (fabric.device(link.peerOf(port).device()).map(Device::tier).orElse(0) > tierOf(fabric, leaf)) {
        uplinks++;
        if (!failed.contains(link)) {
          up++;
          uplinkCapacity += link.spec().speed().bitsPerSecond();
        }
      }
    }
    Optional<TimeSeries> grid = series.stream().filter(s -> s.subject().equals(flows.get(0).id())).findFirst();
    if (grid.isEmpty()) {
      return Optional.empty();
    }
    int samples = 0;
    long last = from;
    for (int i = 0; i < grid.get().size(); i++) {
      long t = time(grid.get(), i);
      if (t - grid.get().interval().picos() >= from && t <= to) {
        samples++;
        last = t;
      }
    }
    if (samples == 0) {
      return Optional.empty();
    }
    double sum = 0;
    for (FlowResult flow : flows) {
      for (TimeSeries s : series) {
        for (int i = 0; s.subject().equals(flow.id()) && i < s.size(); i++) {
          long t = time(s, i);
          if (t - s.interval().picos() >= from && t <= last) {
            sum += s.value(i);
          }
        }
      }
    }
    return Optional.of(new Group(leaf, outbound, flows.size(), up, uplinks, uplinkCapacity, nicCapacity,
        sum / samples, SimTime.picos(from), SimTime.picos(last), samples));
  }

  private static long time(TimeSeries series, int index) {
    return series.start().picos() + index * series.interval().picos();
  }

  private static Optional<String> lowerLeaf(FabricGraph fabric, Link link) {
    int a = tierOf(fabric, link.a().device());
    int b = tierOf(fabric, link.b().device());
    String lower = a < b ? link.a().device() : link.b().device();
    boolean isLeaf = a != b && fabric.device(lower).map(Device::isSwitch).orElse(false)
        && fabric.ports(lower).stream().anyMatch(p -> isNic(fabric, fabric.linkAt(p).orElseThrow().peerOf(p)));
    return isLeaf ? Optional.of(lower) : Optional.empty();
  }

  private static Optional<String> leafOf(FabricGraph fabric, Endpoint nic) {
    return fabric.linkAt(nic).map(l -> l.peerOf(nic).device());
  }

  private static boolean isNic(FabricGraph fabric, Endpoint port) {
    return fabric.device(port.device()).map(d -> !d.isSwitch()).orElse(false);
  }

  private static long speed(FabricGraph fabric, Endpoint nic) {
    return fabric.linkAt(nic).map(l -> l.spec().speed().bitsPerSecond()).orElse(0L);
  }

  private static int tierOf(FabricGraph fabric, String device) {
    return fabric.device(device).map(Device::tier).orElse(0);
  }

  private static Outcome problem(String text) {
    return new Outcome(Optional.empty(), Optional.of(text));
  }
}
