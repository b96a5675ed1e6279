package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.SwitchNos;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code firmwareProfiles} in a fabric file: versions start from their {@code basedOn}, and a
 * profile's written keys win over its version's defaults, which win over the generic ones.
 */
class FirmwareProfilesFileTest {

  private final FabricSpec spec =
      FabricFiles.load(Path.of("src/test/resources/firmware/firmware-profiles.yaml"));

  @Test
  void aVersionKeepsWhatItsBaseHasAndReplacesWhatItWrites() {
    NicFirmware old = spec.firmwareRegistry().nicBehaviour("28.36.1010");
    NicFirmware legacy = FirmwareRegistry.BUILT_IN.nicBehaviour(FirmwareRegistry.NIC_LEGACY);

    assertThat(old)
        .isEqualTo(
            new NicFirmware(
                "28.36.1010",
                legacy.dcqcn(),
                legacy.dcqcnVariant(),
                legacy.cnp(),
                NicFirmware.Retransmission.GO_BACK_0,
                legacy.retransmissionTimeout(),
                legacy.adaptiveRetransmission(),
                DataSize.kib(512),
                legacy.pauseReaction(),
                legacy.outOfOrder()));
    SwitchNos nos = spec.firmwareRegistry().nosBehaviour("SONiC.202405.1");
    assertThat(nos.watchdog().detection()).isEqualTo(SimTime.millis(100));
    assertThat(nos.watchdog().restoration()).isEqualTo(PfcWatchdog.SONIC_DEFAULT.restoration());
    assertThat(nos.alpha()).isEqualTo(0.5);
    assertThat(nos.pauseReaction()).isEqualTo(SimTime.micros(1));
  }

  @Test
  void theFileHoldsOnlyItsOwnVersionsAndTheRegistryAddsTheBuiltInOnes() {
    assertThat(spec.firmwareProfiles().nicVersions()).containsOnlyKeys("28.36.1010", "28.39.1002");
    assertThat(spec.firmwareRegistry().nicVersions())
        .containsKeys(
            "28.36.1010",
            "28.39.1002",
            FirmwareRegistry.NIC_MLX5,
            FirmwareRegistry.NIC_MLX5_ADAPTIVE,
            FirmwareRegistry.NIC_PAPER,
            FirmwareRegistry.NIC_LEGACY);
  }

  @Test
  void aNicProfilesWrittenKeysWinOverItsVersionsDefaults() {
    NicProfile profile = spec.nicProfile("new");
    DcqcnParameters expected =
        new DcqcnParameters(
            true,
            5.0 / 1024,
            1023.0 / 1024,
            SimTime.micros(1),
            SimTime.micros(50),
            SimTime.micros(300),
            DataSize.bytes(32767 * 64),
            1,
            DcqcnParameters.MLX5_DEFAULTS.additiveIncrease(),
            DcqcnParameters.MLX5_DEFAULTS.hyperIncrease(),
            DcqcnParameters.MLX5_DEFAULTS.minRate(),
            SimTime.micros(2));

    assertThat(profile.dcqcn())
        .as("rateDecreasePeriod from the profile, cnpInterval from 28.39.1002")
        .isEqualTo(expected);
    assertThat(profile.cnp()).as("CNP marking from 28.39.1002").isEqualTo(new TrafficClass(46, 5));
    assertThat(spec.firmwareRegistry().nicBehaviour("28.39.1002").adaptiveRetransmission())
        .isEqualTo(SimTime.micros(100));
    assertThat(spec.firmwareRegistry().nicBehaviour("28.36.1010").adaptiveRetransmission())
        .as("legacy-go-back-0's fixed timeout")
        .isEqualTo(SimTime.ZERO);
  }

  @Test
  void aNicProfileThatWritesNothingTakesItsVersionsDefaults() {
    NicProfile profile = spec.nicProfile("old");

    assertThat(profile.dcqcn().cnpInterval())
        .as("legacy-go-back-0's CNP interval")
        .isEqualTo(SimTime.micros(50));
    assertThat(profile.cnp()).isEqualTo(NicFirmware.DEFAULT_CNP);
  }

  @Test
  void aSwitchProfileTakesAlphaReserveAndWatchdogFromItsNos() {
    SwitchProfile profile = spec.switchProfile("switch");

    assertThat(profile.alpha()).isEqualTo(0.5);
    assertThat(profile.reserve()).as("sonic-default's reserve").isEqualTo(DataSize.kib(4));
    assertThat(profile.watchdog().detection()).as("from the NOS").isEqualTo(SimTime.millis(100));
    assertThat(profile.watchdog().restoration())
        .as("from the profile")
        .isEqualTo(SimTime.millis(50));
  }
}
