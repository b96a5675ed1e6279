package dev.rocelab.api.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SimTimeTest {

  private static final String USAGE = "; use ps, ns, us, ms, s (e.g. \"1.5ms\")";

  @Nested
  class Construction {

    @Test
    void factoriesScaleToPicoseconds() {
      assertThat(SimTime.picos(20).picos()).isEqualTo(20L);
      assertThat(SimTime.nanos(300).picos()).isEqualTo(300_000L);
      assertThat(SimTime.micros(2).picos()).isEqualTo(2_000_000L);
      assertThat(SimTime.millis(1).picos()).isEqualTo(1_000_000_000L);
      assertThat(SimTime.seconds(1).picos()).isEqualTo(1_000_000_000_000L);
    }

    @Test
    void constantsSpanTheRepresentableRange() {
      assertThat(SimTime.ZERO.picos()).isZero();
      assertThat(SimTime.MAX.picos()).isEqualTo(Long.MAX_VALUE);
      assertThat(SimTime.ZERO).hasToString("0ps");
    }

    @Test
    void rejectsNegativeTimeWithExactMessage() {
      assertThatThrownBy(() -> new SimTime(-3))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("picos must be >= 0 but was -3");
      assertThatThrownBy(() -> SimTime.nanos(-3))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("picos must be >= 0 but was -3000");
    }

    @Test
    void factoryOverflowThrowsArithmeticException() {
      // a long of picoseconds holds about 106 days
      assertThat(SimTime.seconds(9_223_372).picos()).isEqualTo(9_223_372_000_000_000_000L);
      assertThatThrownBy(() -> SimTime.seconds(9_223_373)).isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> SimTime.millis(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> SimTime.micros(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> SimTime.nanos(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void equalsHashCodeAndOrderAreByValue() {
      assertThat(SimTime.micros(2))
          .isEqualTo(SimTime.nanos(2000))
          .hasSameHashCodeAs(SimTime.nanos(2000));
      assertThat(SimTime.micros(2)).isNotEqualTo(SimTime.micros(3)).isLessThan(SimTime.micros(3));
      assertThat(SimTime.millis(1).compareTo(SimTime.micros(1000))).isZero();
    }
  }

  @Nested
  class Parsing {

    @ParameterizedTest(name = "\"{0}\" is {1} ps")
    @CsvSource(
        delimiter = '|',
        value = {
          "2us        | 2000000",
          "2µs        | 2000000",
          "2μs        | 2000000",
          "1.5ms      | 1500000000",
          "300ns      | 300000",
          "20ps       | 20",
          "1s         | 1000000000000",
          "0.5 s      | 500000000000",
          "0.5s       | 500000000000",
          "83.886us   | 83886000",
          "83.88608us | 83886080",
          "0ps        | 0",
          "0s         | 0",
          "1.001ns    | 1001",
          "0.000000000001s | 1",
          "9223372036854.775807us | 9223372036854775807",
        })
    void parsesDurationsInEveryUnit(String text, long picos) {
      assertThat(SimTime.parse(text)).isEqualTo(SimTime.picos(picos));
    }

    @Test
    void acceptsMicroSignAndGreekMuAlike() {
      assertThat(SimTime.parse("2\u00B5s")).isEqualTo(SimTime.micros(2));
      assertThat(SimTime.parse("2\u03BCs")).isEqualTo(SimTime.micros(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {" 2us", "2us ", "\t2us\n", " 2 us "})
    void ignoresSurroundingWhitespace(String text) {
      assertThat(SimTime.parse(text)).isEqualTo(SimTime.micros(2));
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "2mins", "2min", "2", "us", "", " ", "-3ps", "+3ps", "2  us", "2Us", "2US", "2MS", "1S",
          "2sec", "2 u s", "1e3ps", ".5ms", "5.ms", "2h", "1d", "2ss", "2usec", "2 µ s", "1:30s",
        })
    void rejectsAnythingThatIsNotADurationWithExactMessage(String text) {
      assertThatThrownBy(() -> SimTime.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a duration" + USAGE);
    }

    @Test
    void rejectsUnknownUnitWithExactMessage() {
      assertThatThrownBy(() -> SimTime.parse("2mins"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"2mins\" is not a duration; use ps, ns, us, ms, s (e.g. \"1.5ms\")");
    }

    @ParameterizedTest
    @ValueSource(
        strings = {"0.5ps", "0.000001ps", "1.0001ns", "0.0000000000001s", "1.5000000001ms"})
    void rejectsFractionalPicosecondsWithExactMessage(String text) {
      assertThatThrownBy(() -> SimTime.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a whole number of picoseconds");
    }

    @Test
    void rejectsDurationsBeyondLongRangeWithExactMessage() {
      assertThatThrownBy(() -> SimTime.parse("9223373s"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\"9223373s\" is too large for a duration; "
                  + "the maximum is 9223372036854775807 picoseconds");
    }

    @Test
    void rejectsNullText() {
      assertThatThrownBy(() -> SimTime.parse(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("text must not be null");
    }
  }

  @Nested
  class Printing {

    @ParameterizedTest(name = "{0} ps prints as \"{1}\"")
    @CsvSource({
      "1500000000,          1.5ms",
      "2000000,             2us",
      "83886000,            83.886us",
      "83886080,            83.88608us",
      "0,                   0ps",
      "80,                  80ps",
      "999,                 999ps",
      "1000,                1ns",
      "1001,                1.001ns",
      "120000,              120ns",
      "1000000000000,       1s",
      "500000000000,        500ms",
      "1500000000000,       1.5s",
      "1000001000000,       1.000001s",
      "1000000100000,       1000.0001ms",
      "1000000000001,       1000000.000001us",
      "1000000001,          1000.000001us",
      "9223372036854775807, 9223372036854.775807us",
    })
    void printsLargestUnitWithAtMostSixDecimals(long picos, String text) {
      assertThat(SimTime.picos(picos)).hasToString(text);
    }

    @Test
    void printedFormRoundTripsThroughParseForRandomValues() {
      Random random = new Random(42);
      long[] scales = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L};
      for (int i = 0; i < 20_000; i++) {
        long picos =
            switch (i % 3) {
              case 0 -> random.nextLong() & Long.MAX_VALUE;
              case 1 -> random.nextInt(1_000_000) * scales[random.nextInt(scales.length)];
              default -> (long) random.nextInt(Integer.MAX_VALUE);
            };
        SimTime time = SimTime.picos(picos);
        String text = time.toString();

        assertThat(SimTime.parse(text)).as("parse(\"%s\")", text).isEqualTo(time);
        assertThat(text).matches("(0|[1-9][0-9]*)(\\.[0-9]{0,5}[1-9])?(ps|ns|us|ms|s)");
      }
    }
  }

  @Nested
  class Arithmetic {

    @Test
    void plusAddsAndDetectsOverflow() {
      assertThat(SimTime.micros(2).plus(SimTime.nanos(500))).isEqualTo(SimTime.nanos(2500));
      assertThatThrownBy(() -> SimTime.MAX.plus(SimTime.picos(1)))
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void minusGivesDurationBetweenTimes() {
      assertThat(SimTime.micros(3).minus(SimTime.micros(1))).isEqualTo(SimTime.micros(2));
      assertThat(SimTime.micros(3).minus(SimTime.micros(3))).isEqualTo(SimTime.ZERO);
    }

    @Test
    void minusRejectsNegativeResultWithExactMessage() {
      assertThatThrownBy(() -> SimTime.micros(1).minus(SimTime.micros(2)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot subtract 2us from 1us; the result would be negative");
    }

    @Test
    void timesMultipliesAndDetectsOverflow() {
      assertThat(SimTime.nanos(120).times(3)).isEqualTo(SimTime.nanos(360));
      assertThat(SimTime.nanos(120).times(0)).isEqualTo(SimTime.ZERO);
      assertThatThrownBy(() -> SimTime.seconds(1).times(10_000_000))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> SimTime.seconds(1).times(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("factor must be >= 0 but was -1");
    }

    @Test
    void dividedByRoundsDownToWholePicosecond() {
      assertThat(SimTime.micros(3).dividedBy(2)).isEqualTo(SimTime.nanos(1500));
      assertThat(SimTime.picos(10).dividedBy(3)).isEqualTo(SimTime.picos(3));
      assertThatThrownBy(() -> SimTime.micros(3).dividedBy(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("divisor must be > 0 but was 0");
    }

    @Test
    void isBeforeAndIsAfterAreStrict() {
      SimTime early = SimTime.micros(1);
      SimTime late = SimTime.micros(2);

      assertThat(early.isBefore(late)).isTrue();
      assertThat(late.isBefore(early)).isFalse();
      assertThat(early.isBefore(early)).isFalse();
      assertThat(late.isAfter(early)).isTrue();
      assertThat(early.isAfter(late)).isFalse();
      assertThat(late.isAfter(late)).isFalse();
    }

    @Test
    void minAndMaxPickEarlierAndLater() {
      SimTime early = SimTime.micros(1);
      SimTime late = SimTime.micros(2);

      assertThat(SimTime.min(early, late)).isSameAs(early);
      assertThat(SimTime.min(late, early)).isSameAs(early);
      assertThat(SimTime.max(early, late)).isSameAs(late);
      assertThat(SimTime.max(late, early)).isSameAs(late);
    }

    @Test
    void minAndMaxReturnFirstArgumentOnTie() {
      SimTime a = SimTime.micros(1);
      SimTime b = SimTime.nanos(1000);

      assertThat(SimTime.min(a, b)).isSameAs(a);
      assertThat(SimTime.max(a, b)).isSameAs(a);
    }

    @Test
    void convertsToFractionalUnits() {
      SimTime time = SimTime.parse("1.5us");

      assertThat(time.toNanos()).isEqualTo(1500.0);
      assertThat(time.toMicros()).isEqualTo(1.5);
      assertThat(time.toSeconds()).isEqualTo(1.5e-6);
      assertThat(SimTime.picos(80).toNanos()).isEqualTo(0.08);
    }

    @Test
    void ratioToComparesDurations() {
      assertThat(SimTime.micros(3).ratioTo(SimTime.micros(2))).isEqualTo(1.5);
      assertThat(SimTime.ZERO.ratioTo(SimTime.micros(2))).isZero();
    }

    @Test
    void ratioToZeroDurationThrows() {
      assertThatThrownBy(() -> SimTime.micros(3).ratioTo(SimTime.ZERO))
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("cannot compute the ratio of 3us to a zero duration");
    }

    @Test
    void rejectsNullArguments() {
      SimTime time = SimTime.micros(1);

      assertThatThrownBy(() -> time.plus(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> time.minus(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> time.isBefore(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> time.isAfter(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> time.ratioTo(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> SimTime.min(null, time)).hasMessage("a must not be null");
      assertThatThrownBy(() -> SimTime.max(time, null)).hasMessage("b must not be null");
    }
  }
}
