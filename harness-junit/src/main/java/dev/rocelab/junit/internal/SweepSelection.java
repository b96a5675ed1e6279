package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Which points of every sweep run: all of them (the default), or only each sweep's first and last
 * point, selected with {@code -Drocelab.sweep=ends} or {@code ROCELAB_SWEEP=ends}. The ends of a
 * sweep are its extremes (the fewest and the most senders, the smallest and the largest message,
 * the first and the last cell of a matrix), so a run over many fabrics still runs every test on
 * every fabric at a fraction of the cost. A sweep of one or two points runs whole either way.
 */
@API(status = INTERNAL, since = "0.3")
public enum SweepSelection {
  /** Every point. */
  ALL,
  /** The first and the last point of each sweep. */
  ENDS;

  /** The configuration parameter and system property that selects the points, {@code ends}. */
  public static final String PROPERTY = "rocelab.sweep";

  /** The environment variable that selects the points when the property is not set. */
  public static final String ENVIRONMENT_VARIABLE = "ROCELAB_SWEEP";

  /**
   * The selection a test runs with: JUnit's configuration parameter (a system property, {@code
   * junit-platform.properties} or the launcher request's), else the environment.
   *
   * @param context any extension context of the run
   * @return the selection, {@link #ALL} unless set
   * @throws IllegalArgumentException naming the values a selection may take
   */
  public static SweepSelection selected(ExtensionContext context) {
    return parse(
        context
            .getConfigurationParameter(PROPERTY)
            .or(() -> Optional.ofNullable(System.getenv(ENVIRONMENT_VARIABLE))));
  }

  static SweepSelection parse(Optional<String> text) {
    if (text.isEmpty() || text.get().isBlank()) {
      return ALL;
    }
    try {
      return valueOf(text.get().strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "-D" + PROPERTY + "=" + text.get() + ": a sweep selection is all or ends", e);
    }
  }

  /**
   * @param point 0-based
   * @param points how many points the sweep has
   * @return whether the point runs
   */
  public boolean runs(int point, int points) {
    return this == ALL || point == 0 || point == points - 1;
  }
}
