package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The profile records reject bad values with a message naming the field and the value. */
class ProfileValidationTest {

  @Nested
  class EcnProfiles {

    @Test
    void rejectsKmaxBelowKmin() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new EcnProfile(DataSize.kib(100), DataSize.kib(50), 0.2))
          .withMessage("kmax must be >= kmin (100KiB) but was 50KiB");
    }

    @Test
    void acceptsKmaxEqualToKmin() {
      assertThat(new EcnProfile(DataSize.kib(100), DataSize.kib(100), 1.0).kmax())
          .isEqualTo(DataSize.kib(100));
    }

    @ParameterizedTest
    @ValueSource(doubles = {1.5, -0.1, Double.NaN})
    void rejectsPmaxOutsideZeroToOne(double pmax) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new EcnProfile(DataSize.kib(100), DataSize.kib(400), pmax))
          .withMessage("pmax must be between 0 and 1 but was " + pmax);
    }

    @Test
    void rejectsMissingThreshold() {
      assertThatNullPointerException()
          .isThrownBy(() -> new EcnProfile(null, DataSize.kib(400), 0.2))
          .withMessage("kmin must not be null");
    }
  }

  @Nested
  class TrafficClasses {

    @Test
    void rejectsDscp64() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new TrafficClass(64, 3))
          .withMessage("dscp must be a DSCP 0..63 but was 64");
    }

    @Test
    void rejectsNegativeDscp() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new TrafficClass(-1, 3))
          .withMessage("dscp must be a DSCP 0..63 but was -1");
    }

    @Test
    void rejectsPriority8() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new TrafficClass(26, 8))
          .withMessage("priority must be a priority 0..7 but was 8");
    }

    @Test
    void acceptsTheExtremes() {
      assertThat(new TrafficClass(63, 7)).isEqualTo(new TrafficClass(63, 7));
      assertThat(new TrafficClass(0, 0).dscp()).isZero();
    }
  }

  @Nested
  class QosPolicies {

    @Test
    void rejectsMtuAbove9216Bytes() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.qos().mtu(DataSize.bytes(9217)).build())
          .withMessage("mtu must be between 576B and 9216B but was 9217B");
    }

    @Test
    void rejectsMtuBelow576Bytes() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.qos().mtu(DataSize.bytes(575)).build())
          .withMessage("mtu must be between 576B and 9216B but was 575B");
    }

    @Test
    void acceptsTheMtuBounds() {
      assertThat(Fabrics.qos().mtu(DataSize.bytes(576)).build().mtu())
          .isEqualTo(DataSize.bytes(576));
      assertThat(Fabrics.qos().mtu(DataSize.bytes(9216)).build().mtu())
          .isEqualTo(DataSize.bytes(9216));
    }

    @Test
    void rejectsDscpKeyOutOfRange() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.qos().map(64, 1).build())
          .withMessage("dscpToPriority key must be a DSCP 0..63 but was 64");
    }

    @Test
    void rejectsMappedPriorityOutOfRangeNamingTheDscp() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.qos().map(10, 8).build())
          .withMessage("dscpToPriority.10 must be a priority 0..7 but was 8");
    }

    @Test
    void rejectsLosslessPriorityOutOfRange() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.qos().lossless(3, 9).pfc(3).build())
          .withMessage("losslessPriorities must be a priority 0..7 but was 9");
    }

    @Test
    void mapsUnlistedDscpToPriorityZero() {
      QosPolicy policy = Fabrics.qos().build();

      assertThat(policy.priorityOf(Fabrics.ROCE_DSCP)).isEqualTo(Fabrics.ROCE_PRIORITY);
      assertThat(policy.priorityOf(10)).isZero();
    }

    @Test
    void answersLosslessAndEcnPerPriority() {
      QosPolicy policy = Fabrics.qos().build();

      assertThat(policy.isLossless(3)).isTrue();
      assertThat(policy.isLossless(0)).isFalse();
      assertThat(policy.ecnFor(3))
          .contains(new EcnProfile(DataSize.kib(400), DataSize.kib(1600), 0.2));
      assertThat(policy.ecnFor(0)).isEmpty();
    }

    @Test
    void copiesItsMapsSoLaterChangesDoNotLeakIn() {
      Map<Integer, Integer> dscp = new HashMap<>(Map.of(26, 3));
      QosPolicy policy =
          new QosPolicy(
              "q",
              dscp,
              Set.of(3),
              Set.of(3),
              DataSize.kib(18),
              Map.of(),
              Scheduler.roundRobin(),
              DataSize.bytes(9100));

      dscp.put(10, 1);

      assertThat(policy.dscpToPriority()).containsExactly(Map.entry(26, 3));
    }
  }

  @Nested
  class Schedulers {

    @Test
    void rejectsPriorityBothStrictAndWeighted() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Scheduler(Set.of(3, 6), Map.of(3, 4)))
          .withMessage("priority 3 is both strict and weighted");
    }

    @Test
    void rejectsZeroWeightNamingThePriority() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Scheduler(Set.of(), Map.of(2, 0)))
          .withMessage("weights.2 must be > 0 but was 0");
    }

    @Test
    void rejectsStrictPriorityOutOfRange() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Scheduler(Set.of(8), Map.of()))
          .withMessage("strict must be a priority 0..7 but was 8");
    }

    @Test
    void unweightedPriorityWeighsOne() {
      Scheduler scheduler = new Scheduler(Set.of(6), Map.of(3, 4));

      assertThat(scheduler.weight(3)).isEqualTo(4);
      assertThat(scheduler.weight(0)).isEqualTo(1);
      assertThat(Scheduler.roundRobin().weight(7)).isEqualTo(1);
    }
  }

  @Nested
  class NicProfiles {

    @Test
    void rejectsEthernetMtuAsRoceMtu() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.nic().mtu(DataSize.bytes(1500)).build())
          .withMessage("mtu must be a RoCE MTU (256B, 512B, 1KiB, 2KiB or 4KiB) but was 1500B");
    }

    @ParameterizedTest
    @ValueSource(longs = {256, 512, 1024, 2048, 4096})
    void acceptsEveryRoceMtu(long bytes) {
      assertThat(Fabrics.nic().mtu(DataSize.bytes(bytes)).build().mtu())
          .isEqualTo(DataSize.bytes(bytes));
    }

    @Test
    void rejectsZeroSpeed() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.nic().speed(Rate.bps(0)).build())
          .withMessage("speed must be > 0bps but was 0bps");
    }

    @Test
    void rejectsBlankFirmware() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.nic().firmware(" ").build())
          .withMessage("firmware must not be blank");
    }

    @Test
    void rejectsPfcPriorityOutOfRange() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.nic().pfcPriorities(3, 8).build())
          .withMessage("pfcPriorities must be a priority 0..7 but was 8");
    }
  }

  @Nested
  class HostProfiles {

    @Test
    void rejectsRailMapWithWrongNumberOfGpus() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new HostProfile(
                      "dgx", 8, 2, "cx7", List.of(0, 1, 0, 1), Rate.gbps(3600), SimTime.micros(1)))
          .withMessage("gpuToNic must name one NIC per GPU (8) but has 4");
    }

    @Test
    void rejectsRailMapNamingANicThatDoesNotExist() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new HostProfile(
                      "dgx", 2, 2, "cx7", List.of(0, 2), Rate.gbps(3600), SimTime.micros(1)))
          .withMessage("gpuToNic[1] must be a NIC 0..1 but was 2");
    }

    @Test
    void rejectsNegativeNicInRailMap() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new HostProfile(
                      "dgx", 2, 2, "cx7", List.of(-1, 0), Rate.gbps(3600), SimTime.micros(1)))
          .withMessage("gpuToNic[0] must be a NIC 0..1 but was -1");
    }

    @Test
    void rejectsZeroNics() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new HostProfile(
                      "dgx", 2, 0, "cx7", List.of(0, 0), Rate.gbps(3600), SimTime.micros(1)))
          .withMessage("nics must be > 0 but was 0");
    }

    @Test
    void railAlignedWrapsGpusAroundTheNics() {
      assertThat(HostProfile.railAligned(8, 4)).containsExactly(0, 1, 2, 3, 0, 1, 2, 3);
      assertThat(HostProfile.railAligned(3, 8)).containsExactly(0, 1, 2);
    }

    @Test
    void copiesTheRailMap() {
      List<Integer> map = new ArrayList<>(List.of(0, 1));
      HostProfile host =
          new HostProfile("dgx", 2, 2, "cx7", map, Rate.gbps(3600), SimTime.micros(1));

      map.set(0, 1);

      assertThat(host.gpuToNic()).containsExactly(0, 1);
    }
  }

  @Nested
  class SwitchProfiles {

    @Test
    void rejectsCellLargerThanTheBuffer() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  Fabrics.switchProfile()
                      .buffer(DataSize.bytes(100))
                      .cellSize(DataSize.bytes(144))
                      .build())
          .withMessage("cellSize must be <= buffer (100B) but was 144B");
    }

    @Test
    void rejectsZeroBuffer() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.switchProfile().buffer(DataSize.ZERO).build())
          .withMessage("buffer must be > 0B but was 0B");
    }

    @Test
    void rejectsNonPositiveAlpha() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new SwitchProfile(
                      "sw",
                      "Spectrum-4",
                      "SONiC",
                      DataSize.mib(64),
                      DataSize.bytes(144),
                      0.0,
                      DataSize.kib(4),
                      Fabrics.DERIVED_HEADROOM,
                      "rdma",
                      SwitchProfile.Forwarding.CUT_THROUGH,
                      SimTime.nanos(600),
                      PfcWatchdog.SONIC_DEFAULT,
                      Convergence.FAST))
          .withMessage("alpha must be > 0 but was 0.0");
    }
  }

  @Nested
  class HeadroomPolicies {

    @ParameterizedTest
    @ValueSource(ints = {-1, 101})
    void derivedRejectsSmallPacketShareOutsidePercent(int percent) {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new HeadroomPolicy.Derived(
                      DataSize.ZERO, DataSize.kib(18), percent, SimTime.ZERO))
          .withMessage("smallPacketPercent must be between 0 and 100 but was " + percent);
    }

    @Test
    void fixedRejectsPriorityOutOfRange() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new HeadroomPolicy.Fixed(Map.of(8, DataSize.kib(100))))
          .withMessage("perPriority key must be a priority 0..7 but was 8");
    }
  }

  @Nested
  class PfcWatchdogs {

    @Test
    void rejectsZeroDetectionTimer() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new PfcWatchdog(
                      true,
                      SimTime.ZERO,
                      SimTime.millis(200),
                      SimTime.millis(200),
                      PfcWatchdog.Action.DROP))
          .withMessage("detection must be > 0 but was 0ps");
    }

    @Test
    void rejectsZeroPollInterval() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () ->
                  new PfcWatchdog(
                      true,
                      SimTime.millis(200),
                      SimTime.millis(200),
                      SimTime.ZERO,
                      PfcWatchdog.Action.FORWARD))
          .withMessage("pollInterval must be > 0 but was 0ps");
    }

    @Test
    void sonicDefaultDropsAfter200Milliseconds() {
      assertThat(PfcWatchdog.SONIC_DEFAULT)
          .isEqualTo(
              new PfcWatchdog(
                  true,
                  SimTime.millis(200),
                  SimTime.millis(200),
                  SimTime.millis(200),
                  PfcWatchdog.Action.DROP));
      assertThat(PfcWatchdog.DISABLED.enabled()).isFalse();
    }
  }

  @Nested
  class Dcqcn {

    private DcqcnParameters withGains(double g, double initialAlpha) {
      return DcqcnParameters.MLX5_DEFAULTS.withInitialAlpha(initialAlpha).withG(g);
    }

    @Test
    void rejectsZeroGain() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> withGains(0, 0.5))
          .withMessage("g must be in (0, 1] but was 0.0");
    }

    @Test
    void rejectsGainAboveOne() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> withGains(1.5, 0.5))
          .withMessage("g must be in (0, 1] but was 1.5");
    }

    @Test
    void acceptsGainOne() {
      assertThat(withGains(1.0, 0.5).g()).isEqualTo(1.0);
    }

    @Test
    void acceptsAZeroByteCounterAndCnpIntervalAsOff() {
      // rpg_byte_reset 0 disables the byte counter; min_time_between_cnps 0 paces nothing
      DcqcnParameters off =
          DcqcnParameters.MLX5_DEFAULTS
              .withByteCounter(DataSize.ZERO)
              .withCnpInterval(SimTime.ZERO);

      assertThat(off.byteCounter()).isEqualTo(DataSize.ZERO);
      assertThat(off.cnpInterval()).isEqualTo(SimTime.ZERO);
    }

    @Test
    void rejectsInitialAlphaAboveOne() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> withGains(1.0 / 256, 2.0))
          .withMessage("initialAlpha must be between 0 and 1 but was 2.0");
    }

    @Test
    void mlx5DefaultsAreTheFirmwaresDocumentedOnes() {
      // NVIDIA's DCQCN parameter page and mlxconfig dumps (ConnectX-5, -6 Dx)
      assertThat(DcqcnParameters.MLX5_DEFAULTS)
          .isEqualTo(
              new DcqcnParameters(
                  true,
                  5.0 / 1024, //                dce_tcp_g 1019: α ← 1019/1024·α + 5/1024
                  1023.0 / 1024, //             initial_alpha_value 1023
                  SimTime.micros(1), //         dce_tcp_rtt
                  SimTime.micros(4), //         rate_reduce_monitor_period
                  SimTime.micros(300), //       rpg_time_reset
                  DataSize.bytes(32767 * 64), // rpg_byte_reset, in 64-byte units
                  1, //                         rpg_threshold
                  Rate.mbps(5), //              rpg_ai_rate
                  Rate.mbps(50), //             rpg_hai_rate
                  Rate.mbps(1), //              rpg_min_rate
                  SimTime.micros(4))); //       min_time_between_cnps
    }
  }

  @Nested
  class FirmwarePolicies {

    @Test
    void unpinnedApprovesEveryVersion() {
      assertThat(FirmwarePolicy.UNPINNED.approvesNic("anything")).isTrue();
      assertThat(FirmwarePolicy.UNPINNED.approvesSwitch("anything")).isTrue();
    }

    @Test
    void pinnedApprovesOnlyListedVersions() {
      FirmwarePolicy policy = new FirmwarePolicy(Set.of("28.39.1002"), Set.of("SONiC.202405.1"));

      assertThat(policy.approvesNic("28.39.1002")).isTrue();
      assertThat(policy.approvesNic("28.35.1000")).isFalse();
      assertThat(policy.approvesSwitch("SONiC.202405.1")).isTrue();
      assertThat(policy.approvesSwitch("SONiC.202311")).isFalse();
    }

    @Test
    void keepsVersionsSorted() {
      assertThat(new FirmwarePolicy(Set.of("b", "c", "a"), Set.of()).approvedNic())
          .containsExactly("a", "b", "c");
    }
  }
}
