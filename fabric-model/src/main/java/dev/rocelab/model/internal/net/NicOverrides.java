package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * NIC settings a scenario's config drifts at time zero set instead of the profile's — what the
 * network is built with, by NIC or by host (every NIC of it): the RoCE MTU (queue pairs are built
 * with it) and the link speed (a link that came up at a lower speed, as when an optic or cable only
 * negotiates part of its rate: both ends of the NIC's link run at it).
 *
 * @param mtu RoCE MTU in bytes, by NIC or host name
 * @param speed link speed, by NIC or host name
 */
record NicOverrides(Map<String, Integer> mtu, Map<String, Rate> speed) {

  static final NicOverrides NONE = new NicOverrides(Map.of(), Map.of());

  NicOverrides {
    mtu = Map.copyOf(mtu);
    speed = Map.copyOf(speed);
  }

  /**
   * @param faults a scenario's faults
   * @return the MTU and speed drifts at time zero
   * @throws IllegalArgumentException for an MTU that is not a RoCE MTU or a speed that is no rate
   */
  static NicOverrides atStart(List<Fault> faults) {
    Map<String, Integer> mtu = new HashMap<>();
    Map<String, Rate> speed = new HashMap<>();
    for (Fault fault : faults) {
      if (!(fault instanceof Fault.ConfigDrift f) || f.at().picos() != 0) {
        continue;
      }
      if (f.setting().equals(FaultInjector.MTU)) {
        mtu.put(f.device(), roceMtu(f));
      } else if (f.setting().equals(FaultInjector.SPEED)) {
        speed.put(f.device(), rate(f));
      }
    }
    return new NicOverrides(mtu, speed);
  }

  /** A NIC's RoCE MTU: set for it, else for its host, else its profile's. */
  int mtuOf(Endpoint nic, NicProfile profile) {
    Integer set = mtu.getOrDefault(nic.toString(), mtu.get(nic.device()));
    return set != null ? set : (int) profile.mtu().bytes();
  }

  /** A NIC's link speed: set for it, else for its host, else its profile's. */
  Rate speedOf(Endpoint nic, NicProfile profile) {
    Rate set = speed.getOrDefault(nic.toString(), speed.get(nic.device()));
    return set != null ? set : profile.speed();
  }

  private static int roceMtu(Fault.ConfigDrift f) {
    long bytes;
    try {
      bytes = DataSize.parse(f.value().matches("\\d+") ? f.value() + "B" : f.value()).bytes();
    } catch (IllegalArgumentException e) {
      bytes = -1;
    }
    if (!Framing.isRoceMtu(bytes)) {
      throw new IllegalArgumentException(
          "config drift of "
              + f.device()
              + ": \""
              + f.value()
              + "\" is not a RoCE MTU (256, 512, 1024, 2048 or 4096 bytes)");
    }
    return (int) bytes;
  }

  private static Rate rate(Fault.ConfigDrift f) {
    try {
      return Rate.parse(f.value());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "config drift of "
              + f.device()
              + ": \""
              + f.value()
              + "\" is not a link speed (e.g. \"200Gbps\"): "
              + e.getMessage(),
          e);
    }
  }
}
