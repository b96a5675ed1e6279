package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * How much one run may take, whatever its scenario asks: the memory its time series may hold, and
 * the real time it may run. A run that reaches its series budget keeps going at a coarser
 * resolution (see {@link dev.rocelab.api.result.TimeSeries}); one that reaches its wall-clock
 * budget stops with {@link dev.rocelab.api.result.StopReason#WALL_CLOCK_LIMIT}, keeping what it
 * measured so far. Each can be changed with a system property, e.g. {@code
 * -Drocelab.limits.wallClock=30m} (for the command line, in {@code ROCELAB_JAVA_OPTS}). A run that
 * goes on for long reports its progress every {@link #progressEvery()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RunLimits {

  /** Series memory per run by default ({@code rocelab.limits.seriesMemory}). */
  public static final DataSize DEFAULT_SERIES_MEMORY = DataSize.mib(64);

  /** Real time per run by default ({@code rocelab.limits.wallClock}). */
  public static final Duration DEFAULT_WALL_CLOCK = Duration.ofMinutes(10);

  private static final String SERIES_MEMORY = "rocelab.limits.seriesMemory";
  private static final String WALL_CLOCK = "rocelab.limits.wallClock";

  /**
   * The property that sets how often a long run reports progress; a JUnit configuration parameter
   * too.
   */
  public static final String PROGRESS = "rocelab.progress";

  /** How often a long run reports progress by default ({@code rocelab.progress}). */
  public static final String DEFAULT_PROGRESS = "5s";

  private static final Pattern MINUTES_OR_HOURS = Pattern.compile("(\\d{1,9}) ?(m|min|h)");

  private RunLimits() {}

  /**
   * @return the memory a run's time series may take, from {@code rocelab.limits.seriesMemory} (e.g.
   *     {@code 256MiB})
   * @throws IllegalArgumentException if the property is set to something that is not a positive
   *     size
   */
  public static DataSize seriesMemory() {
    String text = System.getProperty(SERIES_MEMORY);
    if (text == null) {
      return DEFAULT_SERIES_MEMORY;
    }
    DataSize size;
    try {
      size = DataSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "system property " + SERIES_MEMORY + ": " + e.getMessage(), e);
    }
    if (size.bytes() == 0) {
      throw new IllegalArgumentException(
          "system property " + SERIES_MEMORY + " must be more than 0B");
    }
    return size;
  }

  /**
   * @return the real time a run may take, from {@code rocelab.limits.wallClock}: a duration such as
   *     {@code 90s}, {@code 30m} or {@code 2h}, or in ISO-8601 such as {@code PT30M}
   * @throws IllegalArgumentException if the property is set to something that is not a positive
   *     duration
   */
  public static Duration wallClock() {
    String text = System.getProperty(WALL_CLOCK);
    return text == null ? DEFAULT_WALL_CLOCK : duration(WALL_CLOCK, text);
  }

  /**
   * @return how often a long run reports its progress on the console, from {@code rocelab.progress}
   *     (a duration as for {@link #wallClock()}, default {@value #DEFAULT_PROGRESS}); empty if set
   *     to {@code off}
   * @throws IllegalArgumentException if the property is set to something that is neither {@code
   *     off} nor a positive duration
   */
  public static Optional<Duration> progressEvery() {
    return progressEvery(System.getProperty(PROGRESS, DEFAULT_PROGRESS));
  }

  /**
   * @param setting a setting of {@code rocelab.progress} from elsewhere, e.g. a JUnit configuration
   *     parameter
   * @return how often to report progress; empty for {@code off}
   * @throws IllegalArgumentException if it is neither {@code off} nor a positive duration
   */
  public static Optional<Duration> progressEvery(String setting) {
    return setting.strip().equals("off")
        ? Optional.empty()
        : Optional.of(duration(PROGRESS, setting));
  }

  private static Duration duration(String property, String text) {
    Duration duration;
    try {
      Matcher whole = MINUTES_OR_HOURS.matcher(text.strip());
      if (whole.matches()) {
        long amount = Long.parseLong(whole.group(1));
        duration =
            whole.group(2).equals("h") ? Duration.ofHours(amount) : Duration.ofMinutes(amount);
      } else if (text.strip().startsWith("P")) {
        duration = Duration.parse(text.strip());
      } else {
        duration = Duration.ofNanos(SimTime.parse(text).picos() / 1000);
      }
    } catch (IllegalArgumentException | DateTimeParseException e) {
      throw new IllegalArgumentException(
          "system property " + property + ": " + e.getMessage() + " (e.g. 600s, 10m, 2h or PT10M)",
          e);
    }
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(
          "system property " + property + " must be more than 0s but was " + text);
    }
    return duration;
  }
}
