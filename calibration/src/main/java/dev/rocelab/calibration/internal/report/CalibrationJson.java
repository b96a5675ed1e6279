package dev.rocelab.calibration.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.FittedParameter;
import dev.rocelab.calibration.Observable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/** A calibration as {@code calibration.json}: every parameter and measurement. */
@API(status = INTERNAL, since = "0.3")
public final class CalibrationJson {

  /** Writes the JSON documents of the report, the Allure results' too. */
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CalibrationJson() {}

  /**
   * @param calibration the calibration
   * @return the JSON document
   */
  public static String of(Calibration calibration) {
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
        row.put("fabricValue", CalibratedProfile.value(p));
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
}
