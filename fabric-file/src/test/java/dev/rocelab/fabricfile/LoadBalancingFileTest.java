package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code loadBalancing} of switch profiles and NOS versions, {@code outOfOrder} of NIC profiles and
 * firmware versions: what a profile writes wins, what it leaves out comes from its version.
 */
class LoadBalancingFileTest {

  private final FabricSpec spec =
      FabricFiles.load(Path.of("src/test/resources/firmware/load-balancing.yaml"));

  @Test
  void aProfileWritesItsOwnLoadBalancingOverItsNosVersions() {
    assertThat(spec.switchProfile("leaf").loadBalancing())
        .isEqualTo(
            new LoadBalancing(
                LoadBalancing.Mode.GLOBAL,
                true,
                SimTime.ZERO,
                4,
                DataSize.kib(8),
                0.75,
                SimTime.micros(1),
                SimTime.micros(5),
                SimTime.micros(1)));
  }

  @Test
  void aProfileWithoutLoadBalancingTakesItsNosVersionsBuiltOnABuiltInOne() {
    LoadBalancing builtIn = LoadBalancing.DEFAULT.withMode(LoadBalancing.Mode.PACKET);

    assertThat(spec.switchProfile("spine").loadBalancing())
        .isEqualTo(
            new LoadBalancing(
                LoadBalancing.Mode.PACKET,
                builtIn.hashQp(),
                builtIn.flowletGap(),
                4,
                builtIn.queueStep(),
                builtIn.queueWeight(),
                builtIn.loadWindow(),
                SimTime.micros(5),
                builtIn.remotePeriod()));
  }

  @Test
  void outOfOrderHandlingComesFromTheProfileElseTheFirmware() {
    assertThat(spec.nicProfile("cx8").outOfOrder()).as("mlx5-ddp's").isEqualTo(OutOfOrder.TOLERATE);
    assertThat(spec.nicProfile("cx7").outOfOrder()).as("written").isEqualTo(OutOfOrder.TOLERATE);
    assertThat(spec.firmwareRegistry().nicBehaviour("mlx5-default").outOfOrder())
        .isEqualTo(OutOfOrder.RETRANSMIT);
  }

  @Test
  void theEffectiveFileWritesEverySettingAndReadsBackTheSame() {
    String written = FabricFiles.write(spec);

    assertThat(written).contains("mode: global", "hashQp: true", "outOfOrder: tolerate");
    FabricSpec again = FabricFiles.load(written, "effective.yaml");
    assertThat(again.switchProfiles()).isEqualTo(spec.switchProfiles());
    assertThat(again.nicProfiles()).isEqualTo(spec.nicProfiles());
    assertThat(again.firmwareRegistry()).isEqualTo(spec.firmwareRegistry());
  }
}
