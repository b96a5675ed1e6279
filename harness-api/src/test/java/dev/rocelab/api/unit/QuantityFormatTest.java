package dev.rocelab.api.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.unit.QuantityFormat.Unit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuantityFormatTest {

  private static final QuantityFormat WIDGETS =
      new QuantityFormat(
          "a widget count",
          "widgets",
          "use w, kw (e.g. \"3kw\")",
          List.of(new Unit("w", 1), new Unit("kw", 1000)),
          List.of(new Unit("kw", 1000), new Unit("w", 1)),
          2);

  @ParameterizedTest(name = "{0} prints as \"{1}\"")
  @CsvSource({
    "0,    0w",
    "999,  999w",
    "1000, 1kw",
    "1250, 1.25kw",
    "1255, 1255w",
  })
  void printsLargestUnitWithinDecimalLimitElseBaseUnit(long value, String text) {
    assertThat(WIDGETS.format(value)).isEqualTo(text);
    assertThat(WIDGETS.parse(text)).isEqualTo(value);
  }

  @Test
  void messagesUseTheGivenNouns() {
    assertThatThrownBy(() -> WIDGETS.parse("3 gadgets"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"3 gadgets\" is not a widget count; use w, kw (e.g. \"3kw\")");
    assertThatThrownBy(() -> WIDGETS.parse("0.5w"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"0.5w\" is not a whole number of widgets");
  }

  @Test
  void formatInRequiresAtLeastOneUnit() {
    assertThat(QuantityFormat.formatIn(999, new Unit("kw", 1000), 3)).isEmpty();
    assertThat(QuantityFormat.formatIn(1000, new Unit("kw", 1000), 3)).contains("1kw");
  }

  @Test
  void rejectsDisplayUnitsThatCannotBeParsedBack() {
    assertThatThrownBy(
            () ->
                new QuantityFormat(
                    "a widget count",
                    "widgets",
                    "",
                    List.of(new Unit("w", 1)),
                    List.of(new Unit("kw", 1000), new Unit("w", 1)),
                    2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("display unit kw is not a parse unit");
  }

  @Test
  void rejectsDisplayUnitsWithoutBaseUnit() {
    assertThatThrownBy(
            () ->
                new QuantityFormat(
                    "a widget count",
                    "widgets",
                    "",
                    List.of(new Unit("w", 1), new Unit("kw", 1000)),
                    List.of(new Unit("kw", 1000)),
                    2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("display units must end with the base unit");
  }

  @Test
  void rejectsDuplicateSymbols() {
    assertThatThrownBy(
            () ->
                new QuantityFormat(
                    "a widget count",
                    "widgets",
                    "",
                    List.of(new Unit("w", 1), new Unit("w", 1)),
                    List.of(new Unit("w", 1)),
                    2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate unit symbol w");
  }
}
