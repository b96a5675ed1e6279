package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.Rate;
import java.util.Objects;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * The forward-error-correction counters of one receiving port, as a switch's or NIC's FEC
 * statistics count them: codewords that arrived with symbol errors FEC corrected, and codewords
 * with more than it can correct (each loses the frame it carries, counted again as a {@link
 * DropReason#CRC_ERROR} drop). Corrected codewords rising is an optic's early warning;
 * uncorrectable ones are loss.
 *
 * <p>Corrected codewords alone depend on how much traffic the link carries. What does not is the
 * pre-FEC bit-error rate they reveal: the share of codewords that arrived errored, out of all the
 * codewords the receiver checked, is {@code 1 − (1 − BER)^bits} for codewords of {@code bits} bits,
 * so {@link #preFecBer()} inverts it — the figure optics and switches report as "pre-FEC BER".
 *
 * @param port the receiving port
 * @param correctedCodewords codewords received with errors FEC corrected
 * @param uncorrectableCodewords codewords received with more errors than FEC corrects
 * @param codewords every codeword the receiver checked while these were counted, errored or not; 0
 *     where the backend does not count them
 * @param codewordBits the bits of one codeword: 5440 for RS(544,514) on 200G and faster links, 5280
 *     for RS(528,514) below
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record FecStats(
    Endpoint port,
    long correctedCodewords,
    long uncorrectableCodewords,
    long codewords,
    int codewordBits) {

  /**
   * The run's time series of codewords a receiving port checked per sample interval; its subject is
   * the port ({@code spine1:eth1}).
   */
  public static final String CODEWORDS_SERIES = "fec_codewords";

  /** The run's time series of codewords a receiving port's FEC corrected per sample interval. */
  public static final String CORRECTED_SERIES = "fec_corrected";

  /** The run's time series of codewords beyond a receiving port's FEC per sample interval. */
  public static final String UNCORRECTABLE_SERIES = "fec_uncorrectable";

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
    if (codewords != 0 && codewords < correctedCodewords + uncorrectableCodewords) {
      throw new IllegalArgumentException(
          "codewords "
              + codewords
              + " must be 0 (not counted) or at least the errored ones, "
              + (correctedCodewords + uncorrectableCodewords));
    }
    if (codewordBits <= 0) {
      throw new IllegalArgumentException("codewordBits must be > 0 but was " + codewordBits);
    }
  }

  /**
   * @param linkSpeed a link's speed
   * @return the bits of its FEC's codewords: RS(544,514) on 200G and faster links (PAM4 lanes),
   *     RS(528,514) below — 10-bit symbols
   */
  public static int codewordBits(Rate linkSpeed) {
    return linkSpeed.bitsPerSecond() >= 200_000_000_000L ? 5440 : 5280;
  }

  /**
   * @return the pre-FEC bit-error rate the counters reveal; empty where no codewords were counted
   */
  public OptionalDouble preFecBer() {
    return codewords == 0
        ? OptionalDouble.empty()
        : OptionalDouble.of(
            preFecBer(correctedCodewords + uncorrectableCodewords, codewords, codewordBits));
  }

  /**
   * The pre-FEC bit-error rate that makes {@code errored} of {@code codewords} codewords arrive
   * with at least one bit error: {@code 1 − (1 − errored/codewords)^(1/codewordBits)}. Each
   * codeword's bits are taken to err independently, as a link's random errors do (burst errors make
   * the estimate low).
   *
   * @param errored codewords that arrived with errors, corrected or not, in [0, codewords]
   * @param codewords codewords checked, &gt; 0
   * @param codewordBits bits per codeword, &gt; 0
   * @return the estimated bit-error rate before FEC
   */
  public static double preFecBer(double errored, double codewords, int codewordBits) {
    if (!(codewords > 0) || errored < 0 || errored > codewords || codewordBits <= 0) {
      throw new IllegalArgumentException(
          "need 0 <= errored <= codewords, codewords > 0 and codewordBits > 0 but were "
              + errored
              + ", "
              + codewords
              + ", "
              + codewordBits);
    }
    return -Math.expm1(Math.log1p(-errored / codewords) / codewordBits);
  }
}
