package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.calibration.internal.LogScale;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Writes a calibration out: {@code calibration.json} (every parameter and measurement), the
 * calibration's Allure results (one test per step, lab and model side by side, and one for the
 * fitted parameters) and, only for a fit, {@code profile.yaml} (a fabric-file fragment: the
 * calibrated NIC firmware version under {@code firmwareProfiles}, and the profile keys that are not
 * firmware's) and {@code calibrated.yaml} (the whole fabric with every fitted value, ready to run).
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class CalibrationReport {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
  public CalibrationReport(Calibration calibration, String version) {
    this.calibration = calibration;
    this.version = version;
  }

  /**
   * Writes every file into a directory, Allure results into its {@code allure-results}.
   *
   * @param dir the directory, created if missing
   * @return the files written
   */
  public List<Path> writeTo(Path dir) {
    List<Path> written = new ArrayList<>();
    try {
      Files.createDirectories(dir);
      written.add(write(dir.resolve("calibration.json"), json()));
      if (calibration.fitted()) {
        written.add(write(dir.resolve("profile.yaml"), profile()));
        written.add(
            write(
                dir.resolve("calibrated.yaml"),
                FabricFiles.write(calibration.calibratedFabric().orElseThrow())));
      }
      written.addAll(allure(dir.resolve("allure-results")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return written;
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

  private static String value(FittedParameter p) {
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

  /**
   * @return the JSON document
   */
  public String json() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("fabric", calibration.fabric().name());
    root.put("seed", calibration.seed());
    root.put("fitted", calibration.fitted());
    root.put("problems", calibration.problems());
    root.put("notes", calibration.notes());
    root.put("noiseFloor", calibration.noise());
    root.put("simulations", calibration.simulations());
    List<Map<String, Object>> parameters = new ArrayList<>();
    for (FittedParameter p : calibration.parameters()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("parameter", p.parameter().name());
      row.put("key", p.parameter().key());
      row.put("unit", p.parameter().unit());
      row.put("bounds", List.of(p.parameter().lower(), p.parameter().upper()));
      row.put("initial", p.initial());
      p.notFitted().ifPresent(r -> row.put("notFitted", r));
      if (p.isFitted()) {
        row.put("fitted", p.fitted());
        row.put("fabricValue", value(p));
        row.put("relativeError", Double.isFinite(p.relativeError()) ? p.relativeError() : null);
        row.put("confidence", p.confidence().orElseThrow().name());
        row.put("sensitivity", p.sensitivity());
        p.mostSensitive().ifPresent(o -> row.put("mostSensitive", o.toString()));
        row.put("atBound", p.atBound());
      }
      parameters.add(row);
    }
    root.put("parameters", parameters);
    List<Map<String, Object>> steps = new ArrayList<>();
    for (CalibrationStep step : CalibrationStep.values()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("step", step.title());
      calibration.lab().brokenReason(step).ifPresent(r -> row.put("broken", r));
      if (calibration.lab().leftOut().contains(step)) {
        row.put("leftOut", true);
      }
      List<Map<String, Object>> values = new ArrayList<>();
      for (Observable o : step.observables()) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("metric", o.metric().title());
        v.put("unit", o.metric().unit());
        calibration.lab().value(o).ifPresent(x -> v.put("lab", x));
        List<Double> runs = calibration.lab().samples().getOrDefault(o, List.of());
        if (runs.size() > 1) {
          v.put("labRuns", runs);
        }
        Optional.ofNullable(calibration.before().get(o)).ifPresent(x -> v.put("modelBefore", x));
        Optional.ofNullable(calibration.after().get(o)).ifPresent(x -> v.put("modelFitted", x));
        v.put("tolerance", calibration.tolerance(o));
        values.add(v);
      }
      row.put("measurements", values);
      steps.add(row);
    }
    root.put("steps", steps);
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A step's table: each measurement, lab beside the model before and after the fit.
   *
   * @param step the step
   * @return the text table
   */
  public String table(CalibrationStep step) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%-22s %-8s %12s %14s %14s %8s %10s%n",
            "metric",
            "unit",
            "lab",
            "model (file)",
            "model (fit)",
            "apart",
            "tolerance"));
    for (Observable o : step.observables()) {
      Optional<Double> lab =
          calibration.lab().value(o).isPresent()
              ? Optional.of(calibration.lab().value(o).getAsDouble())
              : Optional.empty();
      Double before = calibration.before().get(o);
      Double after = calibration.after().get(o);
      out.append(
          String.format(
              Locale.ROOT,
              "%-22s %-8s %12s %14s %14s %8s %10s%n",
              o.metric().title(),
              o.metric().unit(),
              lab.map(CalibrationReport::number).orElse("—"),
              before == null ? "—" : number(before),
              after == null ? "—" : number(after),
              lab.isPresent() && after != null
                  ? String.format(
                      Locale.ROOT,
                      "%.1f%%",
                      LogScale.difference(o.metric(), after, lab.get()) * 100)
                  : "—",
              String.format(Locale.ROOT, "%.0f%%", calibration.tolerance(o) * 100)));
    }
    List<String> repeated = new ArrayList<>();
    for (Observable o : step.observables()) {
      List<Double> values = calibration.lab().samples().getOrDefault(o, List.of());
      if (values.size() > 1) {
        repeated.add(
            o.metric().title()
                + " "
                + values.stream().map(CalibrationReport::number).collect(Collectors.joining(", ")));
      }
    }
    if (!repeated.isEmpty()) {
      out.append(
          String.format(
              Locale.ROOT,
              "lab: the geometric mean of %d runs; each run's %s%n",
              calibration.lab().measuredRuns(step),
              String.join("; ", repeated)));
    }
    return out.toString();
  }

  /**
   * @return the parameter table
   */
  public String parameterTable() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%-20s %-6s %12s %12s %10s %-16s %s%n",
            "parameter",
            "unit",
            "file",
            "fitted",
            "±",
            "confidence",
            "most sensitive measurement"));
    for (FittedParameter p : calibration.parameters()) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-20s %-6s %12s %12s %10s %-16s %s%n",
              p.parameter().title(),
              p.parameter().unit(),
              number(p.initial()),
              p.isFitted() ? number(p.fitted()) : "—",
              !p.isFitted()
                  ? "—"
                  : Double.isInfinite(p.relativeError())
                      ? "∞"
                      : String.format(Locale.ROOT, "%.0f%%", p.relativeError() * 100),
              p.confidence().map(Confidence::title).orElse("not fitted")
                  + (p.atBound() ? " (bound)" : ""),
              p.notFitted()
                  .orElse(
                      p.mostSensitive().map(Observable::toString).orElse("none depends on it"))));
    }
    return out.toString();
  }

  /**
   * What a console shows of the calibration: the parameter table, then a line per problem ({@code
   * problem: …}) and per note ({@code note: …}).
   *
   * @return the summary, each line ended
   */
  public String summary() {
    StringBuilder out = new StringBuilder(parameterTable());
    calibration.problems().forEach(p -> out.append("problem: ").append(p).append('\n'));
    calibration.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
    return out.toString();
  }

  private static String number(double v) {
    return String.format(Locale.ROOT, "%.4g", v);
  }

  /** One Allure result per step and one for the parameters. */
  private List<Path> allure(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (CalibrationStep step : CalibrationStep.values()) {
      Optional<String> broken = calibration.lab().brokenReason(step);
      boolean leftOut = calibration.lab().leftOut().contains(step);
      boolean reproduced =
          step.observables().stream()
              .allMatch(o -> calibration.lab().value(o).isEmpty() || calibration.reproduces(o));
      String status =
          broken.isPresent() ? "broken" : leftOut ? "skipped" : reproduced ? "passed" : "failed";
      List<Map<String, String>> attachments = new ArrayList<>();
      String table = table(step);
      Optional<Agreement> sideBySide = calibration.sideBySide(step);
      if (sideBySide.isPresent()) {
        int runs = calibration.lab().measuredRuns(step);
        table +=
            "\nEvery metric of the lab's "
                + (runs > 1 ? "first run (of " + runs + ")" : "run")
                + " beside the fitted model's:\n"
                + sideBySide.get().table();
      }
      attachments.add(attachment(dir, "lab vs model · " + step.title(), table, written));
      written.add(
          result(
              dir,
              "calibration · " + step.title(),
              status,
              broken.orElse(
                  leftOut
                      ? LabMeasurements.LEFT_OUT
                      : reproduced ? null : "the fitted model does not reproduce this step"),
              "",
              attachments));
    }
    List<Map<String, String>> attachments = new ArrayList<>();
    attachments.add(attachment(dir, "fitted parameters", parameterTable(), written));
    if (calibration.fitted()) {
      attachments.add(attachment(dir, "profile.yaml", profile(), written));
    }
    written.add(
        result(
            dir,
            "calibration · fitted parameters",
            calibration.fitted() ? "passed" : "failed",
            calibration.fitted() ? null : String.join("\n", calibration.problems()),
            String.join("\n", calibration.notes()),
            attachments));
    return written;
  }

  private Map<String, String> attachment(Path dir, String name, String text, List<Path> written)
      throws IOException {
    String source = uuid("attachment " + name) + "-attachment.txt";
    written.add(write(dir.resolve(source), text));
    return Map.of("name", name, "source", source, "type", "text/plain");
  }

  private Path result(
      Path dir,
      String name,
      String status,
      String message,
      String description,
      List<Map<String, String>> attachments)
      throws IOException {
    String uuid = uuid(name);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("uuid", uuid);
    result.put("historyId", uuid);
    result.put("name", name);
    result.put("fullName", "rocelab.calibration." + calibration.fabric().name() + "." + name);
    result.put("status", status);
    if (message != null) {
      result.put("statusDetails", Map.of("message", message));
    }
    if (!description.isEmpty()) {
      result.put("description", description);
    }
    result.put("stage", "finished");
    result.put(
        "labels",
        List.of(
            Map.of("name", "parentSuite", "value", "Calibration"),
            Map.of("name", "suite", "value", calibration.fabric().name()),
            Map.of("name", "feature", "value", "calibration")));
    result.put("attachments", attachments);
    return write(dir.resolve(uuid + "-result.json"), JSON.writeValueAsString(result));
  }

  private String uuid(String name) {
    return UUID.nameUUIDFromBytes(
            (calibration.fabric().name() + "/" + calibration.seed() + "/" + name)
                .getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  private static Path write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }
}
