package dev.rocelab.api.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LengthTest {

  private static final String USAGE = "; use mm, cm, m, km (e.g. \"5m\")";

  @Nested
  class Construction {

    @Test
    void factoriesScaleToMillimeters() {
      assertThat(Length.millimeters(500).millimeters()).isEqualTo(500L);
      assertThat(Length.centimeters(30).millimeters()).isEqualTo(300L);
      assertThat(Length.meters(5).millimeters()).isEqualTo(5_000L);
      assertThat(Length.kilometers(2).millimeters()).isEqualTo(2_000_000L);
    }

    @Test
    void rejectsNegativeLengthWithExactMessage() {
      assertThatThrownBy(() -> new Length(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("millimeters must be >= 0 but was -1");
      assertThatThrownBy(() -> Length.meters(-2))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("millimeters must be >= 0 but was -2000");
    }

    @Test
    void factoryOverflowThrowsArithmeticException() {
      assertThatThrownBy(() -> Length.kilometers(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> Length.meters(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> Length.centimeters(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void equalsHashCodeAndOrderAreByValue() {
      assertThat(Length.meters(5))
          .isEqualTo(Length.centimeters(500))
          .hasSameHashCodeAs(Length.centimeters(500));
      assertThat(Length.meters(5)).isNotEqualTo(Length.meters(3)).isGreaterThan(Length.meters(3));
      assertThat(Length.kilometers(1).compareTo(Length.meters(1000))).isZero();
    }
  }

  @Nested
  class Parsing {

    @ParameterizedTest(name = "\"{0}\" is {1} mm")
    @CsvSource(
        delimiter = '|',
        value = {
          "5m      | 5000",
          "30cm    | 300",
          "1.5m    | 1500",
          "2km     | 2000000",
          "500mm   | 500",
          "5 m     | 5000",
          "0m      | 0",
          "0.001m  | 1",
          "1.5cm   | 15",
          "0.25km  | 250000",
          "9223372036854775807mm | 9223372036854775807",
        })
    void parsesLengthsInEveryUnit(String text, long millimeters) {
      assertThat(Length.parse(text)).isEqualTo(Length.millimeters(millimeters));
    }

    @ParameterizedTest
    @ValueSource(strings = {" 5m", "5m ", "\t5m\n", " 5 m "})
    void ignoresSurroundingWhitespace(String text) {
      assertThat(Length.parse(text)).isEqualTo(Length.meters(5));
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "5meters", "5M", "5Km", "5KM", "5", "m", "", " ", "-5m", "+5m", "5  m", "5e3mm", ".5m",
          "5.m", "5ft", "5in", "5 m m", "5mi", "5dm",
        })
    void rejectsAnythingThatIsNotALengthWithExactMessage(String text) {
      assertThatThrownBy(() -> Length.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a length" + USAGE);
    }

    @Test
    void rejectsUnknownUnitWithExactMessage() {
      assertThatThrownBy(() -> Length.parse("5meters"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"5meters\" is not a length; use mm, cm, m, km (e.g. \"5m\")");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5mm", "1.0005m", "0.05cm"})
    void rejectsFractionalMillimetersWithExactMessage(String text) {
      assertThatThrownBy(() -> Length.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a whole number of millimeters");
    }

    @Test
    void rejectsLengthsBeyondLongRangeWithExactMessage() {
      assertThatThrownBy(() -> Length.parse("9223372036854776km"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\"9223372036854776km\" is too large for a length; "
                  + "the maximum is 9223372036854775807 millimeters");
    }

    @Test
    void rejectsNullText() {
      assertThatThrownBy(() -> Length.parse(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("text must not be null");
    }
  }

  @Nested
  class Printing {

    @ParameterizedTest(name = "{0} mm prints as \"{1}\"")
    @CsvSource({
      "5000,    5m",
      "1500,    1.5m",
      "300,     30cm",
      "2000000, 2km",
      "500,     50cm",
      "5,       5mm",
      "15,      1.5cm",
      "1005,    1.005m",
      "1234567, 1234.567m",
      "1500000, 1.5km",
      "1234000, 1.234km",
      "0,       0mm",
      "1,       1mm",
    })
    void printsLargestUnitWithAtMostThreeDecimals(long millimeters, String text) {
      assertThat(Length.millimeters(millimeters)).hasToString(text);
    }

    @Test
    void printedFormRoundTripsThroughParseForRandomValues() {
      Random random = new Random(42);
      long[] scales = {1L, 10L, 1_000L, 1_000_000L};
      for (int i = 0; i < 20_000; i++) {
        long millimeters =
            switch (i % 3) {
              case 0 -> random.nextLong() & Long.MAX_VALUE;
              case 1 -> random.nextInt(100_000) * scales[random.nextInt(scales.length)];
              default -> (long) random.nextInt(10_000);
            };
        Length length = Length.millimeters(millimeters);
        String text = length.toString();

        assertThat(Length.parse(text)).as("parse(\"%s\")", text).isEqualTo(length);
        assertThat(text).matches("(0|[1-9][0-9]*)(\\.[0-9]{0,2}[1-9])?(mm|cm|m|km)");
      }
    }
  }

  @Nested
  class Physics {

    @Test
    void propagationDelayIsFiveNanosecondsPerMeter() {
      assertThat(Length.meters(5).propagationDelay()).isEqualTo(SimTime.nanos(25));
      assertThat(Length.meters(1).propagationDelay()).isEqualTo(SimTime.nanos(5));
      assertThat(Length.kilometers(1).propagationDelay()).isEqualTo(SimTime.micros(5));
      assertThat(Length.millimeters(1).propagationDelay()).isEqualTo(SimTime.picos(5));
      assertThat(Length.millimeters(0).propagationDelay()).isEqualTo(SimTime.ZERO);
    }

    @Test
    void propagationDelayOverflowThrows() {
      assertThatThrownBy(() -> Length.millimeters(Long.MAX_VALUE).propagationDelay())
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void metersIsFractional() {
      assertThat(Length.parse("1.5m").meters()).isEqualTo(1.5);
      assertThat(Length.centimeters(30).meters()).isEqualTo(0.3);
      assertThat(Length.kilometers(2).meters()).isEqualTo(2000.0);
    }
  }
}
