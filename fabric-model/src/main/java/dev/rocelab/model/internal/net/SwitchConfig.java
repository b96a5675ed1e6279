package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;

/**
 * A switch profile and its QoS policy flattened into arrays for the packet path.
 *
 * @param dscpToPriority priority per DSCP (64 entries)
 * @param lossless whether each priority is lossless
 * @param ecnKmin per priority, bytes; Long.MAX_VALUE where the queue never marks
 * @param ecnKmax per priority, bytes
 * @param ecnPmax per priority, marking probability at kmax
 * @param strictOrder strict priorities, highest first
 * @param weights DWRR weight per priority (0 for strict ones)
 * @param forwardingPs pipeline latency in picoseconds
 * @param cutThrough cut-through forwarding
 * @param loadBalancing how the switch chooses among equal-cost ports
 */
record SwitchConfig(
    int[] dscpToPriority,
    boolean[] lossless,
    long[] ecnKmin,
    long[] ecnKmax,
    double[] ecnPmax,
    int[] strictOrder,
    int[] weights,
    long forwardingPs,
    boolean cutThrough,
    LoadBalancing loadBalancing) {

  static SwitchConfig of(SwitchProfile profile, QosPolicy qos) {
    int[] dscp = new int[64];
    for (int d = 0; d < 64; d++) {
      dscp[d] = qos.priorityOf(d);
    }
    boolean[] lossless = new boolean[8];
    long[] kmin = new long[8];
    long[] kmax = new long[8];
    double[] pmax = new double[8];
    int[] weights = new int[8];
    for (int p = 0; p < 8; p++) {
      lossless[p] = qos.isLossless(p);
      EcnProfile ecn = qos.ecn().get(p);
      kmin[p] = ecn == null ? Long.MAX_VALUE : ecn.kmin().bytes();
      kmax[p] = ecn == null ? Long.MAX_VALUE : ecn.kmax().bytes();
      pmax[p] = ecn == null ? 0 : ecn.pmax();
      weights[p] = qos.scheduler().strict().contains(p) ? 0 : qos.scheduler().weight(p);
    }
    int[] strict =
        qos.scheduler().strict().stream()
            .sorted((a, b) -> b - a)
            .mapToInt(Integer::intValue)
            .toArray();
    return new SwitchConfig(
        dscp,
        lossless,
        kmin,
        kmax,
        pmax,
        strict,
        weights,
        profile.forwardingLatency().picos(),
        profile.forwarding() == SwitchProfile.Forwarding.CUT_THROUGH,
        profile.loadBalancing());
  }
}
