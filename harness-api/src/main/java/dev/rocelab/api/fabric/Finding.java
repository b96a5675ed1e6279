package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * One thing {@link FabricValidator} found wrong or inconsistent in a fabric.
 *
 * @param severity how bad it is
 * @param path where, as the fabric file's field path ({@code switchProfiles.leaf.buffer}, {@code
 *     topology.links[2].a})
 * @param message what rule was broken and by which value
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Finding(Severity severity, String path, String message) {

  /** Validates the fields. */
  public Finding {
    Checks.notNull(severity, "severity");
    Checks.name(path, "path");
    Checks.name(message, "message");
  }

  /**
   * Whether the fabric cannot be used as it is.
   *
   * @return true for {@link Severity#ERROR}
   */
  public boolean isError() {
    return severity == Severity.ERROR;
  }

  @Override
  public String toString() {
    return severity.label() + " " + path + ": " + message;
  }

  /** How bad a finding is. */
  @API(status = STABLE, since = "0.1")
  public enum Severity {
    /** The fabric is inconsistent and cannot be simulated or trusted. */
    ERROR("error"),
    /**
     * Configuration drift: devices disagree where they should agree end to end (DSCP maps, lossless
     * priorities, ECN, MTU), or a version is not on the approved list. The fabric runs; the
     * LABORATORY phase fails on it.
     */
    DRIFT("drift");

    private final String label;

    Severity(String label) {
      this.label = label;
    }

    /**
     * @return the lower-case label used in messages
     */
    public String label() {
      return label;
    }
  }
}
