package dev.rocelab.model.internal.cc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.DcqcnParameters;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The DCQCN notification point's CNP pacing for one queue pair: a CE-marked packet triggers a CNP
 * unless one was sent less than {@code cnpInterval} [min_time_between_cnps] ago (DCQCN, Zhu et al.,
 * SIGCOMM 2015, §3.1; the paper's NP uses 50 µs, mlx5 firmware 4 µs). So over any window of length
 * {@code T} a QP sends at most {@code T/interval + 1} CNPs.
 *
 * <p>Not thread-safe; times passed to {@link #tryCnp} never decrease.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class CnpPacer {

  private long intervalPs;
  private long nextAllowedPs = Long.MIN_VALUE;
  private long cnpsSent;
  private long marksCoalesced;

  /**
   * Create a pacer that has sent no CNP yet.
   *
   * @param intervalPs the minimum time between two CNPs in picoseconds; {@code >= 0}, 0 for a CNP
   *     on every CE-marked packet
   * @throws IllegalArgumentException if {@code intervalPs} is negative
   */
  public CnpPacer(long intervalPs) {
    if (intervalPs < 0) {
      throw new IllegalArgumentException("intervalPs must be >= 0 but was " + intervalPs);
    }
    this.intervalPs = intervalPs;
  }

  /**
   * Create a pacer with the CNP interval of {@code p}.
   *
   * @param p the DCQCN parameters; never null
   * @return a pacer that has sent no CNP yet; never null
   */
  public static CnpPacer of(DcqcnParameters p) {
    Objects.requireNonNull(p, "p must not be null");
    return new CnpPacer(p.cnpInterval().picos());
  }

  /**
   * Pace with another interval from now on (a firmware change); the CNP last sent still counts.
   *
   * @param newIntervalPs the minimum time between two CNPs in picoseconds; {@code >= 0}
   * @throws IllegalArgumentException if {@code newIntervalPs} is negative
   */
  public void interval(long newIntervalPs) {
    if (newIntervalPs < 0) {
      throw new IllegalArgumentException("newIntervalPs must be >= 0 but was " + newIntervalPs);
    }
    if (nextAllowedPs != Long.MIN_VALUE && nextAllowedPs != Long.MAX_VALUE) {
      nextAllowedPs += newIntervalPs - intervalPs;
    }
    intervalPs = newIntervalPs;
  }

  /**
   * Decide whether a CE-marked packet arriving at {@code nowPs} triggers a CNP, and if so start a
   * new interval.
   *
   * @param nowPs the arrival time in picoseconds
   * @return {@code true} if a CNP is to be sent now
   */
  public boolean tryCnp(long nowPs) {
    if (nowPs < nextAllowedPs) {
      marksCoalesced++;
      return false;
    }
    long next = nowPs + intervalPs;
    nextAllowedPs = next < nowPs ? Long.MAX_VALUE : next;
    cnpsSent++;
    return true;
  }

  /**
   * Get the number of CNPs allowed so far.
   *
   * @return the number of {@link #tryCnp} calls that returned {@code true}
   */
  public long cnpsSent() {
    return cnpsSent;
  }

  /**
   * Get the number of CE-marked packets that triggered no CNP because one was sent recently.
   *
   * @return the number of {@link #tryCnp} calls that returned {@code false}
   */
  public long marksCoalesced() {
    return marksCoalesced;
  }
}
