package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The forward-error-correction counters of one receiving port, as a switch's or NIC's FEC
 * statistics count them: codewords that arrived with symbol errors FEC corrected, and codewords
 * with more than it can correct (each loses the frame it carries, counted again as a {@link
 * DropReason#CRC_ERROR} drop). Corrected codewords rising is an optic's early warning;
 * uncorrectable ones are loss.
 *
 * @param port the receiving port
 * @param correctedCodewords codewords received with errors FEC corrected
 * @param uncorrectableCodewords codewords received with more errors than FEC corrects
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record FecStats(Endpoint port, long correctedCodewords, long uncorrectableCodewords) {

  /** Validates the fields. */
  public FecStats {
    Objects.requireNonNull(port, "port must not be null");
    if (correctedCodewords < 0 || uncorrectableCodewords < 0) {
      throw new IllegalArgumentException(
          "codeword counts must be >= 0 but were "
              + correctedCodewords
              + " corrected, "
              + uncorrectableCodewords
              + " uncorrectable");
    }
  }
}
