package dev.rocelab.model.fidelity;

import java.util.Arrays;
import java.util.List;

/**
 * The DCQCN fluid model, an independent reference for the packet model's congestion control,
 * written from the papers' equations and not from the model's code: Zhu et al., "Congestion Control
 * for Large-Scale RDMA Deployments", SIGCOMM 2015, §5, in the per-flow form of Zhu, Ghobadi, Misra
 * and Padhye, "ECN or Delay: Lessons Learnt from Analysis of DCQCN and TIMELY", CoNEXT 2016, §4.1
 * (Fig. 2, equations (1)–(5)):
 *
 * <pre>
 *   p(t)      = 0 below Kmin, Pmax·(q − Kmin)/(Kmax − Kmin) up to Kmax, 1 above
 *   dq/dt     = Σ R_C − C
 *   dα/dt     = g/τ'·((1 − (1 − p)^(τ'·R_C)) − α)
 *   dR_T/dt   = −(R_T − R_C)/τ·a + R_AI·R_C·(c + e)
 *   dR_C/dt   = −R_C·α/(2τ)·a + (R_T − R_C)/2·R_C·(b + d)
 *   a = 1 − (1 − p)^(τ·R_C),       b = p/((1 − p)^(−B) − 1),      c = b·(1 − p)^(F·B),
 *   d = p/((1 − p)^(−T·R_C) − 1),  e = d·(1 − p)^(F·T·R_C)
 * </pre>
 *
 * where p and R_C inside a, …, e and the α equation are taken a feedback delay τ* earlier. Rates
 * are in packets per second and B in packets, as in the papers; the parameters convert from the
 * fabric's units with the frame size. τ is the time between cuts, τ' the α update period, T the
 * increase timer, F the fast-recovery threshold, R_AI the additive increase. b·R_C and d·R_C are
 * the rates of byte-counter and timer expiries; c and e keep those that come after F periods
 * without a mark, so the papers' model counts expiries 1 … F − 1 as fast recovery.
 *
 * <p>The papers leave out hyper increase and PFC (CoNEXT 2016 §4.1: "we assume that DCQCN is
 * triggered before PFC"); comparisons use cases where neither acts. For {@link Rules#MLX5} (the
 * reaction point of ns-3 HPCC's "Mellanox version") the same derivation gives three changes, each
 * marked in the code: F full fast-recovery expiries (exponents F + 1 instead of F); the target rate
 * clamped at a cut only if a timer expired since the last one (the clamp term weighted by {@code (1
 * − p)^(T·R_C)}, the chance that no cut came in the last T); and, with the byte counter off, hyper
 * increase by R_HAI on the timer's expiries F + 2 onwards (rate {@code d·(1 − p)^((F + 1)·T·R_C)}),
 * additive increase on expiry F + 1 alone. The α equation is the papers' when a CNP goes back for
 * every marked packet (CNP interval 0), as in the cases compared with it.
 *
 * <p>Integrated with the classical fourth-order Runge–Kutta method at a fixed step, the delayed
 * terms read from a history kept at the same step (interpolated at half steps). A flow starts at
 * the line rate with α = 1, as DCQCN senders do, and sends nothing before its start; its α stays at
 * 1 until it first sees marking, as a reaction point's does until its first CNP (mlx5's
 * initial_alpha_value; QCN allocates the rate limiter on the first notification). Rates stay
 * between the minimum rate and the line rate, R_T at or above R_C, α in [0, 1], the queue
 * non-negative. Flows that start together stay identical (the equations are symmetric), so each
 * group of them is integrated once.
 */
final class DcqcnFluidModel {

  /** Whose reaction point the equations describe. */
  enum Rules {
    /** The papers' equations. */
    PAPER,
    /** ns-3 HPCC's "Mellanox version" of DCQCN: the changes listed in the class comment. */
    MLX5
  }

