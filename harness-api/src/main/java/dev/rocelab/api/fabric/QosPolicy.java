package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * A switch QoS configuration: classification, which priorities are lossless, PFC thresholds, ECN
 * per queue, scheduling and MTU. Switch profiles refer to a policy by name; two switches whose
 * policies differ where it matters end to end are reported as drift.
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
}
