package dev.rocelab.api.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RateTest {

  private static final String USAGE =
      "; use bps, Kbps, Mbps, Gbps, Tbps, or bytes per second: B/s, KB/s, MB/s, GB/s, TB/s (e.g. \"400Gbps\", \"48GB/s\")";

  @Nested
  class Construction {

    @Test
    void factoriesUseSiPrefixes() {
      assertThat(Rate.bps(800).bitsPerSecond()).isEqualTo(800L);
      assertThat(Rate.kbps(5).bitsPerSecond()).isEqualTo(5_000L);
      assertThat(Rate.mbps(5).bitsPerSecond()).isEqualTo(5_000_000L);
      assertThat(Rate.gbps(400).bitsPerSecond()).isEqualTo(400_000_000_000L);
      assertThat(Rate.tbps(2).bitsPerSecond()).isEqualTo(2_000_000_000_000L);
    }

    @Test
    void acceptsZeroRateForPausedLink() {
      assertThat(Rate.bps(0)).isEqualTo(new Rate(0)).hasToString("0bps");
    }

    @Test
    void rejectsNegativeRateWithExactMessage() {
      assertThatThrownBy(() -> new Rate(-5))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("bitsPerSecond must be >= 0 but was -5");
      assertThatThrownBy(() -> Rate.gbps(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("bitsPerSecond must be >= 0 but was -1000000000");
    }

    @Test
    void factoryOverflowThrowsArithmeticException() {
      assertThatThrownBy(() -> Rate.tbps(Long.MAX_VALUE / 1_000_000_000_000L + 1))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> Rate.kbps(Long.MAX_VALUE)).isInstanceOf(ArithmeticException.class);
      assertThat(Rate.tbps(Long.MAX_VALUE / 1_000_000_000_000L).bitsPerSecond())
          .isEqualTo(9_223_372_000_000_000_000L);
    }

    @Test
    void equalsAndHashCodeAreByValue() {
      assertThat(Rate.gbps(400))
          .isEqualTo(Rate.mbps(400_000))
          .hasSameHashCodeAs(Rate.mbps(400_000));
      assertThat(Rate.gbps(400)).isNotEqualTo(Rate.gbps(100));
    }

    @Test
    void ordersBySpeed() {
      assertThat(Rate.gbps(100)).isLessThan(Rate.gbps(400)).isGreaterThan(Rate.mbps(99_999));
      assertThat(Rate.gbps(1).compareTo(Rate.mbps(1000))).isZero();
    }
  }

  @Nested
  class Parsing {

    @ParameterizedTest(name = "\"{0}\" is {1} bps")
    @CsvSource(
        delimiter = '|',
        value = {
          "400Gbps    | 400000000000",
          "400G       | 400000000000",
          "400Gb/s    | 400000000000",
          "25Gb/s     | 25000000000",
          "100 Mbps   | 100000000",
          "1.6Tbps    | 1600000000000",
          "1.6T       | 1600000000000",
          "5Mb/s      | 5000000",
          "5M         | 5000000",
          "800bps     | 800",
          "800b/s     | 800",
          "10Kbps     | 10000",
          "10kbps     | 10000",
          "10kb/s     | 10000",
          "10K        | 10000",
          "10k        | 10000",
          "1Tb/s      | 1000000000000",
          "0bps       | 0",
          "0.000Gbps  | 0",
          "2.5Gbps    | 2500000000",
          "0.001Kbps  | 1",
          "007Gbps    | 7000000000",
          "9223372036854775807bps | 9223372036854775807",
          "9223372.036854775807Tbps | 9223372036854775807",
          "48GB/s     | 384000000000",
          "46.5GB/s   | 372000000000",
          "1.25MB/s   | 10000000",
          "3kB/s      | 24000",
          "3KB/s      | 24000",
          "2TB/s      | 16000000000000",
          "125B/s     | 1000",
        })
    void parsesRatesInEveryUnit(String text, long bitsPerSecond) {
      assertThat(Rate.parse(text)).isEqualTo(Rate.bps(bitsPerSecond));
    }

    @Test
    void parsesDecimalGigabits() {
      assertThat(Rate.parse("1.6Tbps")).isEqualTo(Rate.gbps(1600));
      assertThat(Rate.parse("12.5Gbps")).isEqualTo(Rate.mbps(12_500));
    }

    @ParameterizedTest
    @ValueSource(strings = {" 400Gbps", "400Gbps ", "\t400Gbps\n", "  400 Gbps  "})
    void ignoresSurroundingWhitespace(String text) {
      assertThat(Rate.parse(text)).isEqualTo(Rate.gbps(400));
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "400Gbs",
          "400GBps",
          "48GiB/s",
          "48Gb",
          "400gbps",
          "400Gbit/s",
          "400",
          "Gbps",
          "",
          "   ",
          "-5Gbps",
          "+5Gbps",
          "400  Gbps",
          "400\tGbps",
          "4e2Gbps",
          ".5Gbps",
          "5.Gbps",
          "1,5Gbps",
          "400 G bps",
          "400Gbps/s",
          "400Bps",
          "400Pbps",
          "400 bps extra",
          "400mbps",
          "400gbps",
          "400 Kb",
          "NaNbps",
          "0x10Gbps",
        })
    void rejectsAnythingThatIsNotARateWithExactMessage(String text) {
      assertThatThrownBy(() -> Rate.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a rate" + USAGE);
    }

    @Test
    void rejectsUnknownUnitWithExactMessage() {
      assertThatThrownBy(() -> Rate.parse("400Gbs"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\"400Gbs\" is not a rate; use bps, Kbps, Mbps, Gbps, Tbps, or bytes per second: B/s, KB/s, MB/s, GB/s, TB/s (e.g. \"400Gbps\", \"48GB/s\")");
    }

    @Test
    void rejectsNegativeRateTextWithNotARateMessage() {
      assertThatThrownBy(() -> Rate.parse("-5Gbps"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"-5Gbps\" is not a rate" + USAGE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5bps", "0.0001Kbps", "1.0000000001Gbps", "1.0000000000001Tbps"})
    void rejectsFractionalBitsPerSecondWithExactMessage(String text) {
      assertThatThrownBy(() -> Rate.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a whole number of bits per second");
    }

    @ParameterizedTest
    @ValueSource(
        strings = {"9223372036854775808bps", "9223373Tbps", "99999999999999999999999999Gbps"})
    void rejectsRatesBeyondLongRangeWithExactMessage(String text) {
      assertThatThrownBy(() -> Rate.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\""
                  + text
                  + "\" is too large for a rate; "
                  + "the maximum is 9223372036854775807 bits per second");
    }

    @Test
    void rejectsNullText() {
      assertThatThrownBy(() -> Rate.parse(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("text must not be null");
    }
  }

  @Nested
  class Printing {

    @ParameterizedTest(name = "{0} bps prints as \"{1}\"")
    @CsvSource({
      "400000000000,      400Gbps",
      "1600000000000,     1.6Tbps",
      "800000000000,      800Gbps",
      "1000000000000,     1Tbps",
      "25000000000,       25Gbps",
      "5000000,           5Mbps",
      "1500,              1.5Kbps",
      "1000,              1Kbps",
      "999,               999bps",
      "1,                 1bps",
      "0,                 0bps",
      "1000001,           1.000001Mbps",
      "1234567891,        1.234567891Gbps",
      "9223372036854775807, 9223372.036854775807Tbps",
    })
    void printsShortestExactFormInLargestUnit(long bitsPerSecond, String text) {
      assertThat(Rate.bps(bitsPerSecond)).hasToString(text);
    }

    @Test
    void printedFormRoundTripsThroughParseForRandomValues() {
      Random random = new Random(42);
      long[] scales = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L};
      for (int i = 0; i < 20_000; i++) {
        long bitsPerSecond =
            switch (i % 3) {
              case 0 -> random.nextLong() & Long.MAX_VALUE;
              case 1 -> random.nextInt(1_000_000) * scales[random.nextInt(scales.length)];
              default -> (long) random.nextInt(100_000);
            };
        Rate rate = Rate.bps(bitsPerSecond);
        String text = rate.toString();

        assertThat(Rate.parse(text)).as("parse(\"%s\")", text).isEqualTo(rate);
        assertThat(text).matches("(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?(bps|Kbps|Mbps|Gbps|Tbps)");
      }
    }
  }

  @Nested
  class Serialization {

    @ParameterizedTest(name = "{0} takes {1}ps per byte")
    @CsvSource({
      "100Gbps, 80",
      "400Gbps, 20",
      "800Gbps, 10",
      "25Gbps,  320",
      "1Gbps,   8000",
      "8Tbps,   1",
    })
    void picosPerByteIsExactForCommonLinkSpeeds(String rate, long picosPerByte) {
      assertThat(Rate.parse(rate).picosPerByte()).isEqualTo(picosPerByte);
      assertThat(Rate.parse(rate).picosPerByteExact()).isEqualTo((double) picosPerByte);
    }

    @Test
    void picosPerByteRoundsDown() {
      // 8e12 / 3e9 = 2666.67
      assertThat(Rate.gbps(3).picosPerByte()).isEqualTo(2666L);
      assertThat(Rate.gbps(3).picosPerByteExact()).isCloseTo(2666.6667, within(1e-4));
      assertThat(Rate.tbps(9).picosPerByte()).isZero();
    }

    @Test
    void picosPerByteOfZeroRateIsUndefined() {
      assertThatThrownBy(() -> Rate.bps(0).picosPerByte())
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("a zero rate never sends a byte; picosPerByte() is undefined");
      assertThat(Rate.bps(0).picosPerByteExact()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void timeToSendMultipliesSizeByByteTime() {
      assertThat(Rate.gbps(100).timeToSend(DataSize.bytes(1500))).isEqualTo(SimTime.nanos(120));
      assertThat(Rate.gbps(400).timeToSend(DataSize.kib(4))).isEqualTo(SimTime.picos(4096 * 20));
      assertThat(Rate.gbps(800).timeToSend(DataSize.mib(8))).isEqualTo(SimTime.parse("83.88608us"));
    }

    @Test
    void timeToSendRoundsUpToWholePicosecond() {
      // 1 byte at 3 Gbps is 2666.67 ps: the last bit leaves during picosecond 2667
      assertThat(Rate.gbps(3).timeToSend(DataSize.bytes(1))).isEqualTo(SimTime.picos(2667));
      assertThat(Rate.gbps(3).timeToSend(DataSize.bytes(3))).isEqualTo(SimTime.picos(8000));
    }

    @Test
    void timeToSendDoesNotOverflowForLargeIntermediateProducts() {
      // bytes * 8e12 overflows a long long before the result does
      assertThat(Rate.gbps(400).timeToSend(DataSize.gib(1))).isEqualTo(SimTime.picos(20L << 30));
    }

    @Test
    void timeToSendNothingIsZeroEvenAtZeroRate() {
      assertThat(Rate.gbps(400).timeToSend(DataSize.ZERO)).isEqualTo(SimTime.ZERO);
      assertThat(Rate.bps(0).timeToSend(DataSize.ZERO)).isEqualTo(SimTime.ZERO);
    }

    @Test
    void timeToSendAtZeroRateThrows() {
      assertThatThrownBy(() -> Rate.bps(0).timeToSend(DataSize.bytes(1500)))
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("a zero rate never sends 1500B");
    }

    @Test
    void timeToSendBeyondSimTimeMaxThrows() {
      assertThatThrownBy(() -> Rate.bps(1).timeToSend(DataSize.gib(1)))
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("time to send 1GiB at 1bps exceeds SimTime.MAX");
    }

    @Test
    void bytesInRoundsDownToWholeBytes() {
      assertThat(Rate.gbps(100).bytesIn(SimTime.micros(1))).isEqualTo(12_500L);
      assertThat(Rate.gbps(100).bytesIn(SimTime.picos(79))).isZero();
      assertThat(Rate.gbps(100).bytesIn(SimTime.picos(80))).isEqualTo(1L);
      assertThat(Rate.gbps(100).bytesIn(SimTime.picos(159))).isEqualTo(1L);
      assertThat(Rate.bps(0).bytesIn(SimTime.seconds(1))).isZero();
      assertThat(Rate.gbps(400).bytesIn(SimTime.ZERO)).isZero();
    }

    @Test
    void bytesInIsInverseOfTimeToSend() {
      Random random = new Random(42);
      for (int i = 0; i < 2_000; i++) {
        Rate rate = Rate.mbps(1 + random.nextInt(1_600_000));
        DataSize size = DataSize.bytes(random.nextInt(10_000_000));
        SimTime time = rate.timeToSend(size);

        assertThat(rate.bytesIn(time)).as("bytes in %s at %s", time, rate).isEqualTo(size.bytes());
      }
    }

    @Test
    void bytesInOverflowThrows() {
      assertThatThrownBy(() -> Rate.bps(Long.MAX_VALUE).bytesIn(SimTime.MAX))
          .isInstanceOf(ArithmeticException.class)
          .hasMessageContaining("overflow a long");
    }

    @Test
    void averageIsExactWhereTheProductOverflowsALong() {
      // a lone flow delivering 92.6 Gbps, sampled every 100 us: 1.1575 MB, whose picobits
      // (bytes × 8e12) pass Long.MAX_VALUE
      assertThat(Rate.average(DataSize.bytes(1_157_500), SimTime.micros(100)))
          .isEqualTo(Rate.mbps(92_600));
      assertThat(Rate.average(DataSize.mb(12_500), SimTime.seconds(1))).isEqualTo(Rate.gbps(100));
      assertThat(Rate.average(DataSize.ZERO, SimTime.micros(10))).isEqualTo(Rate.bps(0));
    }

    @Test
    void averageRoundsDownAndInvertsBytesIn() {
      assertThat(Rate.average(DataSize.bytes(1), SimTime.picos(3)))
          .isEqualTo(Rate.bps(2_666_666_666_666L));
      Random random = new Random(7);
      for (int i = 0; i < 2_000; i++) {
        Rate rate = Rate.mbps(1 + random.nextInt(1_600_000));
        SimTime time = SimTime.nanos(1 + random.nextInt(10_000_000));
        Rate average = Rate.average(DataSize.bytes(rate.bytesIn(time)), time);

        assertThat(average).as("average of %s over %s", rate, time).isLessThanOrEqualTo(rate);
        assertThat(rate.bytesIn(time) - average.bytesIn(time))
            .as("bytes lost rounding")
            .isBetween(0L, 1L);
      }
    }

    @Test
    void averageOverNoTimeOrBeyondALongThrows() {
      assertThatThrownBy(() -> Rate.average(DataSize.bytes(1), SimTime.ZERO))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("time must be > 0 to average 1B over it");
      assertThatThrownBy(() -> Rate.average(DataSize.bytes(Long.MAX_VALUE), SimTime.picos(1)))
          .isInstanceOf(ArithmeticException.class)
          .hasMessageContaining("overflows a long number of bits per second");
    }

    @Test
    void rejectsNullArguments() {
      assertThatThrownBy(() -> Rate.average(null, SimTime.micros(1)))
          .hasMessage("size must not be null");
      assertThatThrownBy(() -> Rate.average(DataSize.ZERO, null))
          .hasMessage("time must not be null");
      assertThatThrownBy(() -> Rate.gbps(1).timeToSend(null)).hasMessage("size must not be null");
      assertThatThrownBy(() -> Rate.gbps(1).bytesIn(null)).hasMessage("time must not be null");
      assertThatThrownBy(() -> Rate.gbps(1).plus(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> Rate.gbps(1).fractionOf(null)).hasMessage("whole must not be null");
    }
  }

  @Nested
  class Arithmetic {

    @Test
    void timesScalesExactlyForDecimalFactors() {
      assertThat(Rate.gbps(100).times(0.9)).isEqualTo(Rate.gbps(90));
      assertThat(Rate.gbps(400).times(0.1)).isEqualTo(Rate.gbps(40));
      assertThat(Rate.gbps(100).times(1.5)).isEqualTo(Rate.gbps(150));
      assertThat(Rate.gbps(100).times(0)).isEqualTo(Rate.bps(0));
    }

    @Test
    void timesRoundsHalfUpToWholeBitPerSecond() {
      assertThat(Rate.bps(1).times(0.5)).isEqualTo(Rate.bps(1));
      assertThat(Rate.bps(1).times(0.49)).isEqualTo(Rate.bps(0));
      assertThat(Rate.bps(3).times(1.0 / 3)).isEqualTo(Rate.bps(1));
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void timesRejectsNegativeOrNonFiniteFactor(double factor) {
      assertThatThrownBy(() -> Rate.gbps(1).times(factor))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("factor must be finite and >= 0 but was " + factor);
    }

    @Test
    void timesOverflowThrows() {
      assertThatThrownBy(() -> Rate.tbps(9_000_000).times(2.0))
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("9000000Tbps times 2.0 overflows a long");
    }

    @Test
    void plusAddsAndDetectsOverflow() {
      assertThat(Rate.gbps(100).plus(Rate.mbps(500))).isEqualTo(Rate.mbps(100_500));
      assertThatThrownBy(() -> Rate.bps(Long.MAX_VALUE).plus(Rate.bps(1)))
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void fractionOfGivesShareOfLink() {
      assertThat(Rate.gbps(100).fractionOf(Rate.gbps(400))).isEqualTo(0.25);
      assertThat(Rate.gbps(400).fractionOf(Rate.gbps(400))).isEqualTo(1.0);
      assertThat(Rate.gbps(800).fractionOf(Rate.gbps(400))).isEqualTo(2.0);
      assertThat(Rate.bps(0).fractionOf(Rate.gbps(400))).isZero();
    }

    @Test
    void fractionOfZeroRateThrows() {
      assertThatThrownBy(() -> Rate.gbps(1).fractionOf(Rate.bps(0)))
          .isInstanceOf(ArithmeticException.class)
          .hasMessage("cannot compute a fraction of a zero rate");
    }

    @Test
    void convertsToGigabitsAndBytesPerSecond() {
      assertThat(Rate.gbps(400).gigabitsPerSecond()).isEqualTo(400.0);
      assertThat(Rate.parse("2.5Gbps").gigabitsPerSecond()).isEqualTo(2.5);
      assertThat(Rate.gbps(100).bytesPerSecond()).isEqualTo(12.5e9);
      assertThat(Rate.bps(4).bytesPerSecond()).isEqualTo(0.5);
    }
  }
}
