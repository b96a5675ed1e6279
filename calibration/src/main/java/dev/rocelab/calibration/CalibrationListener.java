package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Scenario;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Follows a calibration as it goes: progress lines on a console, or a test's stand-in lab primed
 * with the scenario it is about to be asked for.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public interface CalibrationListener {

  /**
   * A step is about to run on the lab.
   *
   * @param step the step
   * @param scenario its scenario
   */
  default void stepStarting(CalibrationStep step, Scenario scenario) {}

  /**
   * A step ended on the lab.
   *
   * @param step the step
   * @param broken why it measured nothing or not everything, if so
   */
  default void stepEnded(CalibrationStep step, Optional<String> broken) {}

  /** The fit on the model begins. */
  default void fitting() {}
}