  /**
   * The model's parameters, in the fabric's units.
   *
   * @param rules the papers' or mlx5's reaction point
   * @param bottleneckBps C, the bottleneck link's rate (bits per second on the wire)
   * @param lineBps each sender's line rate
   * @param wireBytes bytes a packet takes on the wire (frame, preamble and gap): rates convert with
   *     it
   * @param frameBytes bytes a packet takes in the queue: Kmin, Kmax and the queue convert with it
   * @param kminBytes RED Kmin
   * @param kmaxBytes RED Kmax
   * @param pmax RED Pmax
   * @param g the α gain
   * @param cutInterval τ, seconds between cuts at most (the CNP interval, or mlx5's monitor period)
   * @param alphaPeriod τ', seconds
   * @param timer T, seconds
   * @param byteCounterBytes B, bytes; 0 for none
   * @param fastRecoverySteps F
   * @param additiveIncreaseBps R_AI
   * @param hyperIncreaseBps R_HAI ({@link Rules#MLX5} with the byte counter off only)
   * @param minRateBps the rate never cut below
   * @param feedbackDelay τ*, seconds: from a packet's marking to its sender's reaction reaching the
   *     queue
   * @param step the integration step, seconds (well below a packet time and the feedback delay)
   */
  record Parameters(
      Rules rules,
      double bottleneckBps,
      double lineBps,
      int wireBytes,
      int frameBytes,
      double kminBytes,
      double kmaxBytes,
      double pmax,
      double g,
      double cutInterval,
      double alphaPeriod,
      double timer,
      double byteCounterBytes,
      int fastRecoverySteps,
      double additiveIncreaseBps,
      double hyperIncreaseBps,
      double minRateBps,
      double feedbackDelay,
      double step) {

    Parameters withFeedbackDelay(double seconds) {
      return new Parameters(
          rules,
          bottleneckBps,
          lineBps,
          wireBytes,
          frameBytes,
          kminBytes,
          kmaxBytes,
          pmax,
          g,
          cutInterval,
          alphaPeriod,
          timer,
          byteCounterBytes,
          fastRecoverySteps,
          additiveIncreaseBps,
          hyperIncreaseBps,
          minRateBps,
          seconds,
          step);
    }
  }

  /**
   * Flows that start together.
   *
   * @param flows how many
   * @param start when they start, seconds
   */
  record Group(int flows, double start) {}

  /**
   * The fixed point of N identical flows (CoNEXT 2016, Theorem 1): every flow at C/N, and the one
   * marking probability at which cuts balance increases, equation (8): {@code a²·α / ((b + d)(c +
   * e)) = τ²·R_AI·R_C}.
   *
   * @param markingProbability p*
   * @param queueBytes q*, from p* through RED
   * @param alpha α*
   * @param flowBps each flow's rate, C/N
   */
  record FixedPoint(double markingProbability, double queueBytes, double alpha, double flowBps) {}

  /**
   * What an integration produced, sampled at a fixed interval.
   *
   * @param interval seconds between samples
   * @param queueBytes the queue at each sample
   * @param aggregateBps the flows' summed rate at each sample, bits per second on the wire
   * @param flowBps the rate of one flow of each group at each sample
   */
  record Trajectory(
      double interval, double[] queueBytes, double[] aggregateBps, double[][] flowBps) {

    /**
     * @return the mean rate of one flow of group {@code group} over samples {@code [from, to)}
     */
    double meanFlow(int group, int from, int to) {
      return Arrays.stream(flowBps[group], from, to).average().orElseThrow();
    }

    /**
     * @return the mean queue over samples {@code [from, to)}
     */
    double meanQueue(int from, int to) {
      return Arrays.stream(queueBytes, from, to).average().orElseThrow();
    }

    /**
     * @return the largest queue over samples {@code [from, to)}
     */
    double maxQueue(int from, int to) {
      return Arrays.stream(queueBytes, from, to).max().orElseThrow();
    }

    /**
     * @return the share of samples {@code [from, to)} with the queue below {@code bytes}
     */
    double shareBelow(double bytes, int from, int to) {
      return Arrays.stream(queueBytes, from, to).filter(q -> q < bytes).count()
          / (double) (to - from);
    }

    /**
     * @return the mean of the summed rate over samples {@code [from, to)}, what the flows send;
     *     what the bottleneck forwards is this less the queue's growth
     */
    double meanAggregate(int from, int to) {
      return Arrays.stream(aggregateBps, from, to).average().orElseThrow();
    }

    /**
     * @return the index of the sample at {@code seconds}
     */
    int at(double seconds) {
      return (int) Math.round(seconds / interval);
    }
  }

