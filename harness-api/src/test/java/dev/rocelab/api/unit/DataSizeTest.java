package dev.rocelab.api.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataSizeTest {

  private static final String USAGE = "; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")";

  @Nested
  class Construction {

    @Test
    void factoriesDistinguishBinaryAndDecimalUnits() {
      assertThat(DataSize.bytes(9216).bytes()).isEqualTo(9216L);
      assertThat(DataSize.kib(1).bytes()).isEqualTo(1024L);
      assertThat(DataSize.mib(1).bytes()).isEqualTo(1_048_576L);
      assertThat(DataSize.gib(1).bytes()).isEqualTo(1_073_741_824L);
      assertThat(DataSize.kb(1).bytes()).isEqualTo(1_000L);
      assertThat(DataSize.mb(1).bytes()).isEqualTo(1_000_000L);
      assertThat(DataSize.gb(1).bytes()).isEqualTo(1_000_000_000L);
    }

    @Test
    void zeroConstantIsEmpty() {
      assertThat(DataSize.ZERO).isEqualTo(DataSize.bytes(0)).hasToString("0B");
    }

    @Test
    void rejectsNegativeSizeWithExactMessage() {
      assertThatThrownBy(() -> new DataSize(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("bytes must be >= 0 but was -1");
      assertThatThrownBy(() -> DataSize.kib(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("bytes must be >= 0 but was -1024");
    }

    @Test
    void factoryOverflowThrowsArithmeticException() {
      assertThatThrownBy(() -> DataSize.gib(Long.MAX_VALUE >> 29))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> DataSize.gb(Long.MAX_VALUE)).isInstanceOf(ArithmeticException.class);
      assertThat(DataSize.gib(Long.MAX_VALUE >> 30).bytes())
          .isEqualTo(Long.MAX_VALUE - ((1L << 30) - 1));
    }

    @Test
    void equalsHashCodeAndOrderAreByValue() {
      assertThat(DataSize.kib(1))
          .isEqualTo(DataSize.bytes(1024))
          .hasSameHashCodeAs(DataSize.bytes(1024));
      assertThat(DataSize.kb(1)).isNotEqualTo(DataSize.kib(1)).isLessThan(DataSize.kib(1));
      assertThat(DataSize.mib(1).compareTo(DataSize.kib(1024))).isZero();
    }
  }

  @Nested
  class Parsing {

    @ParameterizedTest(name = "\"{0}\" is {1} bytes")
    @CsvSource(
        delimiter = '|',
        value = {
          "16MiB      | 16777216",
          "9216B      | 9216",
          "160KB      | 160000",
          "1.5MiB     | 1572864",
          "16 MiB     | 16777216",
          "1KiB       | 1024",
          "2GiB       | 2147483648",
          "1TiB       | 1099511627776",
          "1MB        | 1000000",
          "3GB        | 3000000000",
          "2TB        | 2000000000000",
          "0B         | 0",
          "0.0MiB     | 0",
          "1.5KiB     | 1536",
          "0.5KiB     | 512",
          "1.5KB      | 1500",
          "0.001KB    | 1",
          "9223372036854775807B | 9223372036854775807",
        })
    void parsesSizesInEveryUnit(String text, long bytes) {
      assertThat(DataSize.parse(text)).isEqualTo(DataSize.bytes(bytes));
    }

    @ParameterizedTest
    @ValueSource(strings = {" 16MiB", "16MiB ", "\n16MiB\t", " 16 MiB "})
    void ignoresSurroundingWhitespace(String text) {
      assertThat(DataSize.parse(text)).isEqualTo(DataSize.mib(16));
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "64MBs", "16mib", "16MIB", "16Mib", "16M", "16", "MiB", "", " ", "-1B", "+1B", "16  MiB",
          "1e3B", ".5KiB", "5.KiB", "16 Mi B", "16b", "16kB", "16kiB", "1PiB", "1PB", "16 MiB!",
          "16bytes",
        })
    void rejectsAnythingThatIsNotASizeWithExactMessage(String text) {
      assertThatThrownBy(() -> DataSize.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a size" + USAGE);
    }

    @Test
    void rejectsUnknownUnitWithExactMessage() {
      assertThatThrownBy(() -> DataSize.parse("64MBs"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"64MBs\" is not a size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5B", "0.1KiB", "1.0001KB", "0.0000001MiB"})
    void rejectsFractionalBytesWithExactMessage(String text) {
      assertThatThrownBy(() -> DataSize.parse(text))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("\"" + text + "\" is not a whole number of bytes");
    }

    @Test
    void rejectsSizesBeyondLongRangeWithExactMessage() {
      assertThatThrownBy(() -> DataSize.parse("8388608TiB"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\"8388608TiB\" is too large for a size; the maximum is 9223372036854775807 bytes");
    }

    @Test
    void rejectsNullText() {
      assertThatThrownBy(() -> DataSize.parse(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("text must not be null");
    }
  }

  @Nested
  class Printing {

    @ParameterizedTest(name = "{0} bytes prints as \"{1}\"")
    @CsvSource({
      // largest exact unit; binary needs whole KiB and allows three decimals
      "16777216,       16MiB",
      "9216,           9KiB",
      "1024,           1KiB",
      "1572864,        1.5MiB",
      "1179648,        1.125MiB",
      "1114112,        1088KiB",
      "524288,         512KiB",
      "1073741824,     1GiB",
      "1342177280,     1.25GiB",
      "1099511627776,  1TiB",
      "1024000,        1000KiB",
      "4096000,        4000KiB",
      "1048576000,     1000MiB",
      "160000,         160KB",
      "9000,           9KB",
      "1000,           1KB",
      "1000000,        1MB",
      "12000000,       12MB",
      "3000000000,     3GB",
      "1000000000000,  1TB",
      "2000000000000,  2TB",
      "1024000000,     1024MB",
      "64000,          64KB",
      // otherwise a binary unit with at most three decimals
      "1536,           1.5KiB",
      "2560,           2.5KiB",
      "1152,           1.125KiB",
      // otherwise bytes
      "1500,           1500B",
      "1,              1B",
      "0,              0B",
      "1023,           1023B",
      "1025,           1025B",
      "9223372036854775807, 9223372036854775807B",
    })
    void printsPreferringExactBinaryUnits(long bytes, String text) {
      assertThat(DataSize.bytes(bytes)).hasToString(text);
    }

    @Test
    void printedFormRoundTripsThroughParseForRandomValues() {
      Random random = new Random(42);
      long[] scales = {
        1L, 1L << 10, 1L << 20, 1L << 30, 1L << 40, 1_000L, 1_000_000L, 1_000_000_000L
      };
      for (int i = 0; i < 20_000; i++) {
        long bytes =
            switch (i % 4) {
              case 0 -> random.nextLong() & Long.MAX_VALUE;
              case 1 -> random.nextInt(100_000) * scales[random.nextInt(scales.length)];
              case 2 -> (random.nextInt(8_000) * 128L) << (10 * random.nextInt(4));
              default -> (long) random.nextInt(100_000);
            };
        DataSize size = DataSize.bytes(bytes);
        String text = size.toString();

        assertThat(DataSize.parse(text)).as("parse(\"%s\")", text).isEqualTo(size);
        assertThat(text)
            .matches("(0|[1-9][0-9]*)(\\.[0-9]{0,2}[1-9])?(B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)");
      }
    }
  }

  @Nested
  class Arithmetic {

    @Test
    void plusAddsAndDetectsOverflow() {
      assertThat(DataSize.kib(1).plus(DataSize.bytes(512))).isEqualTo(DataSize.bytes(1536));
      assertThatThrownBy(() -> DataSize.bytes(Long.MAX_VALUE).plus(DataSize.bytes(1)))
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void minusSubtractsDownToZero() {
      assertThat(DataSize.kib(2).minus(DataSize.kib(1))).isEqualTo(DataSize.kib(1));
      assertThat(DataSize.kib(2).minus(DataSize.kib(2))).isEqualTo(DataSize.ZERO);
    }

    @Test
    void minusRejectsNegativeResultWithExactMessage() {
      assertThatThrownBy(() -> DataSize.kib(1).minus(DataSize.kib(2)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot subtract 2KiB from 1KiB; the result would be negative");
    }

    @Test
    void timesMultipliesAndDetectsOverflow() {
      assertThat(DataSize.kib(9).times(4)).isEqualTo(DataSize.kib(36));
      assertThat(DataSize.kib(9).times(0)).isEqualTo(DataSize.ZERO);
      assertThatThrownBy(() -> DataSize.gib(1).times(Long.MAX_VALUE))
          .isInstanceOf(ArithmeticException.class);
      assertThatThrownBy(() -> DataSize.gib(1).times(-2))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("factor must be >= 0 but was -2");
    }

    @Test
    void dividedByRoundsDown() {
      assertThat(DataSize.mib(16).dividedBy(4)).isEqualTo(DataSize.mib(4));
      assertThat(DataSize.bytes(1500).dividedBy(7)).isEqualTo(DataSize.bytes(214));
      assertThatThrownBy(() -> DataSize.mib(16).dividedBy(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("divisor must be > 0 but was 0");
      assertThatThrownBy(() -> DataSize.mib(16).dividedBy(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("divisor must be > 0 but was -1");
    }

    @Test
    void bitsAreEightPerByteAndOverflowIsDetected() {
      assertThat(DataSize.bytes(1500).bits()).isEqualTo(12_000L);
      assertThat(DataSize.ZERO.bits()).isZero();
      assertThatThrownBy(() -> DataSize.bytes(Long.MAX_VALUE / 8 + 1).bits())
          .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void kibibytesIsFractional() {
      assertThat(DataSize.bytes(1536).kibibytes()).isEqualTo(1.5);
      assertThat(DataSize.mib(1).kibibytes()).isEqualTo(1024.0);
    }

    @Test
    void isGreaterThanIsStrict() {
      assertThat(DataSize.kib(1).isGreaterThan(DataSize.kb(1))).isTrue();
      assertThat(DataSize.kb(1).isGreaterThan(DataSize.kib(1))).isFalse();
      assertThat(DataSize.kib(1).isGreaterThan(DataSize.bytes(1024))).isFalse();
    }

    @Test
    void rejectsNullArguments() {
      assertThatThrownBy(() -> DataSize.ZERO.plus(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> DataSize.ZERO.minus(null)).hasMessage("other must not be null");
      assertThatThrownBy(() -> DataSize.ZERO.isGreaterThan(null))
          .hasMessage("other must not be null");
    }
  }
}
