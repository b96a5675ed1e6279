package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import org.apiguardian.api.API;

/**
 * DCQCN congestion control of a NIC (Zhu et al., SIGCOMM 2015; NVIDIA mlx5 parameter names in
 * brackets). The reaction point cuts its rate on a CNP ({@code RC ← RC·(1−α/2)}), updates α with
 * gain {@code g}, and recovers through fast recovery, additive and hyper increase driven by a timer
 * and a byte counter; the notification point sends at most one CNP per QP per {@code cnpInterval}.
 *
 * @param enabled whether the NIC runs DCQCN; when false, flows send at line rate (PFC only)
 * @param g the α gain (paper: 1/256)
 * @param initialAlpha α of a new QP [initial_alpha_value / 1024]
 * @param alphaUpdatePeriod how often α decays without CNPs (paper: 55 µs)
 * @param rateDecreasePeriod minimum time between two rate cuts [rate_reduce_monitor_period]
 * @param rateIncreaseTimer the increase timer [rpg_time_reset]
 * @param byteCounter the increase byte counter [rpg_byte_reset]
 * @param fastRecoverySteps F, the fast-recovery stages before additive increase [rpg_threshold]
 * @param additiveIncrease R_AI [rpg_ai_rate]
 * @param hyperIncrease R_HAI [rpg_hai_rate]
 * @param minRate the rate never cut below [rpg_min_rate]
 * @param cnpInterval the notification point's minimum time between CNPs per QP [min_time_between_cnps]
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
   * NVIDIA mlx5 firmware defaults (mlxconfig / DCQCN parameter documentation): 300 µs timer,
   * 32767 B byte counter, 5 Mb/s additive, 50 Mb/s hyper increase, F = 1, α₀ = 1023/1024, 4 µs
   * rate-decrease and CNP intervals; g and the α period follow the paper.
   */
  public static final DcqcnParameters MLX5_DEFAULTS = new DcqcnParameters(
      true, 1.0 / 256, 1023.0 / 1024, SimTime.micros(55), SimTime.micros(4), SimTime.micros(300),
      DataSize.bytes(32767), 1, Rate.mbps(5), Rate.mbps(50), Rate.mbps(10), SimTime.micros(4));

  /** Validates gains in (0, 1], positive timers and rates. */
  public DcqcnParameters {
    if (!(g > 0 && g <= 1)) {
      throw new IllegalArgumentException("g must be in (0, 1] but was " + g);
    }
    Checks.fraction(initialAlpha, "initialAlpha");
    Checks.positive(alphaUpdatePeriod, "alphaUpdatePeriod");
    Checks.positive(rateDecreasePeriod, "rateDecreasePeriod");
    Checks.positive(rateIncreaseTimer, "rateIncreaseTimer");
    Checks.positive(byteCounter, "byteCounter");
    Checks.positive(fastRecoverySteps, "fastRecoverySteps");
    Checks.notNull(additiveIncrease, "additiveIncrease");
    Checks.notNull(hyperIncrease, "hyperIncrease");
    Checks.positive(minRate, "minRate");
    Checks.positive(cnpInterval, "cnpInterval");
  }

}
