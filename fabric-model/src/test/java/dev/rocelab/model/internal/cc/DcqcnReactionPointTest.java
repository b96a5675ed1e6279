package dev.rocelab.model.internal.cc;

import static dev.rocelab.model.internal.cc.DcqcnReactionPoint.ALPHA_ONE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DcqcnReactionPointTest {

  private static final long G100 = 100_000_000_000L;
  private static final long US = 1_000_000L;
  private static final long NEVER = Long.MAX_VALUE;

  /**
   * The parameter set these tests were written against: the paper's g = 1/256 and 55 µs α period
   * with mlx5's timers, counter and increase steps (300 µs, 32 767 B, F = 1, 5 and 50 Mb/s), 4 µs
   * between cuts and CNPs, α₀ = 1023/1024 and a 10 Mb/s minimum rate.
   */
  private static final DcqcnParameters BASE =
      DcqcnParameters.MLX5_DEFAULTS
          .withG(1.0 / 256)
          .withAlphaUpdatePeriod(SimTime.micros(55))
          .withByteCounter(DataSize.bytes(32767))
          .withMinRate(Rate.mbps(10));

  // ---------------------------------------------------------------- fidelity case 5: the cut

  @Test
  void oneCnpAtAlphaOneHalvesTheRateWithinOneDecreasePeriod() {
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), G100, 0);

    rp.onCnp(10 * US);

    // 100 Gb/s × (1 − 1/2) = 50 Gb/s at the CNP itself; the 300 µs increase timer cannot undo
    // it before the 4 µs decrease period is over
    assertThat(rp.rateBps()).isEqualTo(50_000_000_000L);
    rp.onTimer(14 * US - 1);
    assertThat(rp.rateBps()).isEqualTo(50_000_000_000L);
    assertThat(rp.targetRateBps()).as("RT ← RC before the cut").isEqualTo(G100);
    assertThat(rp.cuts()).isEqualTo(1);
  }

  @Test
  void cnpsEveryDecreasePeriodHalveTheRateDownToTheMinimumAndNeverBelow() {
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), G100, 0);
    // α stays exactly 1: (1 − g)·1 + g = 1, so every cut halves, rounding halves up:
    // 100G → 50G → 25G → 12.5G → … → 48 828 125 → 24 414 062.5 ≈ 24 414 063
    // → 12 207 031.5 ≈ 12 207 032 → 6 103 516 < 10 Mb/s minimum → 10 000 000
    long[] expected = {
      50_000_000_000L,
      25_000_000_000L,
      12_500_000_000L,
      6_250_000_000L,
      3_125_000_000L,
      1_562_500_000L,
      781_250_000L,
      390_625_000L,
      195_312_500L,
      97_656_250L,
      48_828_125L,
      24_414_063L,
      12_207_032L,
      10_000_000L,
      10_000_000L
    };
    long minRate = 10_000_000L;

    for (int i = 0; i < 1000; i++) {
      long before = rp.rateBps();
      double alpha = rp.alpha();
      rp.onCnp(i * 4 * US);

      double floating = Math.max(minRate, before * (1 - alpha / 2));
      assertThat((double) rp.rateBps())
          .as("cut %d against RC·(1 − α/2)", i + 1)
          .isCloseTo(floating, within(1.0));
      assertThat(rp.rateBps()).as("rate after cut %d", i + 1).isGreaterThanOrEqualTo(minRate);
      if (i < expected.length) {
        assertThat(rp.rateBps()).as("rate after cut %d", i + 1).isEqualTo(expected[i]);
      }
    }
    assertThat(rp.cuts()).isEqualTo(1000);
    assertThat(rp.alphaFixed()).isEqualTo(ALPHA_ONE);
  }

  @Test
  void firstCutAtTheMlx5InitialAlphaIsExact() {
    var rp = new DcqcnReactionPoint(DcqcnParameters.MLX5_DEFAULTS, G100, 0);

    rp.onCnp(0);

    // α₀ = 1023/1024 (exact in 2^20 fixed point: 1 047 552): 100G × (1 − 1023/2048)
    // = 100G × 1025/2048 = 50 048 828 125 b/s, no rounding involved
    assertThat(rp.rateBps()).isEqualTo(50_048_828_125L);
  }

  @Test
  void cnpsInsideTheDecreasePeriodDoNotCutAgain() {
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), G100, 0);

    rp.onCnp(0);
    rp.onCnp(1 * US);
    rp.onCnp(4 * US - 1);

    assertThat(rp.rateBps()).isEqualTo(50_000_000_000L);
    assertThat(rp.cuts()).isEqualTo(1);
    assertThat(rp.cnpsReceived()).isEqualTo(3);

    rp.onCnp(4 * US); // the period is over: 50G → 25G

    assertThat(rp.rateBps()).isEqualTo(25_000_000_000L);
    assertThat(rp.cuts()).isEqualTo(2);
  }

  @Test
  void mlx5KeepsTheTargetThroughBackToBackCutsSoTheRateClimbsBackFaster() {
    // F = 2, timer 100 µs, R_AI = 100 Mb/s, α = 1 throughout (1 s α period): two cuts, then timer
    // expiries with no bytes sent
    var p =
        BASE.withInitialAlpha(1.0)
            .withAlphaUpdatePeriod(SimTime.seconds(1))
            .withFastRecoverySteps(2)
            .withRateIncreaseTimer(SimTime.micros(100))
            .withAdditiveIncrease(Rate.mbps(100));
    var paper = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.PAPER, G100, 0);
    var mlx5 = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.MLX5, G100, 0);
    paper.onCnp(0);
    paper.onCnp(4 * US);
    mlx5.onCnp(0); // cuts at the first check, 4 µs later
    mlx5.onCnp(5 * US); // cuts at the next one, 8 µs

    // both cut 100G → 50G → 25G; the paper lowers RT to 50G at the second cut, mlx5 keeps 100G
    assertRates(paper, 50_000_000_000L, 25_000_000_000L);
    mlx5.onTimer(8 * US);
    assertRates(mlx5, 100_000_000_000L, 25_000_000_000L);

    // first expiry: fast recovery for both, RC = (RT + RC)/2
    paper.onTimer(104 * US);
    mlx5.onTimer(108 * US);
    assertRates(paper, 50_000_000_000L, 37_500_000_000L);
    assertRates(mlx5, 100_000_000_000L, 62_500_000_000L);
    // second expiry (T = F = 2): the paper's first additive step; mlx5's second fast recovery
    paper.onTimer(204 * US);
    mlx5.onTimer(208 * US);
    assertRates(paper, 50_100_000_000L, 43_800_000_000L);
    assertRates(mlx5, 100_000_000_000L, 81_250_000_000L);

    // after timer increases (the third at 308 µs: additive, RT capped at 100G, RC = 90.625G), mlx5
    // lowers RT at the next cut like the paper does
    mlx5.onCnp(310 * US); // the check grid from the first CNP: 312 µs
    mlx5.onTimer(312 * US - 1);
    assertThat(mlx5.cuts()).isEqualTo(2);
    mlx5.onTimer(312 * US);
    assertRates(mlx5, 90_625_000_000L, 45_312_500_000L);
  }

  @Test
  void mlx5CutsOncePerMonitorPeriodHoweverManyCnpsArrived() {
    var p = BASE.withInitialAlpha(1.0).withAlphaUpdatePeriod(SimTime.seconds(1));
    var rp = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.MLX5, G100, 0);

    rp.onCnp(10 * US); // the grid starts here: checks at 14, 18, 22 … µs
    rp.onCnp(11 * US);
    rp.onCnp(13 * US);
    assertThat(rp.rateBps()).as("no cut before the first check").isEqualTo(G100);
    assertThat(rp.nextWakeupPs()).isEqualTo(14 * US);

    rp.onTimer(14 * US);
    assertThat(rp.rateBps()).isEqualTo(50_000_000_000L);
    rp.onCnp(14 * US); // at the instant of a check that already cut: the next one
    assertThat(rp.nextWakeupPs()).isEqualTo(18 * US);
    rp.onTimer(30 * US); // one cut at 18 µs; the checks at 22, 26, 30 µs saw no CNP

    assertThat(rp.rateBps()).isEqualTo(25_000_000_000L);
    assertThat(rp.cuts()).isEqualTo(2);
    assertThat(rp.cnpsReceived()).isEqualTo(4);
  }

  @Test
  void mlx5AlphaMovesOncePerAlphaPeriodByWhetherACnpArrived() {
    // α₀ = 1/2 (2^19), g = 1/256, α period 10 µs, decrease period 100 µs; the α grid starts at
    // the first CNP (1 µs): periods end at 11, 21, 31 µs
    var p =
        BASE.withInitialAlpha(0.5)
            .withAlphaUpdatePeriod(SimTime.micros(10))
            .withRateDecreasePeriod(SimTime.micros(100));
    var rp = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.MLX5, G100, 0);

    rp.onCnp(1 * US);
    rp.onCnp(2 * US);
    rp.onCnp(3 * US);
    rp.onTimer(11 * US);
    // three CNPs in one period: once, 2^19 × 255/256 + 4096 = 522 240 + 4096
    assertThat(rp.alphaFixed()).isEqualTo(526_336L);
    rp.onTimer(21 * US); // a quiet period: floor(526 336 × 255/256) = 524 280
    assertThat(rp.alphaFixed()).isEqualTo(524_280L);

    // the cut at 101 µs uses α as it is then and leaves it alone; the paper's rule would have
    // raised α at each cut instead of each period
    rp.onTimer(101 * US);
    assertThat(rp.cuts()).isEqualTo(1);
    long alpha = rp.alphaFixed();
    assertThat(rp.rateBps())
        .isEqualTo(DcqcnReactionPoint.mulShiftRound(G100, 2 * ALPHA_ONE - alpha, 21));
  }

  @Test
  void withTheByteCounterOffTheTimerAloneReachesHyperIncrease() {
    // F = 1, timer 100 µs, no byte counter, R_AI = 100 Mb/s, R_HAI = 1 Gb/s; cut to 25G with RT 50G
    var p =
        BASE.withInitialAlpha(1.0)
            .withAlphaUpdatePeriod(SimTime.seconds(1))
            .withRateIncreaseTimer(SimTime.micros(100))
            .withByteCounter(DataSize.ZERO)
            .withAdditiveIncrease(Rate.mbps(100))
            .withHyperIncrease(Rate.gbps(1));
    var paper = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.PAPER, G100, 0);
    var mlx5 = new DcqcnReactionPoint(p, NicFirmware.DcqcnVariant.MLX5, G100, 0);
    paper.onCnp(0);
    paper.onCnp(4 * US); //  RT = 50G, RC = 25G; expiries at 104, 204, 304, 404 µs
    paper.onBytesSent(10_000_000, 5 * US); // counts for nothing
    assertRates(paper, 50_000_000_000L, 25_000_000_000L);

    // T = 1: additive (max < F fails); T = 2: hyper, i = 1; T = 3: hyper, i = 2
    paper.onTimer(104 * US);
    assertRates(paper, 50_100_000_000L, 37_550_000_000L);
    paper.onTimer(204 * US);
    assertRates(paper, 51_100_000_000L, 44_325_000_000L);
    paper.onTimer(304 * US);
    assertRates(paper, 53_100_000_000L, 48_712_500_000L);

    // mlx5: a cut at 4 µs (RT kept), one fast recovery at 104 µs, a cut at 108 µs that now
    // lowers RT: RT = 75G, RC = 37.5G. Then T = 1 fast recovery; T = 2 additive; T = 3, 4 hyper by
    // a
    // constant R_HAI
    mlx5.onCnp(0);
    mlx5.onTimer(104 * US);
    mlx5.onCnp(105 * US);
    mlx5.onTimer(108 * US);
    assertRates(mlx5, 75_000_000_000L, 37_500_000_000L);
    mlx5.onTimer(208 * US);
    assertRates(mlx5, 75_000_000_000L, 56_250_000_000L);
    mlx5.onTimer(308 * US);
    assertRates(mlx5, 75_100_000_000L, 65_675_000_000L);
    mlx5.onTimer(408 * US);
    assertRates(mlx5, 76_100_000_000L, 70_887_500_000L);
    mlx5.onTimer(508 * US);
    assertRates(mlx5, 77_100_000_000L, 73_993_750_000L);
  }

  @Test
  void reconfiguredParametersApplyFromTheNextDecisionAndTheStateStays() {
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), G100, 0);
    rp.onCnp(0); // 100G → 50G; next cut allowed from 4 µs

    rp.reconfigure(
        BASE.withInitialAlpha(1.0).withMinRate(Rate.gbps(40)), NicFirmware.DcqcnVariant.PAPER);
    rp.onCnp(4 * US); // would cut to 25G, the new minimum holds it at 40G

    assertThat(rp.rateBps()).isEqualTo(40_000_000_000L);
    assertThat(rp.cuts()).isEqualTo(2);
  }

  @Test
  void theMinimumRateAboveTheLineRateMeansTheLineRate() {
    var p = BASE.withInitialAlpha(1.0).withMinRate(Rate.gbps(200));
    var rp = new DcqcnReactionPoint(p, G100, 0);

    rp.onCnp(0);

    assertThat(rp.rateBps()).isEqualTo(G100);
    assertThat(rp.nextWakeupPs()).as("nothing to recover; α decays lazily").isEqualTo(NEVER);
  }

  // ---------------------------------------------------------------- α

  @Test
  void alphaRisesByGOnACutAndDecaysByOneMinusGPerQuietPeriod() {
    // α₀ = 1023/1024 = 1 047 552 / 2^20, g = 1/256 = 4096 / 2^20, α period 55 µs
    var rp = new DcqcnReactionPoint(BASE, G100, 0);
    assertThat(rp.alphaFixed()).isEqualTo(1_047_552L);
    assertThat(rp.nextWakeupPs()).as("an idle QP needs no timer").isEqualTo(NEVER);

    rp.onCnp(10 * US);

    // (1 − g)·α + g = 1 047 552 × 255/256 + 4096 = 1 043 460 + 4096 = 1 047 556 (exact)
    long afterCnp = 1_047_556L;
    assertThat(rp.alphaFixed()).isEqualTo(afterCnp);
    assertThat(rp.alpha()).isCloseTo((1 - 1.0 / 256) * 1023 / 1024 + 1.0 / 256, within(1e-12));

    // the period 10..65 µs saw the CNP: no decay at 65 µs
    rp.onTimer(65 * US);
    assertThat(rp.alphaFixed()).isEqualTo(afterCnp);

    // quiet periods: floor(1 047 556 × 255/256) = floor(1 043 463.98) = 1 043 463,
    // then floor(1 043 463 × 255/256) = floor(1 039 386.95) = 1 039 386
    rp.onTimer(120 * US);
    assertThat(rp.alphaFixed()).isEqualTo(1_043_463L);
    rp.onTimer(175 * US);
    assertThat(rp.alphaFixed()).isEqualTo(1_039_386L);

    // each decay rounds down by less than one unit of 2^-20, so after k quiet periods α is
    // below (1 − g)^k·α' by less than k units
    for (int k = 3; k <= 200; k++) {
      rp.onTimer((65 + 55L * k) * US);
      double exact = afterCnp * Math.pow(1 - 1.0 / 256, k);
      assertThat((double) rp.alphaFixed())
          .as("α after %d quiet periods", k)
          .isLessThanOrEqualTo(exact)
          .isGreaterThan(exact - k);
    }
  }

  @Test
  void aCnpThatDoesNotCutStillCountsAsCongestionForAlpha() {
    // decrease period 100 µs > α period 55 µs, α₀ = 1: the cut at 0 leaves α = 1
    var p = BASE.withInitialAlpha(1.0).withRateDecreasePeriod(SimTime.micros(100));
    var rp = new DcqcnReactionPoint(p, G100, 0);
    rp.onCnp(0);
    rp.onTimer(55 * US); // period 0..55 had the cut
    assertThat(rp.alphaFixed()).isEqualTo(ALPHA_ONE);

    rp.onCnp(60 * US); // inside the decrease period: no cut …
    assertThat(rp.cuts()).isEqualTo(1);
    assertThat(rp.alphaFixed()).as("α rises once per cut").isEqualTo(ALPHA_ONE);

    rp.onTimer(110 * US); // … but period 55..110 is congested: no decay
    assertThat(rp.alphaFixed()).isEqualTo(ALPHA_ONE);

    rp.onTimer(165 * US); // 2^20 × 255/256 = 1 044 480
    assertThat(rp.alphaFixed()).isEqualTo(1_044_480L);
  }

  // ---------------------------------------------------------------- recovery

  @Test
  void recoveryGoesThroughFastRecoveryAdditiveAndHyperIncrease() {
    // F = 2, timer 100 µs, byte counter 1 MB, R_AI = 100 Mb/s, R_HAI = 1 Gb/s
    var p =
        BASE.withInitialAlpha(1.0)
            .withFastRecoverySteps(2)
            .withRateIncreaseTimer(SimTime.micros(100))
            .withByteCounter(DataSize.mb(1))
            .withAdditiveIncrease(Rate.mbps(100))
            .withHyperIncrease(Rate.gbps(1));
    var rp = new DcqcnReactionPoint(p, G100, 0);
    rp.onCnp(0); //            RT = 100G, RC = 50G
    rp.onCnp(4 * US); //       RT = 50G,  RC = 25G; timer due at 104, 204, 304, 404 µs
    assertThat(rp.targetRateBps()).isEqualTo(50_000_000_000L);
    assertThat(rp.rateBps()).isEqualTo(25_000_000_000L);

    // T=1 BC=0, max < F: fast recovery, RC = (50G + 25G)/2
    rp.onTimer(104 * US);
    assertRates(rp, 50_000_000_000L, 37_500_000_000L);
    // T=1 BC=1: fast recovery, RC = (50G + 37.5G)/2
    rp.onBytesSent(1_000_000, 110 * US);
    assertRates(rp, 50_000_000_000L, 43_750_000_000L);
    // T=2 BC=1, neither max < F nor min > F: additive, RT = 50.1G, RC = (50.1G + 43.75G)/2
    rp.onTimer(204 * US);
    assertRates(rp, 50_100_000_000L, 46_925_000_000L);
    // two byte-counter expiries at once: T=2 BC=2 and T=2 BC=3, both additive:
    // RT = 50.2G, RC = (50.2G + 46.925G)/2 = 48.5625G; RT = 50.3G, RC = 49.43125G
    rp.onBytesSent(2_000_000, 210 * US);
    assertRates(rp, 50_300_000_000L, 49_431_250_000L);
    // T=3 BC=3, min > F: hyper, i = 1: RT = 51.3G, RC = (51.3G + 49.43125G)/2 = 50.365625G
    rp.onTimer(304 * US);
    assertRates(rp, 51_300_000_000L, 50_365_625_000L);
    // T=4 BC=3: hyper, i = 1: RT = 52.3G, RC = 51.3328125G
    rp.onTimer(404 * US);
    assertRates(rp, 52_300_000_000L, 51_332_812_500L);
    // T=4 BC=4: hyper, i = 2: RT = 54.3G, RC = 52.81640625G
    rp.onBytesSent(1_000_000, 410 * US);
    assertRates(rp, 54_300_000_000L, 52_816_406_250L);
  }

  @Test
  void theByteCounterAloneTriggersIncreases() {
    // F = 3, a 1 s timer that never fires here, byte counter 32 767 B
    var p =
        BASE.withInitialAlpha(1.0)
            .withFastRecoverySteps(3)
            .withRateIncreaseTimer(SimTime.seconds(1));
    var rp = new DcqcnReactionPoint(p, G100, 0);
    rp.onCnp(0); // RT = 100G, RC = 50G

    rp.onBytesSent(32_000, 1 * US);
    rp.onBytesSent(766, 2 * US);
    assertThat(rp.rateBps()).as("32 766 B: no expiry yet").isEqualTo(50_000_000_000L);

    rp.onBytesSent(1, 3 * US); // BC = 1: fast recovery, (100G + 50G)/2
    assertRates(rp, G100, 75_000_000_000L);

    rp.onBytesSent(32_767, 4 * US); // BC = 2: fast recovery, (100G + 75G)/2
    assertRates(rp, G100, 87_500_000_000L);
  }

  @Test
  void aCutRestartsTheTimerStageAndTheByteCount() {
    var rp = recoveredPastBothThresholds(32_766);

    rp.onCnp(700 * US); // RT = 96.875G, RC = 48.4375G
    assertRates(rp, 96_875_000_000L, 48_437_500_000L);
    rp.onBytesSent(1, 701 * US);
    assertThat(rp.rateBps())
        .as("the 32 766 B before the cut no longer count")
        .isEqualTo(48_437_500_000L);

    // BC = 1, 2 with T = 0: additive twice, RT = 96.88G, 96.885G;
    // RC = 48.4375G + 24.22125G = 72.65875G, then + 12.113125G = 84.771875G.
    // Had T carried on (T = 2) the second would be hyper.
    rp.onBytesSent(2 * 32_767 - 1, 702 * US);
    assertRates(rp, 96_885_000_000L, 84_771_875_000L);
  }

  @Test
  void aCutRestartsTheByteCounterStage() {
    var rp = recoveredPastBothThresholds(0);

    rp.onCnp(700 * US); // RT = 96.875G, RC = 48.4375G; timer due at 1000 and 1300 µs

    // T = 1, 2 with BC = 0: additive twice, the same rates as above.
    // Had BC carried on (BC = 2) the second would be hyper.
    rp.onTimer(1300 * US);
    assertRates(rp, 96_885_000_000L, 84_771_875_000L);
  }

  /**
   * F = 1, byte counter 32 767 B, timer 300 µs, α = 1 throughout (1 s α period); a cut at 0, then T
   * = 2 and BC = 2: RC = 96.875G, RT = 100G.
   */
  private static DcqcnReactionPoint recoveredPastBothThresholds(long extraBytes) {
    var p = BASE.withInitialAlpha(1.0).withAlphaUpdatePeriod(SimTime.seconds(1));
    var rp = new DcqcnReactionPoint(p, G100, 0);
    rp.onCnp(0); // RT = 100G, RC = 50G
    // T = 1, 2 (BC = 0): additive with RT capped at 100G: RC = 75G, 87.5G
    rp.onTimer(600 * US);
    // BC = 1 (T = 2): additive, RC = 93.75G; BC = 2: hyper, RC = 96.875G
    rp.onBytesSent(2 * 32_767 + extraBytes, 601 * US);
    assertRates(rp, G100, 96_875_000_000L);
    return rp;
  }

  @Test
  void theRateReturnsToLineRateAndTheWakeUpsStop() {
    var rp = new DcqcnReactionPoint(BASE, G100, 0);
    rp.onCnp(0); // RC = 50 048 828 125, RT = 100G (line)

    // F = 1, no bytes: every 300 µs expiry is additive with RT capped at the line rate, so it
    // halves the gap of 49 951 171 875 b/s (rounding RC up): 36 bits, 36 expiries → 10.8 ms
    rp.onTimer(35 * 300 * US);
    assertThat(rp.rateBps()).isLessThan(G100);
    rp.onTimer(36 * 300 * US);
    assertThat(rp.rateBps()).isEqualTo(G100);
    assertThat(rp.targetRateBps()).isEqualTo(G100);

    // Back at line rate nothing needs a wake-up; α decays lazily when the RP is next touched.
    assertThat(rp.nextWakeupPs()).isEqualTo(NEVER);
    // α: the 55 µs period holding the CNP keeps α = 1 047 556, then 2273 floor-decays reach 0;
    // the last α update is at 55 µs × 2274 = 125.07 ms
    rp.onTimer(125_069 * US);
    assertThat(rp.alphaFixed()).isPositive();
    rp.onTimer(125_070 * US);
    assertThat(rp.alphaFixed()).isZero();
    assertThat(rp.rateBps()).isEqualTo(G100);
  }

  @Test
  void aLateOnTimerRunsEveryMissedExpiryInOrder() {
    var p = BASE.withInitialAlpha(1.0).withFastRecoverySteps(3);
    var punctual = new DcqcnReactionPoint(p, G100, 0);
    var late = new DcqcnReactionPoint(p, G100, 0);
    punctual.onCnp(0);
    late.onCnp(0);

    for (long t = 300 * US; t <= 3000 * US; t += 300 * US) {
      punctual.onTimer(t);
    }
    late.onTimer(3000 * US);

    assertRates(late, punctual.targetRateBps(), punctual.rateBps());
    assertThat(late.alphaFixed()).isEqualTo(punctual.alphaFixed());
    assertThat(late.nextWakeupPs()).isEqualTo(punctual.nextWakeupPs());
  }

  @Test
  void aCnpAfterAnOverdueAlphaUpdateSeesTheDecayedAlpha() {
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), G100, 0);
    rp.onCnp(0); // RC = 50G, α = 1
    rp.onTimer(55 * US); // the period holding the cut ends: α stays 1

    rp.onCnp(120 * US); // the quiet period 55..110 µs ends before this CNP, though unreported

    // α = 2^20 × 255/256 = 1 044 480 at 110 µs; RC = 50G × (2^21 − 1 044 480)/2^21
    // = 50G × 0.501953125 = 25 097 656 250; α = 1 044 480 × 255/256 + 4096 = 1 044 496
    assertThat(rp.rateBps()).isEqualTo(25_097_656_250L);
    assertThat(rp.alphaFixed()).isEqualTo(1_044_496L);
  }

  // ---------------------------------------------------------------- disabled

  @Test
  void withDcqcnDisabledCnpsChangeNothing() {
    var rp = new DcqcnReactionPoint(BASE.withEnabled(false), G100, 0);
    long alpha = rp.alphaFixed();

    for (int i = 0; i < 100; i++) {
      rp.onCnp(i * 10 * US);
      rp.onBytesSent(4096, i * 10 * US + 1);
      rp.onTimer(i * 10 * US + 2);
    }

    assertThat(rp.rateBps()).isEqualTo(G100);
    assertThat(rp.targetRateBps()).isEqualTo(G100);
    assertThat(rp.alphaFixed()).isEqualTo(alpha);
    assertThat(rp.cuts()).isZero();
    assertThat(rp.nextWakeupPs()).isEqualTo(NEVER);
    assertThat(rp.cnpsReceived()).isEqualTo(100);
    assertThat(rp.cnpsIgnored()).as("rp_cnp_ignored").isEqualTo(100);
  }

  // ---------------------------------------------------------------- determinism and invariants

  @Test
  void theSameInputsGiveTheSameRates() {
    assertThat(trajectory(7)).isEqualTo(trajectory(7));
  }

  @Test
  void theTrajectoryOfAFixedScriptIsPinned() {
    // a fingerprint of (RC, RT, α) after each of 5000 scripted events; it changes only when the
    // arithmetic does, which must then be deliberate
    long fingerprint = 1469598103934665603L;
    for (long value : trajectory(42)) {
      fingerprint = (fingerprint ^ value) * 1099511628211L;
    }
    assertThat(fingerprint).isEqualTo(PINNED_FINGERPRINT);
  }

  private static final long PINNED_FINGERPRINT = 2272007921430570228L;

  @Test
  void rcStaysBetweenTheMinimumAndRtAndRtBelowTheLineRate() {
    Random seeds = new Random(42);
    for (int run = 0; run < 20; run++) {
      Script script = new Script(seeds.nextLong());
      var rp = new DcqcnReactionPoint(BENCHMARK, G100, 0);
      for (int i = 0; i < 5000; i++) {
        long now = script.step(rp);
        assertThat(rp.rateBps()).isBetween(1_000_000_000L, rp.targetRateBps());
        assertThat(rp.targetRateBps()).isLessThanOrEqualTo(G100);
        assertThat(rp.alphaFixed()).isBetween(0L, ALPHA_ONE);
        rp.onTimer(now);
        assertThat(rp.nextWakeupPs()).isGreaterThan(now);
      }
    }
  }

  @Test
  void cutsAreExactAtAnyLineRate() {
    // 2^62 b/s: RC·(2^21 − α) overflows a long, the 128-bit product does not
    long huge = 1L << 62;
    var rp = new DcqcnReactionPoint(BASE.withInitialAlpha(1.0), huge, 0);

    rp.onCnp(0);

    assertThat(rp.rateBps()).isEqualTo(1L << 61);
    assertThat(DcqcnReactionPoint.mulShiftRound(Long.MAX_VALUE, ALPHA_ONE, 21))
        .as("(2^63 − 1)/2 rounded half up")
        .isEqualTo(1L << 62);
  }

  @Test
  void rejectsANonPositiveLineRate() {
    assertThatThrownBy(() -> new DcqcnReactionPoint(DcqcnParameters.MLX5_DEFAULTS, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("lineRateBps must be > 0 but was 0");
  }

  // ---------------------------------------------------------------- helpers

  /** The DESIGN.md benchmark parameter set. */
  private static final DcqcnParameters BENCHMARK =
      BASE.withAlphaUpdatePeriod(SimTime.micros(1))
          .withAdditiveIncrease(Rate.mbps(20))
          .withHyperIncrease(Rate.mbps(200))
          .withMinRate(Rate.gbps(1));

  private static void assertRates(DcqcnReactionPoint rp, long targetBps, long currentBps) {
    assertThat(rp.targetRateBps()).as("RT").isEqualTo(targetBps);
    assertThat(rp.rateBps()).as("RC").isEqualTo(currentBps);
  }

  private static List<Long> trajectory(long seed) {
    Script script = new Script(seed);
    var rp = new DcqcnReactionPoint(BENCHMARK, G100, 0);
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      long now = script.step(rp);
      rp.onTimer(now); // α is caught up lazily; observe it as a timer would have left it
      values.add(rp.rateBps());
      values.add(rp.targetRateBps());
      values.add(rp.alphaFixed());
    }
    return values;
  }

  /** Random CNP bursts, packets and timer calls, 0–10 µs apart (~25 ms in 5000 steps). */
  private static final class Script {
    private final Random random;
    private long now;

    Script(long seed) {
      random = new Random(seed);
    }

    long step(DcqcnReactionPoint rp) {
      now += 1 + random.nextInt(10_000_000);
      int kind = random.nextInt(100);
      if (kind < 3) {
        rp.onCnp(now);
      } else if (kind < 80) {
        rp.onBytesSent(64 + random.nextInt(4096), now);
      } else {
        rp.onTimer(now);
      }
      return now;
    }
  }
}
