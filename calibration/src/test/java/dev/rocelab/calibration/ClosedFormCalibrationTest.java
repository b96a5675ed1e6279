package dev.rocelab.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.internal.fit.HeldSetting;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fit's arithmetic against the closed-form twin ({@link ClosedFormModel}), whose answers are
 * known exactly: the elasticities are its exponents, the weighted least-squares fit of a lab is the
 * lab's values, a held setting moves the fit by the projection of its column, and the errors are
 * those of the information matrix. The twin has no noise, so every measurement's noise is the
 * floor, 3 %. (The elasticities and local errors themselves are {@code ClosedFormModelFitTest}'s;
 * the same claims against the real model, where no answer is known in closed form, are {@link
 * CalibratorTest}'s and the synthetic labs'.)
 */
class ClosedFormCalibrationTest {

  private static final FabricSpec FILE = CalibratorTest.fabric();
  private static final ClosedFormModel TWIN = new ClosedFormModel(FILE);

  /** Every measurement's noise: the floor, for the twin's runs and the lab's repeat exactly. */
  private static final double NOISE = Calibrator.DEFAULT_NOISE;

  private static Calibrator calibrator() {
    return new Calibrator(FILE).model(TWIN).steps(ClosedFormModel.STEPS);
  }

  private static HiddenModelLab lab(FabricSpec hidden) {
    return new HiddenModelLab(TWIN, hidden, 7);
  }

  /**
   * A lab whose NICs run the file's DCQCN settings, the calibration told so: each of the group's
   * values lies within its error of the lab's, and each error is at least the information matrix's
   * (the refits with other seeds widen some: the fit stops at the noise floor, not at the lab's
   * exact values).
   */
  @Test
  void aLabRunningTheFilesDcqcnSettingsIsFittedToItsValuesWithTheInformationMatrixsErrors() {
    Map<CalibratedParameter, Double> truth = ClosedFormModel.hiddenSet();
    Calibration calibration =
        calibrator().dcqcnKnown(true).calibrate(lab(CalibratorTest.hidden(truth)));

    CalibratorTest.assertRecovered(calibration, truth);
    double[] local = ClosedFormModel.localErrors(NOISE);
    for (int c = 0; c < ClosedFormModel.GROUP.size(); c++) {
      FittedParameter p = calibration.parameter(ClosedFormModel.GROUP.get(c)).orElseThrow();
      assertThat(p.identified()).as("%s identified", p.parameter()).isTrue();
      assertThat(p.relativeError())
          .as("%s's error", p.parameter())
          .isGreaterThanOrEqualTo(Math.expm1(local[c]) * (1 - 1e-4));
      assertThat(Math.log(p.fitted() / truth.get(p.parameter())))
          .as("%s's distance from the lab's", p.parameter())
          .isCloseTo(0, within(Math.log1p(p.relativeError())));
    }
  }

  /**
   * A lab whose NICs run twice the file's R_AI, which the fit holds: R_AI acts as the increase
   * timer to the power {@value ClosedFormModel#R_AI_AS_TIMER}, so the fit lands the timer at the
   * lab's times 2<sup>−0.8</sup>, and the timer's error is exactly that trade, the fit's response
   * to a lab running the setting at twice or half of it, {@code 0.8 ln 2}. No other value moves,
   * nor does its error widen. A note names the settings held and the value whose error they set.
   */
  @Test
  void anotherHeldSettingMovesTheFitByItsProjectionAndThatTradeIsTheError() {
    Map<CalibratedParameter, Double> truth = ClosedFormModel.hiddenSet();
    FabricSpec hidden =
        HeldSetting.ADDITIVE_INCREASE.scaled(CalibratorTest.hidden(truth), 2).orElseThrow();
    Calibration calibration = calibrator().calibrate(lab(hidden));

    CalibratorTest.assertRecovered(calibration, truth);
    double trade = -ClosedFormModel.R_AI_AS_TIMER * Math.log(2);
    FittedParameter timer =
        calibration.parameter(CalibratedParameter.RATE_INCREASE_TIMER).orElseThrow();
    assertThat(Math.log(timer.fitted() / truth.get(CalibratedParameter.RATE_INCREASE_TIMER)))
        .as("the timer's distance from the lab's")
        .isCloseTo(-trade, within(ClosedFormModel.localErrors(NOISE)[3]));
    assertThat(timer.relativeError()).isCloseTo(Math.expm1(trade), within(1e-3));
    assertThat(timer.confidence()).contains(Confidence.LOW);
    for (CalibratedParameter p : ClosedFormModel.GROUP) {
      if (p != CalibratedParameter.RATE_INCREASE_TIMER && p != CalibratedParameter.CNP_INTERVAL) {
        assertThat(calibration.parameter(p).orElseThrow().relativeError())
            .as("%s's error, which R_AI does not trade with", p)
            .isLessThan(Math.expm1(trade) / 2);
      }
    }
    assertThat(calibration.notes())
        .singleElement()
        .asString()
        .startsWith(
            "the fit holds the fabric file's R_AI 5Mbps, R_HAI 50Mbps, F 1, rate-decrease period"
                + " 4us, α update period 1us, which a lab's NICs may run otherwise: the errors count"
                + " how far a lab running one at twice or half of it would move the fitted values,"
                + " and that sets the errors of ")
        .contains("DCQCN increase timer");
  }

