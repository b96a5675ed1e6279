package dev.rocelab.model.cc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The DCQCN reaction point (RP) of one queue pair: the sending NIC's rate limiter state, cut on
 * CNPs and recovered by a timer and a byte counter (DCQCN, Zhu et al., SIGCOMM 2015, §3–4; NVIDIA
 * mlx5 parameter names in brackets).
 *
 * <ul>
 *   <li><b>Cut</b> on a CNP, at most once per {@code rateDecreasePeriod}
 *       [rate_reduce_monitor_period]: {@code RT ← RC} (with {@link DcqcnVariant#CLAMP_AFTER_TIMER}
 *       only if the increase timer expired since the previous cut), {@code RC ← max(RC·(1 − α/2), minRate)}
 *       [rpg_min_rate], {@code α ← (1 − g)·α + g}; the increase timer, the byte counter and both
 *       stage counters restart.
 *   <li><b>α decay</b>: every {@code alphaUpdatePeriod} that saw no CNP, {@code α ← (1 − g)·α}.
 *       A new QP starts with {@code α = initialAlpha} [initial_alpha_value].
 *   <li><b>Increase</b> (§3.2, Fig. 6) on each expiry of the timer every {@code
 *       rateIncreaseTimer} [rpg_time_reset] and of the byte counter every {@code byteCounter}
 *       bytes sent [rpg_byte_reset]. With {@code T} timer and {@code BC} byte-counter expiries
 *       since the last cut and {@code F = fastRecoverySteps} [rpg_threshold]: fast recovery while
 *       {@code max(T, BC) < F}; hyper increase {@code RT ← RT + i·R_HAI} [rpg_hai_rate], {@code i =
 *       min(T, BC) − F}, once {@code min(T, BC) > F}; additive increase {@code RT ← RT + R_AI}
 *       [rpg_ai_rate] otherwise. Each ends with {@code RC ← (RT + RC)/2}; {@code RT} is capped at
 *       the line rate.
 * </ul>
 *
 * <p>Choices where the paper and the firmware leave room:
 *
 * <ul>
 *   <li>The first CNP cuts at once. A CNP inside the decrease period that follows a cut does not
 *       cut again and is not deferred (ns-3's mlx model defers it to the end of the period; the
 *       notification point keeps sending CNPs while the queue stays marked, so the next one cuts).
 *       It still marks the current α period as congested, so that period ends without decay; it
 *       does not add a second {@code g} to α, which rises once per cut.
 *   <li>The α timer is armed by the first CNP, not at creation, so a QP's first cut uses
 *       {@code initialAlpha} however long it was idle before (as mlx5 documents
 *       initial_alpha_value); it stops when α reaches 0 and the next CNP re-arms it. Periods are
 *       counted from the CNP that armed the timer.
 *   <li>The increase timer runs only while {@code RC} is below the line rate, and the byte counter
 *       only counts then; at the line rate {@code RT} is at the line rate too and there is nothing
 *       to recover, so an idle or recovered QP asks for no wake-ups.
 *   <li>Integer arithmetic only after construction: time in picoseconds, rates in bits per second,
 *       α and g fixed-point with {@value #ALPHA_SHIFT} fraction bits (g rounded once, at least one
 *       unit). The cut rounds to the nearest bit per second (halves up), α rounds down (so it
 *       decays to exactly 0), and {@code (RT + RC)/2} rounds up (so {@code RC} reaches {@code RT}
 *       exactly instead of stalling one bit per second below it).
 *   <li>{@code minRate} above the line rate is taken as the line rate.
 *   <li>With DCQCN disabled the QP sends at the line rate; CNPs are counted as received and
 *       ignored (mlx5 rp_cnp_ignored), nothing else changes.
 * </ul>
 *
 * <p>Not thread-safe; times passed to the methods never decrease. Timers due before the time of a
 * call to {@link #onCnp} or {@link #onBytesSent} are run first, so a caller that is late with
 * {@link #onTimer} still sees events in time order.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class DcqcnReactionPoint {

  /** Fraction bits of the fixed-point α and g. */
  public static final int ALPHA_SHIFT = 20;

  /** α = 1 in fixed point. */
  public static final long ALPHA_ONE = 1L << ALPHA_SHIFT;

  private static final long NEVER = Long.MAX_VALUE;

  private final long lineRateBps;
  // The parameters; a firmware change at run time replaces them (see reconfigure).
  private boolean enabled;
  private boolean clampAfterTimer;
  private long minRateBps;
  private long gFixed;
  private long alphaPeriodPs;
  private long decreasePeriodPs;
  private long increasePeriodPs;
  private long byteCounterBytes;
  private long fastRecoverySteps;
  private long additiveIncreaseBps;
  private long hyperIncreaseBps;

  private long currentRateBps;
  private long targetRateBps;
  private long alpha;
  private boolean cnpInAlphaPeriod;
  private long nextCutAllowedPs;
  private long nextAlphaUpdatePs = NEVER;
  private long nextIncreasePs = NEVER;
  private long timerExpiries;
  private long byteCounterExpiries;
  private long bytesSinceExpiry;
  private long cuts;
  private long cnpsReceived;
  private long cnpsIgnored;

  /**
   * Create the reaction point of a new queue pair running the paper's target-rate rule, sending at
   * the line rate.
   *
   * @param p the DCQCN parameters; never null
   * @param lineRateBps the rate of the NIC port in bits per second; {@code > 0}
   * @param nowPs the creation time in picoseconds; {@code >= 0}
   * @throws IllegalArgumentException if {@code lineRateBps} is not positive or {@code nowPs} is
   *     negative
   */
  public DcqcnReactionPoint(DcqcnParameters p, long lineRateBps, long nowPs) {
    this(p, DcqcnVariant.PAPER, lineRateBps, nowPs);
  }

  /**
   * Create the reaction point of a new queue pair, sending at the line rate.
   *
   * @param p the DCQCN parameters; never null
   * @param variant the firmware's target-rate rule; never null
   * @param lineRateBps the rate of the NIC port in bits per second; {@code > 0}
   * @param nowPs the creation time in picoseconds; {@code >= 0}
   * @throws IllegalArgumentException if {@code lineRateBps} is not positive or {@code nowPs} is
   *     negative
   */
  public DcqcnReactionPoint(DcqcnParameters p, DcqcnVariant variant, long lineRateBps, long nowPs) {
    Objects.requireNonNull(p, "p must not be null");
    if (lineRateBps <= 0) {
      throw new IllegalArgumentException("lineRateBps must be > 0 but was " + lineRateBps);
    }
    if (nowPs < 0) {
      throw new IllegalArgumentException("nowPs must be >= 0 but was " + nowPs);
    }
    this.lineRateBps = lineRateBps;
    reconfigure(p, variant);
    this.currentRateBps = lineRateBps;
    this.targetRateBps = lineRateBps;
    this.alpha = Math.min(ALPHA_ONE, Math.round(p.initialAlpha() * ALPHA_ONE));
    this.nextCutAllowedPs = nowPs;
  }

  /**
   * Run other parameters from now on (a firmware change): the rates, α and the timers keep their
   * state; the new periods apply from their next expiry.
   *
   * @param p the DCQCN parameters; never null
   * @param variant the firmware's target-rate rule; never null
   */
  public void reconfigure(DcqcnParameters p, DcqcnVariant variant) {
    Objects.requireNonNull(p, "p must not be null");
    Objects.requireNonNull(variant, "variant must not be null");
    this.enabled = p.enabled();
    this.clampAfterTimer = variant == DcqcnVariant.CLAMP_AFTER_TIMER;
    this.minRateBps = Math.min(p.minRate().bitsPerSecond(), lineRateBps);
    this.gFixed = Math.max(1, Math.min(ALPHA_ONE, Math.round(p.g() * ALPHA_ONE)));
    this.alphaPeriodPs = p.alphaUpdatePeriod().picos();
    this.decreasePeriodPs = p.rateDecreasePeriod().picos();
    this.increasePeriodPs = p.rateIncreaseTimer().picos();
    this.byteCounterBytes = p.byteCounter().bytes();
    this.fastRecoverySteps = p.fastRecoverySteps();
    this.additiveIncreaseBps = p.additiveIncrease().bitsPerSecond();
    this.hyperIncreaseBps = p.hyperIncrease().bitsPerSecond();
  }

  /**
   * React to a congestion notification packet received at {@code nowPs}.
   *
   * @param nowPs the arrival time in picoseconds
   */
  public void onCnp(long nowPs) {
    cnpsReceived++;
    if (!enabled) {
      cnpsIgnored++;
      return;
    }
    onTimer(nowPs);
    cnpInAlphaPeriod = true;
    if (nextAlphaUpdatePs == NEVER) {
      nextAlphaUpdatePs = nowPs + alphaPeriodPs;
    }
    if (nowPs < nextCutAllowedPs) {
      return;
    }
    // DCQCN, Zhu et al. 2015, §3.1 (RP algorithm): cut with the current α, then raise α
    nextCutAllowedPs = nowPs + decreasePeriodPs;
    cuts++;
    if (!clampAfterTimer || timerExpiries > 0) {
      targetRateBps = currentRateBps; // mlx5 clamp_tgt_rate_after_time_inc: only after a timer increase
    }
    long cut = mulShiftRound(currentRateBps, 2 * ALPHA_ONE - alpha, ALPHA_SHIFT + 1);
    currentRateBps = Math.max(minRateBps, cut);
    alpha = decayed(alpha) + gFixed;
    timerExpiries = 0;
    byteCounterExpiries = 0;
    bytesSinceExpiry = 0;
    nextIncreasePs = currentRateBps < lineRateBps ? nowPs + increasePeriodPs : NEVER;
  }

  /**
   * Count {@code bytes} sent at {@code nowPs} towards the byte counter; every {@code byteCounter}
   * bytes is one increase event.
   *
   * @param bytes the bytes sent (wire bytes of the packet), {@code >= 0}
   * @param nowPs the time in picoseconds
   */
  public void onBytesSent(long bytes, long nowPs) {
    if (currentRateBps == lineRateBps) {
      return; // nothing to recover (always so when disabled)
    }
    runIncreaseTimer(nowPs); // α is caught up at the next CNP; it does not affect increases
    bytesSinceExpiry += bytes;
    while (bytesSinceExpiry >= byteCounterBytes && currentRateBps < lineRateBps) {
      bytesSinceExpiry -= byteCounterBytes;
      byteCounterExpiries++;
      increase();
    }
  }

  /**
   * Run every timer due at or before {@code nowPs}, in time order (on a tie the α update first;
   * the two do not affect each other).
   *
   * @param nowPs the time in picoseconds
   */
  public void onTimer(long nowPs) {
    while (true) {
      if (nextAlphaUpdatePs <= nextIncreasePs) {
        if (nextAlphaUpdatePs > nowPs) {
          return;
        }
        updateAlpha();
      } else {
        if (nextIncreasePs > nowPs) {
          return;
        }
        timerExpired();
      }
    }
  }

  /** Runs the increase timer expiries due at or before {@code nowPs}, leaving α for later. */
  private void runIncreaseTimer(long nowPs) {
    while (nextIncreasePs <= nowPs) {
      timerExpired();
    }
  }

  /**
   * Get the earliest time at which {@link #onTimer} must run: the rate-increase timer. The α
   * updates need no wake-up of their own: α matters only when a CNP cuts the rate, so its decay is
   * caught up, period by period, whenever the reaction point is next called — the same values a
   * timer would give, without an event every α period.
   *
   * @return the time in picoseconds, or {@link Long#MAX_VALUE} when no timer is pending
   */
  public long nextWakeupPs() {
    return nextIncreasePs;
  }

  /**
   * Get the current rate RC.
   *
   * @return RC in bits per second, between the minimum rate and the line rate
   */
  public long rateBps() {
    return currentRateBps;
  }

  /**
   * Get the target rate RT.
   *
   * @return RT in bits per second, between RC and the line rate
   */
  public long targetRateBps() {
    return targetRateBps;
  }

  /**
   * Get α in fixed point.
   *
   * @return α × {@link #ALPHA_ONE}, between 0 and {@link #ALPHA_ONE}
   */
  public long alphaFixed() {
    return alpha;
  }

  /**
   * Get α as a fraction, for tests and telemetry; the model itself uses {@link #alphaFixed()}.
   *
   * @return α between 0 and 1
   */
  public double alpha() {
    return alpha / (double) ALPHA_ONE;
  }

  /**
   * Get the number of rate cuts so far.
   *
   * @return the number of cuts
   */
  public long cuts() {
    return cuts;
  }

  /**
   * Get the number of CNPs received, including those that did not cut and those ignored.
   *
   * @return the number of CNPs received
   */
  public long cnpsReceived() {
    return cnpsReceived;
  }

  /**
   * Get the number of CNPs ignored because DCQCN is disabled (mlx5 rp_cnp_ignored), a sign of a
   * peer configured differently from this NIC.
   *
   * @return the number of CNPs ignored
   */
  public long cnpsIgnored() {
    return cnpsIgnored;
  }

  @Override
  public String toString() {
    return "DcqcnReactionPoint[RC=" + currentRateBps + "bps, RT=" + targetRateBps + "bps, α="
        + alpha + "/" + ALPHA_ONE + ", cuts=" + cuts + ", T=" + timerExpiries + ", BC="
        + byteCounterExpiries + "]";
  }

  private void updateAlpha() {
    // DCQCN, Zhu et al. 2015, §3.1: α decays once per period without a CNP
    if (cnpInAlphaPeriod) {
      cnpInAlphaPeriod = false;
    } else {
      alpha = decayed(alpha);
    }
    nextAlphaUpdatePs = alpha == 0 ? NEVER : nextAlphaUpdatePs + alphaPeriodPs;
  }

  private void timerExpired() {
    timerExpiries++;
    nextIncreasePs += increasePeriodPs;
    increase(); // stops the timer once RC reaches the line rate
  }

  // DCQCN, Zhu et al. 2015, §3.2 and Fig. 6
  private void increase() {
    long most = Math.max(timerExpiries, byteCounterExpiries);
    long least = Math.min(timerExpiries, byteCounterExpiries);
    if (most < fastRecoverySteps) {
      // fast recovery: RT unchanged
    } else if (least > fastRecoverySteps) {
      targetRateBps = raised(targetRateBps, least - fastRecoverySteps, hyperIncreaseBps);
    } else {
      targetRateBps = raised(targetRateBps, 1, additiveIncreaseBps);
    }
    currentRateBps += (targetRateBps - currentRateBps + 1) / 2;
    if (currentRateBps >= lineRateBps) {
      currentRateBps = lineRateBps;
      nextIncreasePs = NEVER;
    }
  }

  /** {@code rate + steps·step}, capped at the line rate without overflowing. */
  private long raised(long rate, long steps, long step) {
    long room = lineRateBps - rate;
    if (step != 0 && steps > room / step) {
      return lineRateBps;
    }
    return rate + steps * step;
  }

  /** {@code (1 − g)·α}, rounded down so that α reaches 0. */
  private long decayed(long a) {
    return (a * (ALPHA_ONE - gFixed)) >>> ALPHA_SHIFT;
  }

  /**
   * {@code round(a·b / 2^shift)} for non-negative {@code a}, {@code b} and a result below
   * 2<sup>63</sup>, through the 128-bit product so any line rate works.
   */
  static long mulShiftRound(long a, long b, int shift) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    long rounded = low + (1L << (shift - 1));
    if (Long.compareUnsigned(rounded, low) < 0) {
      high++;
    }
    return (high << (Long.SIZE - shift)) | (rounded >>> shift);
  }
}
