package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * DCQCN congestion control of a NIC (Zhu et al., SIGCOMM 2015; NVIDIA mlx5 parameter names in
 * brackets). The reaction point cuts its rate on a CNP ({@code RC ← RC·(1−α/2)}), updates α with
 * gain {@code g}, and recovers through fast recovery, additive and hyper increase driven by a timer
 * and a byte counter; the notification point sends at most one CNP per QP per {@code cnpInterval}.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
 *
 * @param enabled whether the NIC runs DCQCN; when false, flows send at line rate (PFC only)
 * @param g the α gain (paper: 1/256)
 * @param initialAlpha α of a new QP [initial_alpha_value / 1024]
 * @param alphaUpdatePeriod how often α is updated [dce_tcp_rtt] (paper: 55 µs)
 * @param rateDecreasePeriod minimum time between two rate cuts [rate_reduce_monitor_period]
 * @param rateIncreaseTimer the increase timer [rpg_time_reset]
 * @param byteCounter the increase byte counter [rpg_byte_reset]; 0 disables it, and the increase
 *     stages follow the timer alone
 * @param fastRecoverySteps F, the stage threshold of fast recovery [rpg_threshold]; how many
 *     expiries it allows depends on the firmware's {@link NicFirmware.DcqcnVariant}
 * @param additiveIncrease R_AI [rpg_ai_rate]
 * @param hyperIncrease R_HAI [rpg_hai_rate]
 * @param minRate the rate never cut below [rpg_min_rate]
 * @param cnpInterval the notification point's minimum time between CNPs per QP
 *     [min_time_between_cnps]; 0 sends a CNP for every CE-marked packet
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DcqcnParameters(
    boolean enabled,
    double g,
    double initialAlpha,
    SimTime alphaUpdatePeriod,
    SimTime rateDecreasePeriod,
    SimTime rateIncreaseTimer,
    DataSize byteCounter,
    int fastRecoverySteps,
    Rate additiveIncrease,
    Rate hyperIncrease,
    Rate minRate,
    SimTime cnpInterval) {

  /**
   * NVIDIA mlx5 firmware defaults (ConnectX-4 and later; NVIDIA's "DCQCN CC Parameters" page and
   * {@code mlxconfig} dumps of ConnectX-5 and -6 Dx): 300 µs increase timer [rpg_time_reset], a 2
   * MiB byte counter [rpg_byte_reset 32767], F = 1 [rpg_threshold], 5 Mb/s additive and 50 Mb/s
   * hyper increase [rpg_ai_rate, rpg_hai_rate], 1 Mb/s minimum rate [rpg_min_rate], 4 µs between
   * rate cuts [rate_reduce_monitor_period] and between CNPs [min_time_between_cnps], α₀ = 1023/1024
   * [initial_alpha_value], α updated every 1 µs [dce_tcp_rtt] with g = 5/1024 [dce_tcp_g = 1019: α
   * ← 1019/1024·α + 5/1024 for a period with a CNP, as NVIDIA's DCQCN parameter page gives it]. The
   * byte counter's unit is not settled: NVIDIA's pages say bytes, but the field is 15 bits wide and
   * 32767 is its largest value; 32767 bytes would expire every 0.65 µs at 400 Gb/s and undo each
   * cut. Google's isekai model counts it in 64-byte units, and so does this default: 32767 × 64 B =
   * 2 097 088 B.
   */
  public static final DcqcnParameters MLX5_DEFAULTS =
      new DcqcnParameters(
          true,
          5.0 / 1024,
          1023.0 / 1024,
          SimTime.micros(1),
          SimTime.micros(4),
          SimTime.micros(300),
          DataSize.bytes(32767L * 64),
          1,
          Rate.mbps(5),
          Rate.mbps(50),
          Rate.mbps(1),
          SimTime.micros(4));

  /**
   * Validates gains in (0, 1] and positive timers and rates; the byte counter and the CNP interval
   * may be 0.
   */
  public DcqcnParameters {
    if (!(g > 0 && g <= 1)) {
      throw new IllegalArgumentException("g must be in (0, 1] but was " + g);
    }
    Checks.fraction(initialAlpha, "initialAlpha");
    Checks.positive(alphaUpdatePeriod, "alphaUpdatePeriod");
    Checks.positive(rateDecreasePeriod, "rateDecreasePeriod");
    Checks.positive(rateIncreaseTimer, "rateIncreaseTimer");
    Checks.notNull(byteCounter, "byteCounter");
    Checks.positive(fastRecoverySteps, "fastRecoverySteps");
    Checks.notNull(additiveIncrease, "additiveIncrease");
    Checks.notNull(hyperIncrease, "hyperIncrease");
    Checks.positive(minRate, "minRate");
    Checks.notNull(cnpInterval, "cnpInterval");
  }

  /**
   * @param enabled whether the NIC runs DCQCN; when false, flows send at line rate (PFC only)
   * @return a copy with {@code enabled}
   * @since 0.3
   */
  public DcqcnParameters withEnabled(boolean enabled) {
    return change(d -> d.enabled = enabled);
  }

  /**
   * @param g the α gain (paper: 1/256)
   * @return a copy with {@code g}
   * @since 0.3
   */
  public DcqcnParameters withG(double g) {
    return change(d -> d.g = g);
  }

  /**
   * @param initialAlpha α of a new QP [initial_alpha_value / 1024]
   * @return a copy with {@code initialAlpha}
   * @since 0.3
   */
  public DcqcnParameters withInitialAlpha(double initialAlpha) {
    return change(d -> d.initialAlpha = initialAlpha);
  }

  /**
   * @param alphaUpdatePeriod how often α is updated [dce_tcp_rtt] (paper: 55 µs)
   * @return a copy with {@code alphaUpdatePeriod}
   * @since 0.3
   */
  public DcqcnParameters withAlphaUpdatePeriod(SimTime alphaUpdatePeriod) {
    return change(d -> d.alphaUpdatePeriod = alphaUpdatePeriod);
  }

  /**
   * @param rateDecreasePeriod minimum time between two rate cuts [rate_reduce_monitor_period]
   * @return a copy with {@code rateDecreasePeriod}
   * @since 0.3
   */
  public DcqcnParameters withRateDecreasePeriod(SimTime rateDecreasePeriod) {
    return change(d -> d.rateDecreasePeriod = rateDecreasePeriod);
  }

  /**
   * @param rateIncreaseTimer the increase timer [rpg_time_reset]
   * @return a copy with {@code rateIncreaseTimer}
   * @since 0.3
   */
  public DcqcnParameters withRateIncreaseTimer(SimTime rateIncreaseTimer) {
    return change(d -> d.rateIncreaseTimer = rateIncreaseTimer);
  }

  /**
   * @param byteCounter the increase byte counter [rpg_byte_reset]; 0 disables it, and the increase
   *     stages follow the timer alone
   * @return a copy with {@code byteCounter}
   * @since 0.3
   */
  public DcqcnParameters withByteCounter(DataSize byteCounter) {
    return change(d -> d.byteCounter = byteCounter);
  }

  /**
   * @param fastRecoverySteps F, the stage threshold of fast recovery [rpg_threshold]; how many
   *     expiries it allows depends on the firmware's {@link NicFirmware.DcqcnVariant}
   * @return a copy with {@code fastRecoverySteps}
   * @since 0.3
   */
  public DcqcnParameters withFastRecoverySteps(int fastRecoverySteps) {
    return change(d -> d.fastRecoverySteps = fastRecoverySteps);
  }

  /**
   * @param additiveIncrease R_AI [rpg_ai_rate]
   * @return a copy with {@code additiveIncrease}
   * @since 0.3
   */
  public DcqcnParameters withAdditiveIncrease(Rate additiveIncrease) {
    return change(d -> d.additiveIncrease = additiveIncrease);
  }

  /**
   * @param hyperIncrease R_HAI [rpg_hai_rate]
   * @return a copy with {@code hyperIncrease}
   * @since 0.3
   */
  public DcqcnParameters withHyperIncrease(Rate hyperIncrease) {
    return change(d -> d.hyperIncrease = hyperIncrease);
  }

  /**
   * @param minRate the rate never cut below [rpg_min_rate]
   * @return a copy with {@code minRate}
   * @since 0.3
   */
  public DcqcnParameters withMinRate(Rate minRate) {
    return change(d -> d.minRate = minRate);
  }

  /**
   * @param cnpInterval the notification point's minimum time between CNPs per QP
   *     [min_time_between_cnps]; 0 sends a CNP for every CE-marked packet
   * @return a copy with {@code cnpInterval}
   * @since 0.3
   */
  public DcqcnParameters withCnpInterval(SimTime cnpInterval) {
    return change(d -> d.cnpInterval = cnpInterval);
  }

  /** A copy with one or more components changed, validated anew. */
  private DcqcnParameters change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next DcqcnParameters. */
  private static final class Draft {
    private boolean enabled;
    private double g;
    private double initialAlpha;
    private SimTime alphaUpdatePeriod;
    private SimTime rateDecreasePeriod;
    private SimTime rateIncreaseTimer;
    private DataSize byteCounter;
    private int fastRecoverySteps;
    private Rate additiveIncrease;
    private Rate hyperIncrease;
    private Rate minRate;
    private SimTime cnpInterval;

    Draft(DcqcnParameters from) {
      enabled = from.enabled;
      g = from.g;
      initialAlpha = from.initialAlpha;
      alphaUpdatePeriod = from.alphaUpdatePeriod;
      rateDecreasePeriod = from.rateDecreasePeriod;
      rateIncreaseTimer = from.rateIncreaseTimer;
      byteCounter = from.byteCounter;
      fastRecoverySteps = from.fastRecoverySteps;
      additiveIncrease = from.additiveIncrease;
      hyperIncrease = from.hyperIncrease;
      minRate = from.minRate;
      cnpInterval = from.cnpInterval;
    }

    DcqcnParameters build() {
      return new DcqcnParameters(
          enabled,
          g,
          initialAlpha,
          alphaUpdatePeriod,
          rateDecreasePeriod,
          rateIncreaseTimer,
          byteCounter,
          fastRecoverySteps,
          additiveIncrease,
          hyperIncrease,
          minRate,
          cnpInterval);
    }
  }
}