  private final Parameters parameters;
  private final boolean mlx5;
  // in packets and packets per second
  private final double capacity;
  private final double line;
  private final double minRate;
  private final double kmin;
  private final double kmax;
  private final double byteCounter;
  private final double additiveIncrease;
  private final double hyperIncrease;

  /**
   * The expiries after a cut that are fast recovery, plus one: F for the papers, F + 1 for mlx5.
   */
  private final int increaseFrom;

  DcqcnFluidModel(Parameters parameters) {
    this.parameters = parameters;
    this.mlx5 = parameters.rules() == Rules.MLX5;
    double packetBits = 8.0 * parameters.wireBytes();
    this.capacity = parameters.bottleneckBps() / packetBits;
    this.line = parameters.lineBps() / packetBits;
    this.minRate = parameters.minRateBps() / packetBits;
    this.kmin = parameters.kminBytes() / parameters.frameBytes();
    this.kmax = parameters.kmaxBytes() / parameters.frameBytes();
    this.byteCounter = parameters.byteCounterBytes() / parameters.frameBytes();
    this.additiveIncrease = parameters.additiveIncreaseBps() / packetBits;
    this.hyperIncrease = parameters.hyperIncreaseBps() / packetBits;
    this.increaseFrom = mlx5 ? parameters.fastRecoverySteps() + 1 : parameters.fastRecoverySteps();
    if (mlx5 && byteCounter > 0) {
      throw new IllegalArgumentException(
          "the mlx5 rules are derived for a reaction point without a byte counter");
    }
  }

  /** RED, equation (1). */
  private double marking(double queue) {
    if (queue <= kmin) {
      return 0;
    }
    return queue <= kmax ? (queue - kmin) / (kmax - kmin) * parameters.pmax() : 1;
  }

  /**
   * The terms of equations (2)–(5) for marking probability p and a sender at rate r packets per
   * second (both as they were τ* ago): a, b, c, d, e, α's drive {@code 1 − (1 − p)^(τ'·r)}, the
   * clamp weight, and (mlx5) the hyper-increase rate factor.
   */
  private double[] terms(double p, double r, double[] out) {
    Parameters m = parameters;
    double log = p >= 1 ? Double.NEGATIVE_INFINITY : Math.log1p(-p);
    // (1 − p)^n, with 0^0 = 1 and (1 − p)^n → 0 as p → 1
    double cut = p <= 0 ? 0 : -Math.expm1(m.cutInterval() * r * log);
    double expiriesPerPacket = expiries(p, m.timer() * r, log); // d
    double counterPerPacket = byteCounter > 0 ? expiries(p, byteCounter, log) : 0; // b
    out[0] = cut;
    out[1] = counterPerPacket;
    out[2] = counterPerPacket * unmarked(increaseFrom * byteCounter, log);
    out[3] = expiriesPerPacket;
    double afterFastRecovery = unmarked(increaseFrom * m.timer() * r, log);
    if (mlx5) {
      // additive on expiry F + 1 alone, hyper from F + 2 (rdma-hw.cc, RateIncEventMlx)
      double afterAdditive = unmarked((increaseFrom + 1) * m.timer() * r, log);
      out[4] = expiriesPerPacket * (afterFastRecovery - afterAdditive);
      out[7] = expiriesPerPacket * afterAdditive;
    } else {
      out[4] = expiriesPerPacket * afterFastRecovery;
      out[7] = 0;
    }
    out[5] = p <= 0 ? 0 : -Math.expm1(m.alphaPeriod() * r * log);
    // mlx5 clamps RT only if the timer expired since the previous cut: no cut in the last T
    out[6] = mlx5 ? unmarked(m.timer() * r, log) : 1;
    return out;
  }

  /** Expiries per packet sent of a counter that expires after {@code packets} unmarked packets. */
  private static double expiries(double p, double packets, double log) {
    if (packets <= 0) {
      return 0;
    }
    if (p <= 0) {
      return 1 / packets;
    }
    if (p >= 1) {
      return 0;
    }
    return p / Math.expm1(-packets * log);
  }