  /**
   * A lab whose NICs run g = 2/1024 where the file says 5/1024. The gain acts as the CNP interval
   * to the power {@value ClosedFormModel#GAIN_AS_CNP} but for a twentieth at most, so the file's
   * gain reproduces the lab with the CNP interval at the lab's times (2/5)<sup>0.5</sup>, and the
   * refits at twice and at half the file's gain reproduce it too, the CNP interval moved by {@code
   * 0.5 ln 2} each: that sets its error, so it is still recovered, and the reason the gain is not
   * fitted says the steps cannot tell those gains from the file's.
   */
  @Test
  void aGainTheGroupTradesWithIsHeldAndTheRefitsAtOtherGainsSetTheErrorsOfWhatItTradesWith() {
    Map<CalibratedParameter, Double> truth = ClosedFormModel.hiddenSet();
    truth.put(CalibratedParameter.ALPHA_GAIN, 2.0);
    Calibration calibration = calibrator().calibrate(lab(CalibratorTest.hidden(truth)));

    CalibratorTest.assertRecovered(calibration, truth);
    CalibratorTest.assertHeldGainNotToldFromTwiceOrHalfOfIt(calibration);
    FittedParameter cnp = calibration.parameter(CalibratedParameter.CNP_INTERVAL).orElseThrow();
    assertThat(Math.log(cnp.fitted() / truth.get(CalibratedParameter.CNP_INTERVAL)))
        .as("the CNP interval's distance from the lab's")
        .isCloseTo(
            ClosedFormModel.GAIN_AS_CNP * Math.log(2.0 / 5),
            within(ClosedFormModel.localErrors(NOISE)[2]));
    assertThat(Math.log1p(cnp.relativeError()))
        .as("the CNP interval's error: where the refits at other gains landed")
        .isCloseTo(
            -ClosedFormModel.GAIN_AS_CNP * Math.log(2),
            within(2 * ClosedFormModel.localErrors(NOISE)[2]));
    assertThat(calibration.notes())
        .noneSatisfy(n -> assertThat(n).startsWith("with the fabric file's α gain"));
  }

  /**
   * A lab whose NICs run g = 1024/1024: the gain's own column, which no value of the group makes up
   * for, then misses the longest completions by {@code 0.05 ln(1024/5)}, beyond their tolerance, so
   * the fit frees the gain, finds the lab's at its bound, and calls none of the group identified:
   * with the gain free, other sets of them reproduce the lab too. The switch latency keeps its
   * error; the note says what the freed gain means, the profile writes it and the twin runs it.
   */
  @Test
  void aGainTheGroupCannotMakeUpForIsFreedAndTheGroupNotIdentified(@TempDir Path dir)
      throws IOException {
    Map<CalibratedParameter, Double> truth = ClosedFormModel.hiddenSet();
    truth.put(CalibratedParameter.ALPHA_GAIN, 1024.0);
    Calibration calibration = calibrator().calibrate(lab(CalibratorTest.hidden(truth)));

    CalibratorTest.assertRecovered(calibration, truth);
    CalibratorTest.assertIdentified(calibration, CalibratedParameter.SWITCH_LATENCY);
    FittedParameter gain = calibration.parameter(CalibratedParameter.ALPHA_GAIN).orElseThrow();
    assertThat(gain.isFitted()).isTrue();
    // the gain's own column tells it only so far: within the completions' tolerance of the lab's
    assertThat(0.05 * Math.log(1024 / gain.fitted())).isLessThanOrEqualTo(0.10);
    assertThat(
            Stream.concat(ClosedFormModel.GROUP.stream(), Stream.of(CalibratedParameter.ALPHA_GAIN))
                .map(p -> calibration.parameter(p).orElseThrow()))
        .allSatisfy(
            p -> {
              assertThat(p.isFitted()).as("%s fitted", p.parameter()).isTrue();
              assertThat(p.confidence()).contains(Confidence.NOT_IDENTIFIABLE);
              assertThat(p.relativeError()).isInfinite();
            });
    assertThat(calibration.notes())
        .singleElement()
        .asString()
        .startsWith(
            "with the fabric file's α gain, g 0.004883 (5/1024), the fitted model missed the"
                + " DCQCN steps (")
        .contains("longest completion")
        .contains(
            "The values of the DCQCN group (ECN Kmin, ECN Kmax, CNP interval, DCQCN increase"
                + " timer, DCQCN byte counter, DCQCN α gain) are then the twin's, not measurements"
                + " of the lab")
        .endsWith(
            "so none is called identified, and the gain can lie far from the lab's. Check the lab"
                + " NICs' setting (mlx5: g = (1024 − dce_tcp_g)/1024) before reading the gain as"
                + " theirs");
    new CalibrationReport(calibration, "test").writeTo(dir);
    assertThat(Files.readString(dir.resolve("profile.yaml")))
        .contains("# Note: with the fabric file's α gain")
        .containsPattern("\\n        g: (?:0\\.\\d+|1)  # confidence not identifiable, ±unbounded");
    FabricSpec written = FabricFiles.load(dir.resolve("calibrated.yaml"));
    assertThat(CalibratedParameter.ALPHA_GAIN.in(written).orElseThrow())
        .isCloseTo(gain.fitted(), withinPercentage(0.1));
  }

