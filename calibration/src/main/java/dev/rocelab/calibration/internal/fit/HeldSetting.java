package dev.rocelab.calibration.internal.fit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.calibration.internal.FabricSettings;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A DCQCN setting the fit holds at the fabric file's value: no step of the calibration suite pins
 * it down apart from the parameters the fit moves (the recovery's slope is R_AI per increase-timer
 * period), yet a lab's NICs may run another value than the file says. Each fitted value's error
 * counts how far a lab running such a setting at {@link #FACTORS twice or half} the file's value
 * would move the fit.
 */
@API(status = INTERNAL, since = "0.3")
public enum HeldSetting {
  /** R_AI, the additive increase [rpg_ai_rate]. */
  ADDITIVE_INCREASE("R_AI"),
  /** R_HAI, the hyper increase [rpg_hai_rate]. */
  HYPER_INCREASE("R_HAI"),
  /** F, the stage threshold of fast recovery [rpg_threshold]. */
  FAST_RECOVERY_STEPS("F"),
  /** The least time between two rate cuts [rate_reduce_monitor_period]. */
  RATE_DECREASE_PERIOD("rate-decrease period"),
  /** How often α is updated [dce_tcp_rtt]. */
  ALPHA_UPDATE_PERIOD("α update period");

  /** The factors of the file's value a lab's NICs may run, as the α gain's refits test. */
  static final List<Double> FACTORS = List.of(2.0, 0.5);

  private final String title;

  HeldSetting(String title) {
    this.title = title;
  }

  /**
   * @return what reports call it
   */
  String title() {
    return title;
  }

  /**
   * @param fabric a fabric
   * @return the setting's value in the fabric file's syntax, if its NICs run DCQCN
   */
  Optional<String> in(FabricSpec fabric) {
    return FabricSettings.dcqcn(fabric)
        .map(
            d ->
                switch (this) {
                  case ADDITIVE_INCREASE -> d.additiveIncrease().toString();
                  case HYPER_INCREASE -> d.hyperIncrease().toString();
                  case FAST_RECOVERY_STEPS -> Integer.toString(d.fastRecoverySteps());
                  case RATE_DECREASE_PERIOD -> d.rateDecreasePeriod().toString();
                  case ALPHA_UPDATE_PERIOD -> d.alphaUpdatePeriod().toString();
                });
  }

  /**
   * The fabric with this setting a factor of its value on every NIC profile.
   *
   * @param fabric a fabric whose NICs run DCQCN
   * @param factor the factor
   * @return the changed fabric, empty where the setting would not change (F = 1 halved is still 1)
   *     or the NICs run no DCQCN
   */
  public Optional<FabricSpec> scaled(FabricSpec fabric, double factor) {
    Optional<DcqcnParameters> first = FabricSettings.dcqcn(fabric);
    if (first.isEmpty() || scaled(first.get(), factor).equals(first.get())) {
      return Optional.empty();
    }
    return Optional.of(FabricSettings.editDcqcn(fabric, d -> scaled(d, factor)));
  }

  private DcqcnParameters scaled(DcqcnParameters d, double factor) {
    return switch (this) {
      case ADDITIVE_INCREASE -> d.withAdditiveIncrease(times(d.additiveIncrease(), factor));
      case HYPER_INCREASE -> d.withHyperIncrease(times(d.hyperIncrease(), factor));
      case FAST_RECOVERY_STEPS ->
          d.withFastRecoverySteps((int) Math.max(1, Math.round(d.fastRecoverySteps() * factor)));
      case RATE_DECREASE_PERIOD -> d.withRateDecreasePeriod(times(d.rateDecreasePeriod(), factor));
      case ALPHA_UPDATE_PERIOD -> d.withAlphaUpdatePeriod(times(d.alphaUpdatePeriod(), factor));
    };
  }

  private static SimTime times(SimTime t, double factor) {
    return SimTime.picos(Math.max(1, Math.round(t.picos() * factor)));
  }

  private static Rate times(Rate r, double factor) {
    return Rate.bps(Math.round(r.bitsPerSecond() * factor));
  }
}
