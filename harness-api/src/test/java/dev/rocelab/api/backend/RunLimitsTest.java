package dev.rocelab.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.unit.DataSize;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The run limits come from system properties, with defaults, and a bad setting is an error naming
 * the property.
 */
class RunLimitsTest {

  private static final String SERIES = "rocelab.limits.seriesMemory";
  private static final String WALL = "rocelab.limits.wallClock";

  @AfterEach
  void clear() {
    System.clearProperty(SERIES);
    System.clearProperty(WALL);
    System.clearProperty(RunLimits.PROGRESS);
  }

  @Test
  void defaultsWhenUnset() {
    assertThat(RunLimits.seriesMemory()).isEqualTo(DataSize.mib(64));
    assertThat(RunLimits.wallClock()).isEqualTo(Duration.ofMinutes(10));
    assertThat(RunLimits.progressEvery()).contains(Duration.ofSeconds(5));
  }

  @Test
  void sizesAndDurationsAreReadInTheUsualUnits() {
    assertThat(with(SERIES, "256MiB", RunLimits::seriesMemory)).isEqualTo(DataSize.mib(256));
    assertThat(with(WALL, "90s", RunLimits::wallClock)).isEqualTo(Duration.ofSeconds(90));
    assertThat(with(WALL, "1.5ms", RunLimits::wallClock)).isEqualTo(Duration.ofNanos(1_500_000));
    assertThat(with(WALL, "30m", RunLimits::wallClock)).isEqualTo(Duration.ofMinutes(30));
    assertThat(with(WALL, "45 min", RunLimits::wallClock)).isEqualTo(Duration.ofMinutes(45));
    assertThat(with(WALL, "2h", RunLimits::wallClock)).isEqualTo(Duration.ofHours(2));
    assertThat(with(WALL, "PT20M", RunLimits::wallClock)).isEqualTo(Duration.ofMinutes(20));
    Optional<Duration> off = with(RunLimits.PROGRESS, "off", RunLimits::progressEvery);
    assertThat(off).isEmpty();
    assertThat(RunLimits.progressEvery("250ms")).contains(Duration.ofMillis(250));
  }

  @Test
  void aBadSettingNamesItsPropertyAndWhatWouldDo() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> with(SERIES, "lots", RunLimits::seriesMemory))
        .withMessageStartingWith("system property rocelab.limits.seriesMemory: ");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> with(SERIES, "0B", RunLimits::seriesMemory))
        .withMessage("system property rocelab.limits.seriesMemory must be more than 0B");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> with(WALL, "10 minutes", RunLimits::wallClock))
        .withMessageStartingWith("system property rocelab.limits.wallClock: ")
        .withMessageEndingWith(" (e.g. 600s, 10m, 2h or PT10M)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> with(WALL, "0s", RunLimits::wallClock))
        .withMessage("system property rocelab.limits.wallClock must be more than 0s but was 0s");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> RunLimits.progressEvery("sometimes"))
        .withMessageStartingWith("system property rocelab.progress: ");
  }

  private static <T> T with(String property, String value, Supplier<T> read) {
    System.setProperty(property, value);
    return read.get();
  }
}