  /** {@code (1 − p)^packets}: the chance that that many packets went unmarked. */
  private static double unmarked(double packets, double log) {
    return packets == 0 ? 1 : Math.exp(packets * log);
  }

  /**
   * The fixed point of {@code flows} identical flows sharing the bottleneck (the papers' rules).
   *
   * @param flows N
   * @return the fixed point
   * @throws IllegalStateException if equation (8) has no root with p* ≤ Pmax (the queue would sit
   *     above Kmax)
   */
  FixedPoint fixedPoint(int flows) {
    if (mlx5) {
      throw new IllegalStateException("equation (8) is the papers' fixed point");
    }
    Parameters m = parameters;
    double rate = capacity / flows;
    double[] t = new double[8];
    // the left side of (8) grows with p (CoNEXT 2016, proof of Theorem 1): bisect on log p
    double low = 1e-12;
    double high = m.pmax();
    if (balance(high, rate, t) < 0) {
      throw new IllegalStateException(
          "no fixed point with p* <= Pmax = " + m.pmax() + " for " + flows + " flows");
    }
    for (int i = 0; i < 200; i++) {
      double mid = Math.sqrt(low * high);
      if (balance(mid, rate, t) > 0) {
        high = mid;
      } else {
        low = mid;
      }
    }
    double p = Math.sqrt(low * high);
    double queue = kmin + p / m.pmax() * (kmax - kmin);
    double alpha = -Math.expm1(m.alphaPeriod() * rate * Math.log1p(-p));
    return new FixedPoint(p, queue * m.frameBytes(), alpha, rate * 8.0 * m.wireBytes());
  }

  private double balance(double p, double rate, double[] t) {
    terms(p, rate, t);
    double alpha = t[5];
    double tau = parameters.cutInterval();
    return t[0] * t[0] * alpha / ((t[1] + t[3]) * (t[2] + t[4]))
        - tau * tau * additiveIncrease * rate;
  }

  /**
   * Integrates {@code flows} flows that start together at the line rate.
   *
   * @param flows N
   * @param seconds how long
   * @param sampleInterval seconds between samples, a multiple of the step
   * @return the sampled trajectory
   */
  Trajectory run(int flows, double seconds, double sampleInterval) {
    return run(List.of(new Group(flows, 0)), seconds, sampleInterval);
  }

