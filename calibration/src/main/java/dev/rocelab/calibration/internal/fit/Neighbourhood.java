package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Observable;
import java.util.List;
import java.util.Map;

/**
 * A fit as it stood before any parameter was kept at the fabric file's value: where refits start
 * from and what the errors they widen are.
 *
 * @param values the fitted values
 * @param fitted the fabric with them
 * @param observables the measurements, one per row of the local elasticities
 * @param sigma each measurement's noise
 * @param dcqcn the steps DCQCN shapes that the lab ran
 * @param local the local errors and trades
 * @param gainHeld whether the fit held the α gain
 * @param testGain whether it held the gain and reproduced the DCQCN steps: then refits at other
 *     gains put it to the test
 */
record Neighbourhood(
    Map<CalibratedParameter, Double> values,
    FabricSpec fitted,
    List<Observable> observables,
    Map<Observable, Double> sigma,
    List<CalibrationStep> dcqcn,
    Local local,
    boolean gainHeld,
    boolean testGain) {}
