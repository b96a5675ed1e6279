package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the counters of one port — or of all ports — optionally narrowed to one priority.
 *
 * <pre>{@code
 * assertThat(run).port("leaf1:eth3").priority(3).hasNoDrops();
 * assertThat(run).priority(3).lostBytes().isAtMost("64KiB");
 * assertThat(run).port("leaf1:eth3").throughput().fractionOfLineRate().isAtLeast(0.95);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class PortsAssert extends AbstractAssert<PortsAssert, List<PortStats>> {

  private final AssertContext context;
  private final PortScope scope;

  PortsAssert(AssertContext context, PortScope scope) {
    super(scope.stats(), PortsAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @param priority 0..7
   * @return assertions on that priority of this port
   */
  public PortsAssert priority(int priority) {
    return new PortsAssert(context, scope.withPriority(priority));
  }

  /**
   * Checks that nothing was dropped here, whatever the reason.
   *
   * @return this assertion
   */
  public PortsAssert hasNoDrops() {
    Drops.check(
        context,
        "drops",
        scope.where(),
        actual,
        r -> scope.covers(r.port() + "/" + r.priority()),
        (port, reason) -> false);
    return myself;
  }

  /**
   * The bytes dropped here, whatever the reason: frames with their headers, as transmitted bytes
   * are counted. A failure names the port, priority and reason that lost the most. Where the
   * backend did not measure dropped bytes (a lab whose exporters count only packets), the assertion
   * fails saying so: unknown is never taken as zero.
   *
   * @return an assertion on the lost bytes
   */
  public SizeAssert lostBytes() {
    return lostBytes("lost bytes", EnumSet.allOf(DropReason.class));
  }

  /**
   * The bytes dropped here for one reason.
   *
   * @param reason e.g. {@link DropReason#LINK_DOWN}; never null
   * @return an assertion on the lost bytes
   * @see #lostBytes()
   */
  public SizeAssert lostBytes(DropReason reason) {
    return lostBytes(
        "lost bytes (" + Objects.requireNonNull(reason, "reason must not be null") + ")",
        EnumSet.of(reason));
  }

  private SizeAssert lostBytes(String label, Set<DropReason> reasons) {
    LostBytes lost = LostBytes.of(actual, reasons);
    if (!lost.measured()) {
      lost.failUnmeasured(context, label, scope.where(), "measured lost bytes");
      return new SizeAssert(null, context, label, scope.where());
    }
    return new SizeAssert(lost.total(), context, label, lost.where(scope.where()), lost.describe());
  }

  /**
   * @return assertions on priority flow control here
   */
  public PfcAssert pfc() {
    return new PfcAssert(context, scope);
  }

  /**
   * @return assertions on ECN marking here
   */
  public EcnAssert ecn() {
    return new EcnAssert(context, scope);
  }

  /**
   * @return assertions on CNPs sent here
   */
  public CnpAssert cnp() {
    return new CnpAssert(context, scope);
  }

  /**
   * @return assertions on queue depth and headroom here
   */
  public BufferAssert buffer() {
    return new BufferAssert(context, scope);
  }

  /**
   * The rate the port sent at over the run: bytes transmitted (headers included) over the run's
   * time. Its line rate is the speed of the port's link.
   *
   * @return an assertion on the rate
   */
  public RateAssert throughput() {
    return throughput(context.run().elapsed(), "throughput");
  }

  /**
   * The rate the port sent at while it had traffic: bytes transmitted over the run (headers
   * included) over a window that holds every one of them. Over a short workload the run's time is
   * mostly the port's time, and partly the travel of the first frame to it and of the last one's
   * acknowledgement back: a 3:1 incast of 512 KiB at 200G across three tiers spends 4.3 of its 76.6
   * us so, time no port could have filled. A window shorter than the port's sending time overstates
   * the rate; derive it from what the port cannot have been sending in (e.g. the unloaded latencies
   * before its first and after its last frame), never from the result.
   *
   * @param window the time the port's bytes were sent in, never null, within the run
   * @return an assertion on the rate
   * @throws IllegalArgumentException if the window is not positive or longer than the run
   */
  public RateAssert throughputOver(SimTime window) {
    Objects.requireNonNull(window, "window must not be null");
    if (window.picos() <= 0 || window.compareTo(context.run().elapsed()) > 0) {
      throw new IllegalArgumentException(
          "window " + window + " must be positive and within the run's " + context.run().elapsed());
    }
    return throughput(window, "throughput over " + window);
  }

  private RateAssert throughput(SimTime over, String label) {
    long bytes = actual.stream().mapToLong(PortStats::txBytes).sum();
    long picos = over.picos();
    Rate rate = Rate.bps(picos == 0 ? 0 : Math.round(bytes * 8.0 * 1e12 / picos));
    Optional<Endpoint> port = scope.port();
    Optional<Rate> line = port.flatMap(context::lineRate);
    String problem =
        port.isEmpty()
            ? "all ports together have no line rate; assert on port(\"device:port\")"
            : "the fabric has no link at " + port.get();
    return new RateAssert(rate, context, label, scope.where(), line, problem);
  }
}