  /**
   * Integrates groups of flows, each group starting at the line rate at its start time.
   *
   * @param groups the groups
   * @param seconds how long
   * @param sampleInterval seconds between samples, a multiple of the step
   * @return the sampled trajectory, one flow rate per group
   */
  Trajectory run(List<Group> groups, double seconds, double sampleInterval) {
    int n = groups.size();
    double step = parameters.step();
    int size = 3 * n + 1; // per group R_C, R_T, α of one of its flows; then the queue
    double[] y = new double[size];
    boolean[] marked = new boolean[n];
    long[] startStep = new long[n];
    int[] count = new int[n];
    for (int i = 0; i < n; i++) {
      startStep[i] = Math.round(groups.get(i).start() / step);
      count[i] = groups.get(i).flows();
    }
    int delaySteps = Math.max(1, (int) Math.round(parameters.feedbackDelay() / step));
    // history of each group's R_C and of the queue, one entry per step, oldest first from head
    double[][] rateHistory = new double[delaySteps + 1][n];
    double[] queueHistory = new double[delaySteps + 1];
    int head = 0; // index of the value delaySteps ago
    int perSample = (int) Math.round(sampleInterval / step);
    int samples = (int) Math.round(seconds / sampleInterval) + 1;
    double[] queue = new double[samples];
    double[] aggregate = new double[samples];
    double[][] flowRates = new double[n][samples];
    double[] k1 = new double[size];
    double[] k2 = new double[size];
    double[] k3 = new double[size];
    double[] k4 = new double[size];
    double[] tmp = new double[size];
    double[] midRates = new double[n];
    double[] t = new double[8];
    double wireBits = 8.0 * parameters.wireBytes();
    long steps = (long) (samples - 1) * perSample;
    for (long k = 0; ; k++) {
      for (int i = 0; i < n; i++) {
        if (k == startStep[i]) {
          y[3 * i] = line;
          y[3 * i + 1] = line;
          y[3 * i + 2] = 1;
        }
      }
      if (k % perSample == 0) {
        int s = (int) (k / perSample);
        queue[s] = y[3 * n] * parameters.frameBytes();
        double sum = 0;
        for (int i = 0; i < n; i++) {
          flowRates[i][s] = y[3 * i] * wireBits;
          sum += count[i] * y[3 * i];
        }
        aggregate[s] = sum * wireBits;
      }
      if (k == steps) {
        break;
      }
      double[] lagRates = rateHistory[head];
      double[] nextRates = rateHistory[(head + 1) % rateHistory.length];
      double lagQueue = queueHistory[head];
      double nextQueue = queueHistory[(head + 1) % queueHistory.length];
      for (int i = 0; i < n; i++) {
        midRates[i] = (lagRates[i] + nextRates[i]) / 2;
      }
      double midQueue = (lagQueue + nextQueue) / 2;
      if (marking(lagQueue) > 0) {
        for (int i = 0; i < n; i++) {
          marked[i] |= lagRates[i] > 0;
        }
      }
      derivative(y, count, marked, lagRates, lagQueue, k1, t);
      stepFrom(y, k1, step / 2, tmp);
      derivative(tmp, count, marked, midRates, midQueue, k2, t);
      stepFrom(y, k2, step / 2, tmp);
      derivative(tmp, count, marked, midRates, midQueue, k3, t);
      stepFrom(y, k3, step, tmp);
      derivative(tmp, count, marked, nextRates, nextQueue, k4, t);
      for (int j = 0; j < size; j++) {
        y[j] += step / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
      }
      bound(y, n);
      // the slot of the oldest value now holds the newest
      for (int i = 0; i < n; i++) {
        rateHistory[head][i] = y[3 * i];
      }
      queueHistory[head] = y[3 * n];
      head = (head + 1) % rateHistory.length;
    }
    return new Trajectory(sampleInterval, queue, aggregate, flowRates);
  }

  private static void stepFrom(double[] y, double[] slope, double h, double[] out) {
    for (int j = 0; j < y.length; j++) {
      out[j] = y[j] + h * slope[j];
    }
  }

  private void bound(double[] y, int n) {
    for (int i = 0; i < n; i++) {
      if (y[3 * i] == 0) {
        continue; // not started
      }
      double rc = Math.max(minRate, Math.min(line, y[3 * i]));
      y[3 * i] = rc;
      y[3 * i + 1] = Math.max(rc, Math.min(line, y[3 * i + 1]));
      y[3 * i + 2] = Math.max(0, Math.min(1, y[3 * i + 2]));
    }
    y[3 * n] = Math.max(0, y[3 * n]);
  }

  /** Equations (2)–(5) at state y, with p and each R_C as they were τ* ago. */
  private void derivative(
      double[] y,
      int[] count,
      boolean[] marked,
      double[] lagRates,
      double lagQueue,
      double[] dy,
      double[] t) {
    Parameters m = parameters;
    int n = lagRates.length;
    double p = marking(lagQueue);
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double rc = y[3 * i];
      double rt = y[3 * i + 1];
      double alpha = y[3 * i + 2];
      double lagRate = lagRates[i];
      if (rc == 0 || lagRate == 0) {
        dy[3 * i] = 0; // not started, or too recently for its sending to have reached the queue
        dy[3 * i + 1] = 0;
        dy[3 * i + 2] = 0;
        sum += count[i] * rc;
        continue;
      }
      terms(p, lagRate, t);
      dy[3 * i] =
          -rc * alpha / (2 * m.cutInterval()) * t[0] + (rt - rc) / 2 * lagRate * (t[1] + t[3]);
      dy[3 * i + 1] =
          -(rt - rc) / m.cutInterval() * t[0] * t[6]
              + additiveIncrease * lagRate * (t[2] + t[4])
              + hyperIncrease * lagRate * t[7];
      dy[3 * i + 2] = marked[i] ? m.g() / m.alphaPeriod() * (t[5] - alpha) : 0;
      sum += count[i] * rc;
    }
    double dq = sum - capacity;
    dy[3 * n] = y[3 * n] <= 0 && dq < 0 ? 0 : dq;
  }
}
