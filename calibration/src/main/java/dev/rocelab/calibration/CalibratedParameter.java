package dev.rocelab.calibration;

import static dev.rocelab.calibration.internal.FabricSettings.dcqcn;
import static dev.rocelab.calibration.internal.FabricSettings.editDcqcn;
import static dev.rocelab.calibration.internal.FabricSettings.editEcn;
import static dev.rocelab.calibration.internal.FabricSettings.editHosts;
import static dev.rocelab.calibration.internal.FabricSettings.editSwitches;
import static dev.rocelab.calibration.internal.FabricSettings.firmware;
import static dev.rocelab.calibration.internal.FabricSettings.firstEcn;
import static dev.rocelab.calibration.internal.FabricSettings.withPauseReaction;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A model parameter no datasheet gives, which calibration fits to a lab. Each has a unit, the
 * bounds the fit searches within (on a logarithmic scale: they span orders of magnitude) and the
 * fabric-file key it is written to. Every parameter applies to the whole fabric: all switch
 * profiles, all lossless priorities' ECN profiles, all NIC profiles and their firmware, all host
 * profiles — a calibration describes one lab of one kind of switch and NIC.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public enum CalibratedParameter {

  /**
   * The switch's port-to-port forwarding latency, ns (switch profile {@code forwardingLatency}).
   */
  SWITCH_LATENCY("switch latency", "switchProfiles.*.forwardingLatency", "ns", 20, 20_000),

  /** The ECN marking onset, KiB (QoS {@code ecn.<priority>.kmin}). */
  ECN_KMIN("ECN Kmin", "qos.*.ecn.*.kmin", "KiB", 8, 16_384),

  /** Where ECN marking reaches its highest probability, KiB (QoS {@code ecn.<priority>.kmax}). */
  ECN_KMAX("ECN Kmax", "qos.*.ecn.*.kmax", "KiB", 16, 32_768),

  /**
   * The notification point's minimum time between CNPs per queue pair, µs (DCQCN {@code
   * cnpInterval}, mlx5 {@code min_time_between_cnps}).
   */
  CNP_INTERVAL("CNP interval", "firmwareProfiles.nic.*.dcqcn.cnpInterval", "µs", 0.5, 500),

  /**
   * The reaction point's increase timer, µs (DCQCN {@code rateIncreaseTimer}, mlx5 {@code
   * rpg_time_reset}): after a cut, each expiry takes the rate one stage back up.
   */
  RATE_INCREASE_TIMER(
      "DCQCN increase timer", "firmwareProfiles.nic.*.dcqcn.rateIncreaseTimer", "µs", 2, 20_000),

  /**
   * The reaction point's increase byte counter in effect, KiB (DCQCN {@code byteCounter}, mlx5
   * {@code rpg_byte_reset}, whose unit the vendor's pages leave open): each time a sender has sent
   * this much since its last stage, its rate takes one stage back up, like a timer expiry.
   */
  BYTE_COUNTER("DCQCN byte counter", "firmwareProfiles.nic.*.dcqcn.byteCounter", "KiB", 4, 65_536),

  /**
   * The reaction point's α gain in 1024ths (DCQCN {@code g}, mlx5 {@code 1024 − dce_tcp_g}): how
   * fast α follows the CNPs, and with it how deep each cut goes. Fitted only where the fabric
   * file's value does not reproduce the DCQCN steps; fitted together with it, the other parameters
   * of those steps are no longer identified ({@link Calibrator#fit}).
   */
  ALPHA_GAIN("DCQCN α gain", "firmwareProfiles.nic.*.dcqcn.g", "/1024", 1, 1024),

  /** How long a NIC takes to honour a received pause, ns (NIC firmware {@code pauseReaction}). */
  NIC_PAUSE_REACTION(
      "NIC pause reaction", "firmwareProfiles.nic.*.pauseReaction", "ns", 20, 100_000),

  /** The GPUs' NVLink bandwidth, GB/s (host profile {@code nvlinkBandwidth}). */
  NVLINK_BANDWIDTH("NVLink bandwidth", "hostProfiles.*.nvlinkBandwidth", "GB/s", 10, 2_000),

  /**
   * The data rate of each NIC's host interface per direction, GB/s (host profile {@code
   * pcieBandwidth}): a NIC in a slot narrower than its line sends and receives no faster. Fitted
   * only where it limits the lab: where a single flow reaches what the line carries, the fit keeps
   * the file's value. It is the model's only host-side limit, so it also stands for any other that
   * slows a single flow (host memory, CPU, a TCP stack where a lab's flows are TCP).
   */
  PCIE_BANDWIDTH("PCIe bandwidth", "hostProfiles.*.pcieBandwidth", "GB/s", 0.1, 400);

  private final String title;
  private final String key;
  private final String unit;
  private final double lower;
  private final double upper;

  CalibratedParameter(String title, String key, String unit, double lower, double upper) {
    this.title = title;
    this.key = key;
    this.unit = unit;
    this.lower = lower;
    this.upper = upper;
  }

  /**
   * @return what reports call it, e.g. {@code "switch latency"}
   */
  public String title() {
    return title;
  }

  /**
   * @return the fabric-file key it is written to, {@code *} standing for every profile
   */
  public String key() {
    return key;
  }

  /**
   * @return the unit of its values
   */
  public String unit() {
    return unit;
  }

  /**
   * @return the smallest value the fit considers
   */
  public double lower() {
    return lower;
  }

  /**
   * @return the largest value the fit considers
   */
  public double upper() {
    return upper;
  }

  /**
   * The value the fabric gives the parameter, if the fabric has it at all: a fabric without ECN on
   * its lossless priorities has no thresholds, one whose NICs run no DCQCN no CNP interval and no
   * increase timer, one whose NICs' byte counter is off (0) no byte counter, one with single-GPU
   * hosts no NVLink in play. A host profile without {@code pcieBandwidth} has host interfaces that
   * keep up with their NICs: its value is the first NIC profile's line rate.
   *
   * @param fabric the fabric
   * @return the value in {@link #unit()}, or empty where the parameter does not apply
   */
  public Optional<Double> in(FabricSpec fabric) {
    return switch (this) {
      case SWITCH_LATENCY ->
          fabric.switchProfiles().values().stream()
              .findFirst()
              .map(p -> p.forwardingLatency().toNanos());
      case ECN_KMIN -> firstEcn(fabric).map(e -> e.kmin().kibibytes());
      case ECN_KMAX -> firstEcn(fabric).map(e -> e.kmax().kibibytes());
      case CNP_INTERVAL -> dcqcn(fabric).map(d -> d.cnpInterval().toMicros());
      case RATE_INCREASE_TIMER -> dcqcn(fabric).map(d -> d.rateIncreaseTimer().toMicros());
      case ALPHA_GAIN -> dcqcn(fabric).map(d -> d.g() * 1024);
      case BYTE_COUNTER ->
          dcqcn(fabric)
              .filter(d -> d.byteCounter().bytes() > 0)
              .map(d -> d.byteCounter().kibibytes());
      case NIC_PAUSE_REACTION ->
          fabric.nicProfiles().values().stream()
              .findFirst()
              .map(n -> firmware(fabric, n).pauseReaction().toNanos());
      case NVLINK_BANDWIDTH ->
          fabric.hostProfiles().values().stream()
              .filter(h -> h.gpus() > 1)
              .findFirst()
              .map(h -> h.nvlinkBandwidth().bytesPerSecond() / 1e9);
      case PCIE_BANDWIDTH ->
          fabric.hostProfiles().values().stream()
              .findFirst()
              .map(
                  h ->
                      h.pcieBandwidth()
                              .orElse(fabric.nicProfile(h.nicProfile()).speed())
                              .bytesPerSecond()
                          / 1e9);
    };
  }

  /**
   * The fabric with this parameter set to a value everywhere it applies.
   *
   * @param fabric the fabric
   * @param value the value, in {@link #unit()}
   * @return a copy of the fabric
   */
  public FabricSpec applyTo(FabricSpec fabric, double value) {
    return switch (this) {
      case SWITCH_LATENCY -> {
        SimTime latency = SimTime.picos(Math.round(value * 1000));
        yield editSwitches(fabric, p -> p.withForwardingLatency(latency));
      }
      case ECN_KMIN ->
          editEcn(
              fabric,
              e -> {
                DataSize kmin = kib(value);
                return new EcnProfile(kmin, max(kmin, e.kmax()), e.pmax());
              });
      case ECN_KMAX ->
          editEcn(
              fabric,
              e -> {
                DataSize kmax = kib(value);
                return new EcnProfile(min(e.kmin(), kmax), kmax, e.pmax());
              });
      case CNP_INTERVAL -> {
        SimTime interval = micros(value);
        yield editDcqcn(fabric, d -> d.withCnpInterval(interval));
      }
      case RATE_INCREASE_TIMER -> {
        SimTime timer = micros(value);
        yield editDcqcn(fabric, d -> d.withRateIncreaseTimer(timer));
      }
      case BYTE_COUNTER -> {
        DataSize counter = kib(value);
        yield editDcqcn(fabric, d -> d.withByteCounter(counter));
      }
      case ALPHA_GAIN -> {
        double g = gain(value).doubleValue();
        yield editDcqcn(fabric, d -> d.withG(g));
      }
      case NIC_PAUSE_REACTION -> withPauseReaction(fabric, value);
      case NVLINK_BANDWIDTH -> {
        Rate bandwidth = gigabytesPerSecond(value);
        yield editHosts(fabric, h -> h.gpus() > 1 ? h.withNvlinkBandwidth(bandwidth) : h);
      }
      case PCIE_BANDWIDTH -> {
        Rate bandwidth = gigabytesPerSecond(value);
        yield editHosts(fabric, h -> h.withPcieBandwidth(bandwidth));
      }
    };
  }

  /**
   * @param value a value in {@link #unit()}
   * @return the value as the fabric file writes it, e.g. {@code 1.25us}, {@code 400KiB}
   */
  public String fabricValue(double value) {
    return switch (this) {
      case SWITCH_LATENCY, NIC_PAUSE_REACTION -> SimTime.picos(Math.round(value * 1000)).toString();
      case CNP_INTERVAL, RATE_INCREASE_TIMER -> micros(value).toString();
      case ECN_KMIN, ECN_KMAX, BYTE_COUNTER -> kib(value).toString();
      case NVLINK_BANDWIDTH, PCIE_BANDWIDTH -> gigabytesPerSecond(value).toString();
      case ALPHA_GAIN -> gain(value).toPlainString();
    };
  }

  /** A rate of GB/s, to the Mb/s: a fit is no finer, and the file reads {@code 15.914Gbps}. */
  private static Rate gigabytesPerSecond(double value) {
    return Rate.bps(Math.round(value * 8e3) * 1_000_000L);
  }

  /** A gain of 1024ths as the fraction DCQCN uses, to 4 digits: a fit is no finer. */
  private static BigDecimal gain(double value) {
    return new BigDecimal(value / 1024).round(new MathContext(4)).stripTrailingZeros();
  }

  private static SimTime micros(double value) {
    return SimTime.picos(Math.round(value * 1e6));
  }

  private static DataSize kib(double value) {
    return DataSize.bytes(Math.round(value * 1024));
  }

  private static DataSize max(DataSize a, DataSize b) {
    return a.bytes() >= b.bytes() ? a : b;
  }

  private static DataSize min(DataSize a, DataSize b) {
    return a.bytes() <= b.bytes() ? a : b;
  }
}
