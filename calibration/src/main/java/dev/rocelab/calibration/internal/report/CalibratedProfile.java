package dev.rocelab.calibration.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.FittedParameter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The calibrated firmware profile: a fabric-file fragment with the calibrated NIC firmware version
 * under {@code firmwareProfiles} (its fitted keys over the lab's version, which it is {@code
 * basedOn}) and, commented, the profile keys that are not firmware's.
 */
@API(status = INTERNAL, since = "0.3")
public final class CalibratedProfile {

  /** Where a parameter's key lies under a NIC firmware version. */
  private static final String NIC_FIRMWARE = "firmwareProfiles.nic.*.";

  /** The DCQCN keys of a firmware version. */
  private static final String DCQCN = "dcqcn.";

  private final Calibration calibration;
  private final String version;

  /**
   * @param calibration the calibration
   * @param version the calibrated profile's version suffix, e.g. a date: the NIC firmware version
   *     written is {@code <lab's version>+cal.<version>}
   */
  public CalibratedProfile(Calibration calibration, String version) {
    this.calibration = calibration;
    this.version = version;
  }

  /**
   * @return the NIC firmware version the profile defines
   */
  public String calibratedVersion() {
    return firstNic().firmware() + "+cal." + version;
  }

  private NicProfile firstNic() {
    return calibration.fabric().nicProfiles().values().iterator().next();
  }

  /**
   * The fabric-file fragment: the calibrated firmware version (its fitted keys over the lab's
   * version, which it is {@code basedOn}) and, commented, the profile keys to set.
   *
   * @return the YAML text
   */
  public String profile() {
    StringBuilder out = new StringBuilder();
    out.append("# rocelab calibration of fabric ")
        .append(calibration.fabric().name())
        .append(", seed ")
        .append(calibration.seed())
        .append("\n# Use it: add firmwareProfiles to the fabric file and set the NIC profiles'")
        .append(" firmware to ")
        .append(calibratedVersion())
        .append(";\n# a key a NIC profile writes itself (dcqcn.cnpInterval, say) wins over the")
        .append(" version's, so leave it out there.\n");
    calibration.notes().forEach(n -> out.append("# Note: ").append(n).append('\n'));
    out.append("firmwareProfiles:\n  nic:\n    \"").append(calibratedVersion()).append("\":\n");
    if (calibration.fabric().firmwareRegistry().nicFirmware(firstNic().firmware()).isPresent()) {
      out.append("      basedOn: \"").append(firstNic().firmware()).append("\"\n");
    }
    List<FittedParameter> firmware =
        calibration.parameters().stream()
            .filter(FittedParameter::isFitted)
            .filter(p -> firmwareKey(p).isPresent())
            .toList();
    firmware.stream()
        .filter(p -> !firmwareKey(p).orElseThrow().startsWith(DCQCN))
        .forEach(
            p ->
                out.append("      ")
                    .append(firmwareKey(p).orElseThrow())
                    .append(": ")
                    .append(value(p))
                    .append(confidence(p)));
    if (firmware.stream().anyMatch(p -> firmwareKey(p).orElseThrow().startsWith(DCQCN))) {
      out.append("      dcqcn:\n");
    }
    firmware.stream()
        .filter(p -> firmwareKey(p).orElseThrow().startsWith(DCQCN))
        .forEach(
            p ->
                out.append("        ")
                    .append(firmwareKey(p).orElseThrow().substring(DCQCN.length()))
                    .append(": ")
                    .append(value(p))
                    .append(confidence(p)));
    out.append("# Profile keys (switch, QoS and host profiles of the fabric file):\n");
    for (FittedParameter p : calibration.parameters()) {
      if (p.isFitted() && firmwareKey(p).isEmpty()) {
        out.append("#   ")
            .append(p.parameter().key())
            .append(": ")
            .append(value(p))
            .append(confidence(p));
      }
    }
    for (FittedParameter p : calibration.parameters()) {
      p.notFitted()
          .ifPresent(
              r ->
                  out.append("# Not written: ")
                      .append(p.parameter().title())
                      .append(" (")
                      .append(p.parameter().key())
                      .append("): ")
                      .append(r)
                      .append('\n'));
    }
    return out.toString();
  }

  /**
   * The key a parameter has under a NIC firmware version, e.g. {@code dcqcn.cnpInterval}; empty for
   * a key of the fabric file's profiles.
   */
  private static Optional<String> firmwareKey(FittedParameter p) {
    String key = p.parameter().key();
    return key.startsWith(NIC_FIRMWARE)
        ? Optional.of(key.substring(NIC_FIRMWARE.length()))
        : Optional.empty();
  }

  /**
   * @param p a fitted parameter
   * @return its fitted value as the fabric file writes it
   */
  static String value(FittedParameter p) {
    return p.parameter().fabricValue(p.fitted());
  }

  private static String confidence(FittedParameter p) {
    return String.format(
        Locale.ROOT,
        "  # confidence %s, ±%s%s\n",
        p.confidence().orElseThrow().title(),
        Double.isInfinite(p.relativeError())
            ? "unbounded"
            : String.format(Locale.ROOT, "%.0f%%", p.relativeError() * 100),
        p.identified()
            ? ""
            : p.atBound()
                ? " (at its bound)"
                : " (the twin's value together with the others, not a measurement of its own)");
  }
}