  /**
   * A 2:1 incast whose senders finish in a tenth of the twin's time: its completion's exponents are
   * small, so no value within the bounds reaches it, nor does the freed gain. The problems say how
   * close the freed gain came and name the DCQCN settings the fit holds; told the lab runs the
   * file's gain, the fit does not free it and says so. The fit from four starts of the gain is as
   * deterministic as any.
   */
  @Test
  void aDcqcnStepBeyondTheFitNamesTheSettingsTheFitHolds() {
    Calibrator incast = calibrator().steps(EnumSet.of(CalibrationStep.ECN_INCAST));
    LabMeasurements measured = incast.measure(lab(FILE));
    Observable completion = new Observable(CalibrationStep.ECN_INCAST, Metric.COMPLETION_TIME);
    Map<Observable, List<Double>> samples = new TreeMap<>(measured.samples());
    samples.put(completion, samples.get(completion).stream().map(v -> v / 10).toList());
    LabMeasurements beyond =
        new LabMeasurements(measured.runs(), samples, measured.broken(), measured.leftOut());
    Calibration calibration = incast.fit(beyond);

    assertThat(calibration.fitted()).isFalse();
    assertThat(calibration.problems())
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith("the fitted model does not reproduce the lab's 2:1 incast"))
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith(
                        "the fit freed the α gain as well (the file's g 0.004883, 5/1024), and at"
                            + " its best, g ")
                    .containsPattern(
                        "/1024, the model still misses 2:1 incast · [^;]*longest completion \\d+%"
                            + " apart; it holds the fabric file's other settings that shape the"
                            + " DCQCN steps: α updated every 1us, fast recovery F 1, additive"
                            + " increase")
                    .contains("ECN marking probability at Kmax 0.200, the mlx5 reaction point")
                    .endsWith("compare them with the lab's NIC and switch settings"));
    assertThat(calibration.parameter(CalibratedParameter.ALPHA_GAIN).orElseThrow().notFitted())
        .contains("freed, it did not reproduce the DCQCN steps either (see the problems)");
    assertThat(calibration.notes()).isEmpty();
    Calibration again = incast.fit(beyond);
    assertThat(again.parameters()).isEqualTo(calibration.parameters());
    assertThat(again.problems()).isEqualTo(calibration.problems());
    assertThat(again.simulations()).isEqualTo(calibration.simulations());
    Calibration known = incast.dcqcnKnown(true).fit(beyond);
    assertThat(known.fitted()).isFalse();
    assertThat(known.problems())
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith(
                        "the fit held the α gain at the file's g 0.004883 (5/1024), told the lab's"
                            + " NICs run it, and the model misses 2:1 incast · ")
                    .contains("; it holds the fabric file's other settings that shape the DCQCN")
                    .endsWith("compare them with the lab's NIC and switch settings"))
        .noneSatisfy(p -> assertThat(p).startsWith("the fit freed the α gain"));
    assertThat(known.notes()).isEmpty();
  }
}
