package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DerivedLimitsTest {

  private static final FabricSpec REFERENCE =
      FabricFiles.load(Path.of("../fabrics/reference.yaml"));

  @Test
  void allToAllIsBoundByTheShareOfEachRanksDataThatLeavesItsHost() {
    // 8 GPUs per host: 16 ranks send 8 of 15 shares off the host, 64 ranks 56 of 63
    assertThat(DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 16)).isEqualTo(15.0 / 64);
    assertThat(DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 64))
        .isEqualTo(63.0 / (8 * 56));
  }

  @Test
  void aMessageAtLineRateTakesItsSizeOverTheSlowestHostLink() {
    // 400G host links: 20 ps per byte
    assertThat(DerivedLimits.lineRateTime(REFERENCE, DataSize.mib(8)))
        .isEqualTo(SimTime.picos(8L * 1024 * 1024 * 20));
  }

  @Test
  void oneFlowIsHeldToAShareOfWhatItsMtusFramingAllows() throws IOException {
    // 4096 B of payload in 4096 + 62 + 20 wire bytes
    assertThat(
            DerivedLimits.singleFlowLineRateFraction(REFERENCE, Endpoint.parse("host1:nic0"), 0.95))
        .isEqualTo(0.95 * 4096 / 4178);
    FabricSpec smallMtu =
        FabricFiles.load(
            Files.readString(Path.of("../fabrics/reference.yaml"))
                .replace("mtu: 4096B", "mtu: 1024B"),
            "small-mtu.yaml");
    assertThat(
            DerivedLimits.singleFlowLineRateFraction(smallMtu, Endpoint.parse("host1:nic0"), 0.95))
        .isEqualTo(0.95 * 1024 / 1106);
  }

  @Test
  void anAllToAllOnOneHostHasNoFabricBound() {
    assertThatThrownBy(() -> DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "an all-to-all on 8 ranks stays on one host of 8 GPUs in fabric reference: the fabric does not bound it");
  }
}
