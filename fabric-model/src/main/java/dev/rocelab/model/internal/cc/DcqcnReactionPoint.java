package dev.rocelab.model.internal.cc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The DCQCN reaction point (RP) of one queue pair: the sending NIC's rate limiter state, cut on
 * CNPs and recovered by a timer and a byte counter (DCQCN, Zhu et al., SIGCOMM 2015, §3–4; NVIDIA
 * mlx5 parameter names in brackets). The firmware's {@link DcqcnVariant} decides the details where
 * implementations differ; each rule below names its source.
 *
 * <ul>
 *   <li><b>Cut</b>: {@code RT ← RC} (with {@link DcqcnVariant#MLX5} only if the rate rose since the
 *       previous cut, by the timer or the byte counter: clamp_tgt_rate 0 with
 *       clamp_tgt_rate_after_time_inc 1, "the target rate should be updated if the transmission
 *       rate was increased due to the timer, and not only due to the byte counter", as Google's
 *       isekai model reads it), {@code RC ← max(RC·(1 − α/2), minRate)} [rpg_min_rate]; the
 *       increase timer, the byte counter and both stage counters restart.
 *       <ul>
 *         <li>{@link DcqcnVariant#PAPER}: a CNP cuts at once, at most once per {@code
 *             rateDecreasePeriod}; a CNP inside the period after a cut does not cut again and is
 *             not deferred (the notification point keeps sending CNPs while the queue stays marked,
 *             so the next one cuts). α rises with the cut: {@code α ← (1 − g)·α + g} (Zhu et al.
 *             2015, §3.1).
 *         <li>{@link DcqcnVariant#MLX5}: the RP checks every {@code rateDecreasePeriod}
 *             [rate_reduce_monitor_period], on a grid that starts at the QP's first CNP, whether a
 *             CNP arrived since the last check, and cuts once if so (ns-3 HPCC's "Mellanox
 *             version", rdma-hw.cc {@code CheckRateDecreaseMlx}). α does not change at the cut.
 *       </ul>
 *   <li><b>α update</b> every {@code alphaUpdatePeriod}, on a grid that starts at the CNP that
 *       armed it. {@link DcqcnVariant#PAPER}: {@code α ← (1 − g)·α} for a period without a CNP; a
 *       period with one keeps α (it rose at the cut). {@link DcqcnVariant#MLX5}: {@code α ← (1 −
 *       g)·α + g} for a period with a CNP [dce_tcp_rtt], {@code (1 − g)·α} otherwise ({@code
 *       UpdateAlphaMlx}). A new QP starts with {@code α = initialAlpha} [initial_alpha_value].
 *   <li><b>Increase</b> on each expiry of the timer every {@code rateIncreaseTimer}
 *       [rpg_time_reset] and of the byte counter every {@code byteCounter} bytes sent
 *       [rpg_byte_reset]; {@code T} and {@code BC} count the expiries since the last cut, the one
 *       being handled included, and {@code F = fastRecoverySteps} [rpg_threshold]. A byte counter
 *       of 0 is disabled and does not hold the stages back: both counts are then {@code T}. Each
 *       increase ends with {@code RC ← (RT + RC)/2}; {@code RT} is capped at the line rate.
 *       <ul>
 *         <li>{@link DcqcnVariant#PAPER} (Zhu et al. 2015, §3.1, the RP pseudocode as the authors'
 *             ns-3 runs it; the fluid model's {@code (1 − p)^(F·B)} terms count the same): fast
 *             recovery while {@code max(T, BC) < F}; hyper increase {@code RT ← RT + i·R_HAI},
 *             {@code i = min(T, BC) − F}, once {@code min(T, BC) > F} (QCN's hyper-active increase,
 *             IEEE 802.1Qau); additive increase {@code RT ← RT + R_AI} otherwise.
 *         <li>{@link DcqcnVariant#MLX5} (ns-3 HPCC's {@code RateIncEventMlx}, which tests the stage
 *             before counting the expiry): fast recovery while {@code max(T, BC) <= F}, hyper
 *             increase {@code RT ← RT + R_HAI} [rpg_hai_rate] once {@code min(T, BC) > F + 1},
 *             additive increase otherwise.
 *       </ul>
 * </ul>
 *
 * <p>Choices where neither source decides:
 *
 * <ul>
 *   <li>The α timer is armed by the first CNP, not at creation, so a QP's first cut uses {@code
 *       initialAlpha} however long it was idle before (as mlx5 documents initial_alpha_value); it
 *       stops when α reaches 0 with no CNP pending and the next CNP re-arms it.
 *   <li>The increase timer runs only while {@code RC} is below the line rate, and the byte counter
 *       only counts then; at the line rate {@code RT} is at the line rate too and there is nothing
 *       to recover, so an idle or recovered QP asks for no wake-ups.
 *   <li>Events due at the same time run α update first, then the cut, then the increase timer (ns-3
 *       HPCC offsets its decrease check 1 ns after the α update; a cut restarts the timer).
 *   <li>Integer arithmetic only after construction: time in picoseconds, rates in bits per second,
 *       α and g fixed-point with {@value #ALPHA_SHIFT} fraction bits (g rounded once, at least one
 *       unit). The cut rounds to the nearest bit per second (halves up), α rounds down (so it
 *       decays to exactly 0), and {@code (RT + RC)/2} rounds up (so {@code RC} reaches {@code RT}
 *       exactly instead of stalling one bit per second below it).
 *   <li>{@code minRate} above the line rate is taken as the line rate.
 *   <li>With DCQCN disabled the QP sends at the line rate; CNPs are counted as received and ignored
 *       (mlx5 rp_cnp_ignored), nothing else changes.
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
  private boolean mlx5;
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

  /** {@link DcqcnVariant#PAPER}: the earliest time the next CNP may cut. */
  private long nextCutAllowedPs;

  /**
   * {@link DcqcnVariant#MLX5}: where the decrease checks' grid starts (the first CNP), or NEVER.
   */
  private long checkGridPs = NEVER;

  /** {@link DcqcnVariant#MLX5}: when a pending cut is due, or NEVER. */
  private long cutDuePs = NEVER;

  private long lastCutPs = -1;
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
    this.mlx5 = variant == DcqcnVariant.MLX5;
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
    if (mlx5) {
      // ns-3 HPCC, CheckRateDecreaseMlx: the next periodic check cuts once for every CNP since the
      // last
      if (checkGridPs == NEVER) {
        checkGridPs = nowPs;
      }
      if (cutDuePs == NEVER) {
        // the first check at or after now that has not cut yet, never the first CNP's own instant
        long periods = Math.max(1, (nowPs - checkGridPs + decreasePeriodPs - 1) / decreasePeriodPs);
        long due = checkGridPs + periods * decreasePeriodPs;
        cutDuePs = due <= lastCutPs ? due + decreasePeriodPs : due;
      }
    } else if (nowPs >= nextCutAllowedPs) {
      nextCutAllowedPs = nowPs + decreasePeriodPs;
      cut(nowPs);
    }
  }

  /** Cuts the rate now: RT, RC and (for the paper's rule) α; the recovery starts over. */
  private void cut(long nowPs) {
    // DCQCN, Zhu et al. 2015, §3.1 (RP algorithm): cut with the current α
    cuts++;
    lastCutPs = nowPs;
    if (!mlx5 || timerExpiries > 0 || byteCounterExpiries > 0) {
      targetRateBps = currentRateBps; // mlx5: only if the rate rose since the last cut
    }
    long cut = mulShiftRound(currentRateBps, 2 * ALPHA_ONE - alpha, ALPHA_SHIFT + 1);
    currentRateBps = Math.max(minRateBps, cut);
    if (!mlx5) {
      alpha = decayed(alpha) + gFixed;
    }
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
    if (currentRateBps == lineRateBps && cutDuePs > nowPs) {
      return; // nothing to recover (always so when disabled)
    }
    onTimer(nowPs);
    if (byteCounterBytes == 0 || currentRateBps == lineRateBps) {
      return;
    }
    bytesSinceExpiry += bytes;
    while (bytesSinceExpiry >= byteCounterBytes && currentRateBps < lineRateBps) {
      bytesSinceExpiry -= byteCounterBytes;
      byteCounterExpiries++;
      increase();
    }
  }

  /**
   * Run every timer and pending cut due at or before {@code nowPs}, in time order (on a tie the α
   * update, then the cut, then the increase timer).
   *
   * @param nowPs the time in picoseconds
   */
  public void onTimer(long nowPs) {
    while (true) {
      long next = Math.min(nextAlphaUpdatePs, Math.min(cutDuePs, nextIncreasePs));
      if (next > nowPs) {
        return;
      }
      if (next == nextAlphaUpdatePs) {
        updateAlpha();
      } else if (next == cutDuePs) {
        cutDuePs = NEVER;
        cut(next);
      } else {
        timerExpired();
      }
    }
  }

  /**
   * Get the earliest time at which {@link #onTimer} must run: the rate-increase timer or a pending
   * cut. The α updates need no wake-up of their own: α matters only when the rate is cut, so its
   * updates are caught up, period by period, whenever the reaction point is next called — the same
   * values a timer would give, without an event every α period.
   *
   * @return the time in picoseconds, or {@link Long#MAX_VALUE} when no timer is pending
   */
  public long nextWakeupPs() {
    return Math.min(nextIncreasePs, cutDuePs);
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
    return "DcqcnReactionPoint[RC="
        + currentRateBps
        + "bps, RT="
        + targetRateBps
        + "bps, α="
        + alpha
        + "/"
        + ALPHA_ONE
        + ", cuts="
        + cuts
        + ", T="
        + timerExpiries
        + ", BC="
        + byteCounterExpiries
        + "]";
  }

  private void updateAlpha() {
    if (mlx5) {
      // ns-3 HPCC, UpdateAlphaMlx: α moves towards 1 for a period with a CNP, towards 0 otherwise
      alpha = decayed(alpha) + (cnpInAlphaPeriod ? gFixed : 0);
    } else if (!cnpInAlphaPeriod) {
      // DCQCN, Zhu et al. 2015, §3.1: α decays once per period without a CNP (it rose at the cut)
      alpha = decayed(alpha);
    }
    cnpInAlphaPeriod = false;
    nextAlphaUpdatePs = alpha == 0 ? NEVER : nextAlphaUpdatePs + alphaPeriodPs;
  }

  private void timerExpired() {
    timerExpiries++;
    nextIncreasePs += increasePeriodPs;
    increase(); // stops the timer once RC reaches the line rate
  }

  // DCQCN, Zhu et al. 2015, §3.1–3.2; the stage rules of each variant are in the class comment
  private void increase() {
    long most =
        byteCounterBytes == 0 ? timerExpiries : Math.max(timerExpiries, byteCounterExpiries);
    long least =
        byteCounterBytes == 0 ? timerExpiries : Math.min(timerExpiries, byteCounterExpiries);
    if (mlx5 ? most <= fastRecoverySteps : most < fastRecoverySteps) {
      // fast recovery: RT unchanged
    } else if (mlx5 && least > fastRecoverySteps + 1) {
      targetRateBps = raised(targetRateBps, 1, hyperIncreaseBps);
    } else if (!mlx5 && least > fastRecoverySteps) {
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
