package dev.rocelab.fabricfile;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Finding.Severity;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One thing wrong with a fabric file, where it is and how bad it is.
 *
 * <p>{@link #toString()} gives the compiler-style line editors and CI logs understand: {@code
 * broken.yaml:14:13 switchProfiles.spectrum4.buffer: "64MBs" is not a size; use B, KiB, ...}, with
 * {@code drift: } before the message of a {@linkplain Severity#DRIFT drift} finding.
 *
 * @param file the file name as it was given to {@link FabricFiles}, never null
 * @param line the 1-based line of the value at fault (of the enclosing mapping for a missing key)
 * @param column the 1-based column of that value
 * @param path the field path in key notation ({@code topology.links[2].a}); empty for the file as a
 *     whole
 * @param message what rule was broken and by which value, never blank
 * @param severity {@link Severity#ERROR} if the fabric cannot be used, {@link Severity#DRIFT} if it
 *     runs but its devices disagree or a version is not approved
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Problem(
    String file, int line, int column, String path, String message, Severity severity) {

  /** Validates the fields. */
  public Problem {
    Objects.requireNonNull(file, "file must not be null");
    Objects.requireNonNull(path, "path must not be null");
    Objects.requireNonNull(severity, "severity must not be null");
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException(
          "line and column are 1-based but were " + line + ":" + column);
    }
    if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("message must not be blank");
    }
  }

  /**
   * Whether the fabric cannot be used as it is.
   *
   * @return true for {@link Severity#ERROR}
   */
  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /**
   * The problem as {@code file:line:column path: message}, or {@code file:line:column path: drift:
   * message} for drift; without {@code path: } when the path is empty.
   */
  @Override
  public String toString() {
    StringBuilder text =
        new StringBuilder()
            .append(file)
            .append(':')
            .append(line)
            .append(':')
            .append(column)
            .append(' ');
    if (!path.isEmpty()) {
      text.append(path).append(": ");
    }
    if (severity == Severity.DRIFT) {
      text.append(severity.label()).append(": ");
    }
    return text.append(message).toString();
  }
}
