package dev.rocelab.calibration.internal.fit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.calibration.CalibratorTest;
import dev.rocelab.calibration.internal.FabricSettings;
import org.junit.jupiter.api.Test;

class HeldSettingTest {

  private static DcqcnParameters dcqcn(FabricSpec fabric) {
    return FabricSettings.dcqcn(fabric).orElseThrow();
  }

  @Test
  void aSettingScaledChangesThatSettingOnEveryNicAndNothingElse() {
    FabricSpec fabric = CalibratorTest.fabric();
    DcqcnParameters file = dcqcn(fabric);

    DcqcnParameters doubled = dcqcn(HeldSetting.ADDITIVE_INCREASE.scaled(fabric, 2).orElseThrow());
    assertThat(doubled.additiveIncrease())
        .isEqualTo(Rate.bps(2 * file.additiveIncrease().bitsPerSecond()));
    assertThat(doubled)
        .usingRecursiveComparison()
        .ignoringFields("additiveIncrease")
        .isEqualTo(file);
    assertThat(
            dcqcn(HeldSetting.ALPHA_UPDATE_PERIOD.scaled(fabric, 0.5).orElseThrow())
                .alphaUpdatePeriod())
        .isEqualTo(SimTime.picos(file.alphaUpdatePeriod().picos() / 2));
    assertThat(
            HeldSetting.RATE_DECREASE_PERIOD.scaled(fabric, 2).orElseThrow().nicProfiles().values())
        .allSatisfy(
            nic ->
                assertThat(nic.dcqcn().rateDecreasePeriod())
                    .isEqualTo(SimTime.picos(2 * file.rateDecreasePeriod().picos())));
  }

  /** mlx5's F is 1: halved it is still 1, and there is nothing to count. */
  @Test
  void aSettingThatDoesNotChangeIsNotScaled() {
    FabricSpec fabric = CalibratorTest.fabric();
    assertThat(dcqcn(fabric).fastRecoverySteps()).isEqualTo(1);

    assertThat(HeldSetting.FAST_RECOVERY_STEPS.scaled(fabric, 0.5)).isEmpty();
    assertThat(
            dcqcn(HeldSetting.FAST_RECOVERY_STEPS.scaled(fabric, 2).orElseThrow())
                .fastRecoverySteps())
        .isEqualTo(2);
    assertThat(HeldSetting.FAST_RECOVERY_STEPS.in(fabric)).contains("1");
  }
}
