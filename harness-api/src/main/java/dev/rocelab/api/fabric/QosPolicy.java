package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A switch QoS configuration: classification, which priorities are lossless, PFC thresholds, ECN
 * per queue, scheduling and MTU. Switch profiles refer to a policy by name; two switches whose
 * policies differ where it matters end to end are reported as drift.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
 *
 * @param name the policy's name in the fabric file
 * @param dscpToPriority DSCP → priority; a DSCP not listed maps to priority 0
 * @param losslessPriorities the priorities that must never drop (PFC-protected)
 * @param pfcPriorities the priorities on which PFC is enabled on this switch's ports
 * @param xonOffset how far below the XOFF point an ingress priority group must drain before XON
 * @param ecn ECN marking per egress priority; a priority not listed is never marked
 * @param scheduler egress scheduling
 * @param mtu the largest frame payload the switch forwards (IP MTU)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record QosPolicy(
    String name,
    Map<Integer, Integer> dscpToPriority,
    Set<Integer> losslessPriorities,
    Set<Integer> pfcPriorities,
    DataSize xonOffset,
    Map<Integer, EcnProfile> ecn,
    Scheduler scheduler,
    DataSize mtu) {

  /**
   * Validates code points and priorities. That every lossless priority has PFC is checked by {@link
   * FabricValidator}, so a file that breaks it is reported with its location.
   */
  public QosPolicy {
    Checks.name(name, "name");
    dscpToPriority = Checks.sortedMap(dscpToPriority, "dscpToPriority");
    dscpToPriority.forEach(
        (d, p) -> {
          Checks.dscp(d, "dscpToPriority key");
          Checks.priority(p, "dscpToPriority." + d);
        });
    losslessPriorities = Checks.sortedSet(losslessPriorities, "losslessPriorities");
    losslessPriorities.forEach(p -> Checks.priority(p, "losslessPriorities"));
    pfcPriorities = Checks.sortedSet(pfcPriorities, "pfcPriorities");
    pfcPriorities.forEach(p -> Checks.priority(p, "pfcPriorities"));
    Checks.notNull(xonOffset, "xonOffset");
    ecn = Checks.sortedMap(ecn, "ecn");
    ecn.keySet().forEach(p -> Checks.priority(p, "ecn key"));
    Checks.notNull(scheduler, "scheduler");
    Checks.notNull(mtu, "mtu");
    if (mtu.bytes() < 576 || mtu.bytes() > 9216) {
      throw new IllegalArgumentException("mtu must be between 576B and 9216B but was " + mtu);
    }
  }

  /**
   * The priority a packet with this DSCP is queued on.
   *
   * @param dscp 0..63
   * @return the mapped priority, or 0
   */
  public int priorityOf(int dscp) {
    return dscpToPriority.getOrDefault(dscp, 0);
  }

  /**
   * Whether a priority is lossless.
   *
   * @param priority 0..7
   * @return true if it is in {@link #losslessPriorities()}
   */
  public boolean isLossless(int priority) {
    return losslessPriorities.contains(priority);
  }

  /**
   * The ECN profile of an egress priority.
   *
   * @param priority 0..7
   * @return the profile, or empty when the queue does not mark
   */
  public Optional<EcnProfile> ecnFor(int priority) {
    return Optional.ofNullable(ecn.get(priority));
  }

  /**
   * The lossless priorities this policy does not ECN-mark: DCQCN on them gets no congestion signal
   * and only PFC holds the queue.
   *
   * @return those priorities, in order; empty when every lossless queue marks
   */
  public List<Integer> unmarkedLosslessPriorities() {
    return losslessPriorities.stream().filter(p -> ecnFor(p).isEmpty()).sorted().toList();
  }

  /**
   * The lossless priorities whose ECN marking starts at or beyond a switch's whole buffer: no queue
   * of that switch ever reaches Kmin, so DCQCN gets no congestion signal there either.
   *
   * @param buffer the switch's buffer
   * @return those priorities, in order; empty when every lossless queue can be marked
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public List<Integer> losslessPrioritiesMarkingBeyond(DataSize buffer) {
    Checks.notNull(buffer, "buffer");
    return losslessPriorities.stream()
        .filter(p -> ecnFor(p).filter(e -> e.kmin().bytes() >= buffer.bytes()).isPresent())
        .sorted()
        .toList();
  }

  /**
   * @param name the policy's name in the fabric file
   * @return a copy with {@code name}
   * @since 0.3
   */
  public QosPolicy withName(String name) {
    return change(d -> d.name = name);
  }

  /**
   * @param dscpToPriority DSCP → priority; a DSCP not listed maps to priority 0
   * @return a copy with {@code dscpToPriority}
   * @since 0.3
   */
  public QosPolicy withDscpToPriority(Map<Integer, Integer> dscpToPriority) {
    return change(d -> d.dscpToPriority = dscpToPriority);
  }

  /**
   * @param losslessPriorities the priorities that must never drop (PFC-protected)
   * @return a copy with {@code losslessPriorities}
   * @since 0.3
   */
  public QosPolicy withLosslessPriorities(Set<Integer> losslessPriorities) {
    return change(d -> d.losslessPriorities = losslessPriorities);
  }

  /**
   * @param pfcPriorities the priorities on which PFC is enabled on this switch's ports
   * @return a copy with {@code pfcPriorities}
   * @since 0.3
   */
  public QosPolicy withPfcPriorities(Set<Integer> pfcPriorities) {
    return change(d -> d.pfcPriorities = pfcPriorities);
  }

  /**
   * @param xonOffset how far below the XOFF point an ingress priority group must drain before XON
   * @return a copy with {@code xonOffset}
   * @since 0.3
   */
  public QosPolicy withXonOffset(DataSize xonOffset) {
    return change(d -> d.xonOffset = xonOffset);
  }

  /**
   * @param ecn ECN marking per egress priority; a priority not listed is never marked
   * @return a copy with {@code ecn}
   * @since 0.3
   */
  public QosPolicy withEcn(Map<Integer, EcnProfile> ecn) {
    return change(d -> d.ecn = ecn);
  }

  /**
   * @param scheduler egress scheduling
   * @return a copy with {@code scheduler}
   * @since 0.3
   */
  public QosPolicy withScheduler(Scheduler scheduler) {
    return change(d -> d.scheduler = scheduler);
  }

  /**
   * @param mtu the largest frame payload the switch forwards (IP MTU)
   * @return a copy with {@code mtu}
   * @since 0.3
   */
  public QosPolicy withMtu(DataSize mtu) {
    return change(d -> d.mtu = mtu);
  }

  /** A copy with one or more components changed, validated anew. */
  private QosPolicy change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next QosPolicy. */
  private static final class Draft {
    private String name;
    private Map<Integer, Integer> dscpToPriority;
    private Set<Integer> losslessPriorities;
    private Set<Integer> pfcPriorities;
    private DataSize xonOffset;
    private Map<Integer, EcnProfile> ecn;
    private Scheduler scheduler;
    private DataSize mtu;

    Draft(QosPolicy from) {
      name = from.name;
      dscpToPriority = from.dscpToPriority;
      losslessPriorities = from.losslessPriorities;
      pfcPriorities = from.pfcPriorities;
      xonOffset = from.xonOffset;
      ecn = from.ecn;
      scheduler = from.scheduler;
      mtu = from.mtu;
    }

    QosPolicy build() {
      return new QosPolicy(
          name, dscpToPriority, losslessPriorities, pfcPriorities, xonOffset, ecn, scheduler, mtu);
    }
  }
}
