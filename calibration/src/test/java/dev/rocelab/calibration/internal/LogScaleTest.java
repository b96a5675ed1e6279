package dev.rocelab.calibration.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.calibration.Metric;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogScaleTest {

  @Test
  void theMeanOfRepeatedCountsIsGeometricWithCountsOffsetByOne() {
    // (0 + 1) and (3 + 1): geometric mean 2, less the offset
    assertThat(LogScale.mean(Metric.ECN_MARKS, List.of(0.0, 3.0))).isCloseTo(1.0, within(1e-12));
    // one run's outlier weighs on a log scale: 204 among three near 1,100
    assertThat(LogScale.mean(Metric.ECN_MARKS, List.of(1071.0, 1168.0, 204.0, 1053.0)))
        .isCloseTo(720.4, within(0.1));
  }

  @Test
  void theMeanOfTimesAndRatesIsGeometric() {
    assertThat(LogScale.mean(Metric.COMPLETION_TIME, List.of(100.0, 400.0)))
        .isCloseTo(200.0, within(1e-9));
  }

  @Test
  void oneMeasurementIsItsOwnMeanExactly() {
    assertThat(LogScale.mean(Metric.ONE_WAY_LATENCY, List.of(3.743))).isEqualTo(3.743);
    assertThat(LogScale.mean(Metric.ECN_MARKS, List.of(0.0))).isEqualTo(0.0);
  }

  @Test
  void theSpreadOfRepeatedMeasurementsIsTheSampleDeviationOfTheirLogarithms() {
    // logs of 1, 4 and 16 (counts offset by one): 0, 2 ln 2 and 4 ln 2, each 2 ln 2 off their mean
    assertThat(LogScale.spread(Metric.ECN_MARKS, List.of(0.0, 3.0, 15.0)))
        .isCloseTo(2 * Math.log(2), within(1e-12));
    assertThat(LogScale.spread(Metric.COMPLETION_TIME, List.of(100.0, 100.0))).isZero();
  }

  @Test
  void oneMeasurementHasNoSpreadOfItsOwn() {
    assertThat(LogScale.spread(Metric.ECN_MARKS, List.of(1071.0))).isZero();
    assertThat(LogScale.spread(Metric.ECN_MARKS, List.of())).isZero();
  }
}
