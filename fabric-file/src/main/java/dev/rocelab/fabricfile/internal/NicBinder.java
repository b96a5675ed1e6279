package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricLimits;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds {@code nicProfiles.<name>} to {@link NicProfile} and {@code hostProfiles.<name>} to {@link
 * HostProfile}. A NIC profile's {@code dcqcn} keys, {@code cnp} marking and {@code outOfOrder}
 * handling left out take the defaults of its firmware version's behaviour ({@link
 * NicFirmware#generic(String)} for a version no registry knows).
 */
final class NicBinder {

  static final Map<String, OutOfOrder> OUT_OF_ORDER =
      Values.choices("retransmit", OutOfOrder.RETRANSMIT, "tolerate", OutOfOrder.TOLERATE);

  static final DataSize DEFAULT_MTU = DataSize.bytes(4096);
  static final Rate DEFAULT_NVLINK_BANDWIDTH = Rate.gbps(3600);
  static final SimTime DEFAULT_NVLINK_LATENCY = SimTime.micros(1);

  private final Values values;
  private final FirmwareRegistry registry;

  /**
   * @param registry the built-in versions and the file's own, whose defaults fill what a profile
   *     leaves out
   */
  NicBinder(Values values, FirmwareRegistry registry) {
    this.values = values;
    this.registry = registry;
  }

  NicProfile nic(String name, YamlNode node) {
    return MappingReader.open(node, Shapes.NIC_PROFILE, values)
        .map(
            r -> {
              Rate speed = r.required("speed", values::rate);
              String firmware = r.required("firmware", values::text);
              NicFirmware version = registry.nicBehaviour(firmware == null ? "" : firmware);
              TrafficClass roce = r.required("roce", this::trafficClass);
              TrafficClass cnp = r.optional("cnp", this::trafficClass, version.cnp());
              List<Integer> pfc =
                  r.required("pfcPriorities", n -> values.list(n, values::wholeNumber));
              DataSize mtu = r.optional("mtu", values::size, DEFAULT_MTU);
              Integer qps = r.optional("qpsPerConnection", values::wholeNumber, 1);
              DcqcnParameters dcqcn =
                  r.optional("dcqcn", n -> dcqcn(n, version.dcqcn()), version.dcqcn());
              OutOfOrder outOfOrder =
                  r.optional("outOfOrder", this::outOfOrder, version.outOfOrder());
              return r.build(
                  () ->
                      new NicProfile(
                          name,
                          speed,
                          firmware,
                          roce,
                          cnp,
                          new LinkedHashSet<>(pfc),
                          mtu,
                          qps,
                          dcqcn,
                          outOfOrder));
            })
        .orElse(null);
  }

  OutOfOrder outOfOrder(YamlNode node) {
    return values.choice(node, "reordering behaviour", OUT_OF_ORDER);
  }

  TrafficClass trafficClass(YamlNode node) {
    return MappingReader.open(node, Shapes.TRAFFIC_CLASS, values)
        .map(
            r -> {
              Integer dscp = r.required("dscp", values::wholeNumber);
              Integer priority = r.required("priority", values::wholeNumber);
              return r.build(() -> new TrafficClass(dscp, priority));
            })
        .orElse(null);
  }

  /** Each key written replaces that parameter of {@code d}, the defaults. */
  DcqcnParameters dcqcn(YamlNode node, DcqcnParameters d) {
    return MappingReader.open(node, Shapes.DCQCN, values)
        .map(
            r -> {
              Boolean enabled = r.optional("enabled", values::bool, d.enabled());
              Double g = r.optional("g", values::number, d.g());
              Double initialAlpha = r.optional("initialAlpha", values::number, d.initialAlpha());
              SimTime alphaUpdatePeriod =
                  r.optional("alphaUpdatePeriod", values::duration, d.alphaUpdatePeriod());
              SimTime rateDecreasePeriod =
                  r.optional("rateDecreasePeriod", values::duration, d.rateDecreasePeriod());
              SimTime rateIncreaseTimer =
                  r.optional("rateIncreaseTimer", values::duration, d.rateIncreaseTimer());
              DataSize byteCounter = r.optional("byteCounter", values::size, d.byteCounter());
              Integer fastRecoverySteps =
                  r.optional("fastRecoverySteps", values::wholeNumber, d.fastRecoverySteps());
              Rate additiveIncrease =
                  r.optional("additiveIncrease", values::rate, d.additiveIncrease());
              Rate hyperIncrease = r.optional("hyperIncrease", values::rate, d.hyperIncrease());
              Rate minRate = r.optional("minRate", values::rate, d.minRate());
              SimTime cnpInterval = r.optional("cnpInterval", values::duration, d.cnpInterval());
              return r.build(
                  () ->
                      new DcqcnParameters(
                          enabled,
                          g,
                          initialAlpha,
                          alphaUpdatePeriod,
                          rateDecreasePeriod,
                          rateIncreaseTimer,
                          byteCounter,
                          fastRecoverySteps,
                          additiveIncrease,
                          hyperIncrease,
                          minRate,
                          cnpInterval));
            })
        .orElse(null);
  }

  HostProfile host(String name, YamlNode node) {
    return MappingReader.open(node, Shapes.HOST_PROFILE, values)
        .map(
            r -> {
              Integer gpus = r.required("gpus", values::wholeNumber);
              Integer nics = r.required("nics", values::wholeNumber);
              String nicProfile = r.required("nicProfile", values::text);
              // The rail-aligned default only exists for counts in range; otherwise the constructor
              // names the count.
              List<Integer> railAligned =
                  gpus != null
                          && nics != null
                          && gpus > 0
                          && nics > 0
                          && gpus <= FabricLimits.perHost()
                          && nics <= FabricLimits.perHost()
                      ? HostProfile.railAligned(gpus, nics)
                      : List.of();
              List<Integer> gpuToNic =
                  r.optional("gpuToNic", n -> values.list(n, values::wholeNumber), railAligned);
              Rate nvlinkBandwidth =
                  r.optional("nvlinkBandwidth", values::rate, DEFAULT_NVLINK_BANDWIDTH);
              SimTime nvlinkLatency =
                  r.optional("nvlinkLatency", values::duration, DEFAULT_NVLINK_LATENCY);
              Boolean nvswitch = r.optional("nvswitch", values::bool, false);
              Rate pcieBandwidth = r.optional("pcieBandwidth", values::rate, null);
              return r.build(
                  () ->
                      new HostProfile(
                          name,
                          gpus,
                          nics,
                          nicProfile,
                          gpuToNic,
                          nvlinkBandwidth,
                          nvlinkLatency,
                          nvswitch,
                          Optional.ofNullable(pcieBandwidth)));
            })
        .orElse(null);
  }
}
