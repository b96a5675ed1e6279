package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import dev.rocelab.api.fabric.NicFirmware.Retransmission;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.SwitchNos;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Binds {@code firmwareProfiles} to a {@link FirmwareRegistry}: {@code nic.<version>} to {@link
 * NicFirmware} and {@code switch.<version>} to {@link SwitchNos}. A version starts from its {@code
 * basedOn} (a built-in version or one defined above it in the file), else from the generic
 * behaviour; each key written replaces that starting value.
 */
final class FirmwareBinder {

  static final Map<String, DcqcnVariant> VARIANTS =
      Values.choices("paper", DcqcnVariant.PAPER, "mlx5", DcqcnVariant.MLX5);
  static final Map<String, Retransmission> RETRANSMISSIONS =
      Values.choices("go-back-n", Retransmission.GO_BACK_N, "go-back-0", Retransmission.GO_BACK_0);

  private final Values values;
  private final NicBinder nicBinder;
  private final SwitchBinder switchBinder;
  private final Map<String, NicFirmware> nics = new LinkedHashMap<>();
  private final Map<String, SwitchNos> nos = new LinkedHashMap<>();

  FirmwareBinder(Values values) {
    this.values = values;
    this.nicBinder = new NicBinder(values, FirmwareRegistry.BUILT_IN);
    this.switchBinder = new SwitchBinder(values, null, FirmwareRegistry.BUILT_IN);
  }

  /**
   * @return the file's versions only (the built-in ones are added by the spec), or null on a
   *     problem
   */
  FirmwareRegistry profiles(YamlNode node) {
    return MappingReader.open(node, Shapes.FIRMWARE_PROFILES, values)
        .map(
            r -> {
              Map<String, NicFirmware> nic =
                  r.optional("nic", n -> values.namedMap(n, this::nic), Map.of());
              Map<String, SwitchNos> sw =
                  r.optional("switch", n -> values.namedMap(n, this::nos), Map.of());
              return r.build(() -> new FirmwareRegistry(nic, sw));
            })
        .orElse(null);
  }

  private NicFirmware nic(String version, YamlNode node) {
    return MappingReader.open(node, Shapes.NIC_FIRMWARE, values)
        .map(
            r -> {
              NicFirmware base =
                  r.optional(
                      "basedOn",
                      n -> base(n, nics, FirmwareRegistry.BUILT_IN.nicVersions(), "NIC"),
                      NicFirmware.generic(version));
              if (base == null) {
                r.fail();
                return null;
              }
              DcqcnParameters dcqcn =
                  r.optional("dcqcn", n -> nicBinder.dcqcn(n, base.dcqcn()), base.dcqcn());
              DcqcnVariant variant =
                  r.optional(
                      "dcqcnVariant",
                      n -> values.choice(n, "DCQCN variant", VARIANTS),
                      base.dcqcnVariant());
              TrafficClass cnp = r.optional("cnp", nicBinder::trafficClass, base.cnp());
              Retransmission retransmission =
                  r.optional(
                      "retransmission",
                      n -> values.choice(n, "retransmission mode", RETRANSMISSIONS),
                      base.retransmission());
              SimTime timeout =
                  r.optional(
                      "retransmissionTimeout", values::duration, base.retransmissionTimeout());
              SimTime adaptive =
                  r.optional(
                      "adaptiveRetransmission", values::duration, base.adaptiveRetransmission());
              DataSize receiveBuffer =
                  r.optional("receiveBuffer", values::size, base.receiveBuffer());
              SimTime pauseReaction =
                  r.optional("pauseReaction", values::duration, base.pauseReaction());
              OutOfOrder outOfOrder =
                  r.optional("outOfOrder", nicBinder::outOfOrder, base.outOfOrder());
              NicFirmware firmware =
                  r.build(
                      () ->
                          new NicFirmware(
                              version,
                              dcqcn,
                              variant,
                              cnp,
                              retransmission,
                              timeout,
                              adaptive,
                              receiveBuffer,
                              pauseReaction,
                              outOfOrder));
              if (firmware != null) {
                nics.put(version, firmware);
              }
              return firmware;
            })
        .orElse(null);
  }

  private SwitchNos nos(String version, YamlNode node) {
    return MappingReader.open(node, Shapes.SWITCH_NOS, values)
        .map(
            r -> {
              SwitchNos base =
                  r.optional(
                      "basedOn",
                      n -> base(n, nos, FirmwareRegistry.BUILT_IN.nosVersions(), "switch NOS"),
                      SwitchNos.generic(version));
              if (base == null) {
                r.fail();
                return null;
              }
              PfcWatchdog watchdog =
                  r.optional(
                      "watchdog", n -> switchBinder.watchdog(n, base.watchdog()), base.watchdog());
              Double alpha = r.optional("alpha", values::number, base.alpha());
              DataSize reserve = r.optional("reserve", values::size, base.reserve());
              SimTime pauseReaction =
                  r.optional("pauseReaction", values::duration, base.pauseReaction());
              LoadBalancing loadBalancing =
                  r.optional(
                      "loadBalancing",
                      n -> switchBinder.loadBalancing(n, base.loadBalancing()),
                      base.loadBalancing());
              SwitchNos result =
                  r.build(
                      () ->
                          new SwitchNos(
                              version, watchdog, alpha, reserve, pauseReaction, loadBalancing));
              if (result != null) {
                nos.put(version, result);
              }
              return result;
            })
        .orElse(null);
  }

  /** A version defined above in the file, else a built-in one; reported (null) if neither. */
  private <T> T base(YamlNode node, Map<String, T> defined, Map<String, T> builtIn, String what) {
    String name = values.text(node);
    if (name == null) {
      return null;
    }
    Optional<T> found =
        Optional.ofNullable(defined.get(name)).or(() -> Optional.ofNullable(builtIn.get(name)));
    if (found.isEmpty()) {
      Map<String, T> known = new LinkedHashMap<>(builtIn);
      known.putAll(defined);
      values
          .problems()
          .error(
              node,
              "no "
                  + what
                  + " version \""
                  + name
                  + "\" to base on; known: "
                  + String.join(", ", known.keySet())
                  + " (a version of this file must be defined above)");
    }
    return found.orElse(null);
  }
}
