package dev.rocelab.calibration.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Confidence;
import dev.rocelab.calibration.FittedParameter;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The calibration's text tables: each step's measurements, lab beside the model before and after
 * the fit, the parameter table, and the console's summary.
 */
@API(status = INTERNAL, since = "0.3")
public final class ReportTables {

  private final Calibration calibration;

  /**
   * @param calibration the calibration
   */
  public ReportTables(Calibration calibration) {
    this.calibration = calibration;
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
              lab.map(ReportTables::number).orElse("—"),
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
                + values.stream().map(ReportTables::number).collect(Collectors.joining(", ")));
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
}
