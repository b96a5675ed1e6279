package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import org.apiguardian.api.API;

/**
 * PFC headroom sizing with the formula SONiC uses for NVIDIA Spectrum switches (sonic-swss, {@code
 * buffer_headroom_mellanox.lua}):
 *
 * <pre>
 * xoff = lossless MTU + (port MTU + bytes on cable + 2 × bytes in gearbox + MAC/PHY delay
 *                         + peer response) × cell occupancy          rounded up to 1 KiB
 * bytes on cable  = 2 × length / signal speed × rate / 8
 * peer response   = pause quanta for the speed (IEEE 802.3 Annex 31B.3.7) × 512 bits / 8
 * cell occupancy  = (100 − small% + small% × worst case) / 100, worst case = cell / 64 for cells
 *                   larger than two minimum frames, else 2·cell / (1 + cell)
 * xon  = pipeline latency                                             rounded up to 1 KiB
 * </pre>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class Headroom {

  /** Signal speed in cable assumed by SONiC's calculation, in metres per second. */
  public static final long SIGNAL_SPEED_METRES_PER_SECOND = 198_000_000L;

  private static final int MIN_PACKET = 64;

  private Headroom() {}

  /**
   * The XOFF headroom a switch port's cable needs, by the formula with its profile's inputs — or
   * with {@link HeadroomPolicy.Derived#SPECTRUM_DEFAULTS} where the profile's headroom is
   * configured by hand, which is then held to it.
   *
   * @param profile the port's switch profile
   * @param policy its QoS policy
   * @param link the port's link
   * @param losslessFrame the largest lossless frame (RoCE MTU plus headers)
   * @return the XOFF headroom one lossless priority group of the port needs
   */
  public static DataSize xoffNeeded(
      SwitchProfile profile, QosPolicy policy, LinkSpec link, DataSize losslessFrame) {
    HeadroomPolicy.Derived inputs =
        profile.headroom() instanceof HeadroomPolicy.Derived derived
            ? derived
            : HeadroomPolicy.Derived.SPECTRUM_DEFAULTS;
    return xoff(
        inputs, profile.cellSize(), link.speed(), link.length(), policy.mtu(), losslessFrame);
  }

  /**
   * The XOFF headroom one lossless priority group of a port needs.
   *
   * @param inputs the ASIC inputs of the switch profile
   * @param cellSize the switch's buffer cell
   * @param speed the port speed
   * @param cable the cable length to the peer
   * @param portMtu the port's MTU (the switch QoS policy's MTU)
   * @param losslessMtu the largest lossless frame (RoCE MTU plus headers)
   * @return the headroom, a whole number of KiB
   */
  public static DataSize xoff(
      HeadroomPolicy.Derived inputs,
      DataSize cellSize,
      Rate speed,
      Length cable,
      DataSize portMtu,
      DataSize losslessMtu) {
    double cell = cellSize.bytes();
    double worstCase = cell > 2 * MIN_PACKET ? cell / MIN_PACKET : 2 * cell / (1 + cell);
    double small = inputs.smallPacketPercent();
    double cellOccupancy = (100 - small + small * worstCase) / 100;
    double bytesOnCable =
        2.0 * cable.meters() / SIGNAL_SPEED_METRES_PER_SECOND * speed.bitsPerSecond() / 8;
    double bytesOnGearbox = inputs.gearboxDelay().toSeconds() * speed.bitsPerSecond() / 8;
    double peerResponse = pauseQuanta(speed) * 512.0 / 8;
    double inFlight =
        portMtu.bytes()
            + bytesOnCable
            + 2 * bytesOnGearbox
            + inputs.macPhyDelay().bytes()
            + peerResponse;
    return roundUpToKib(losslessMtu.bytes() + inFlight * cellOccupancy);
  }

  /**
   * The XON headroom: the ASIC pipeline latency, rounded up to 1 KiB.
   *
   * @param inputs the ASIC inputs of the switch profile
   * @return the XON headroom
   */
  public static DataSize xon(HeadroomPolicy.Derived inputs) {
    return roundUpToKib(inputs.pipelineLatency().bytes());
  }

  /**
   * Pause quanta a peer may still transmit after receiving a pause, per IEEE 802.3 Annex 31B.3.7
   * (the table SONiC uses); speeds in between take the next higher speed's value.
   *
   * @param speed the port speed
   * @return the quanta (512 bit times each)
   */
  public static int pauseQuanta(Rate speed) {
    long mbps = (speed.bitsPerSecond() + 999_999) / 1_000_000;
    long[][] table = {
      {100, 1},
      {1_000, 2},
      {10_000, 67},
      {25_000, 80},
      {40_000, 118},
      {50_000, 147},
      {100_000, 394},
      {200_000, 453},
      {400_000, 905},
      {800_000, 905}
    };
    for (long[] row : table) {
      if (mbps <= row[0]) {
        return (int) row[1];
      }
    }
    return 905;
  }

  private static DataSize roundUpToKib(double bytes) {
    return DataSize.bytes((long) Math.ceil(bytes / 1024) * 1024);
  }
}
