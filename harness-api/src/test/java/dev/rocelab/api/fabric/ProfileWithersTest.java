package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The profile records' {@code with…} methods: each changes its one component and keeps every other,
 * and every component has one but those that can only change together.
 */
class ProfileWithersTest {

  /** Components without a {@code with…} method of their own type, by record. */
  private static final Map<Class<?>, Set<String>> WITHOUT_WITHER =
      Map.of(
          HostProfile.class, Set.of("gpus", "nics", "gpuToNic", "pcieBandwidth"),
          NicFirmware.class, Set.of("version"));

  static Stream<Arguments> records() {
    return Stream.of(
        pair(DcqcnParameters.MLX5_DEFAULTS, otherDcqcn()),
        pair(Fabrics.nic().build(), otherNic()),
        pair(Fabrics.switchProfile().build(), otherSwitch()),
        pair(Fabrics.qos().build(), otherQos()),
        pair(NicFirmware.generic("fw-1"), otherFirmware()),
        pair(Fabrics.host().build(), otherHost()),
        pair(Fabrics.spec().build(), otherSpec()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("records")
  void eachWitherChangesItsComponentAndKeepsEveryOther(Record base, Record other)
      throws ReflectiveOperationException {
    Class<?> type = base.getClass();
    List<String> checked = new ArrayList<>();
    for (RecordComponent component : type.getRecordComponents()) {
      if (WITHOUT_WITHER.getOrDefault(type, Set.of()).contains(component.getName())) {
        continue;
      }
      Object value = component.getAccessor().invoke(other);
      assertThat(value)
          .as("the other %s's %s, to change to", type.getSimpleName(), component.getName())
          .isNotEqualTo(component.getAccessor().invoke(base));

      Object changed = wither(type, component).invoke(base, value);

      for (RecordComponent each : type.getRecordComponents()) {
        Object expected =
            each.getName().equals(component.getName()) ? value : each.getAccessor().invoke(base);
        assertThat(each.getAccessor().invoke(changed))
            .as("%s after with %s", each.getName(), component.getName())
            .isEqualTo(expected);
      }
      checked.add(component.getName());
    }
    assertThat(checked)
        .hasSize(
            type.getRecordComponents().length - WITHOUT_WITHER.getOrDefault(type, Set.of()).size());
  }

  @Test
  void aWitherValidatesAsTheConstructorDoes() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DcqcnParameters.MLX5_DEFAULTS.withG(2))
        .withMessage("g must be in (0, 1] but was 2.0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Fabrics.nic().build().withMtu(DataSize.bytes(1500)))
        .withMessageStartingWith("mtu must be a RoCE MTU");
  }

  @Test
  void theHostInterfaceIsSetAndClearedByName() {
    HostProfile host = Fabrics.host().build();

    HostProfile narrow = host.withPcieBandwidth(Rate.gbps(200));

    assertThat(narrow.pcieBandwidth()).contains(Rate.gbps(200));
    assertThat(narrow.withoutPcieBandwidth()).isEqualTo(host);
  }

  @Test
  void firmwareIsRenamedByNamed() {
    NicFirmware firmware = NicFirmware.generic("fw-1");

    assertThat(firmware.named("fw-2")).isEqualTo(NicFirmware.generic("fw-2"));
  }

  private static Method wither(Class<?> type, RecordComponent component)
      throws NoSuchMethodException {
    String name = component.getName();
    Method wither =
        type.getMethod(
            "with" + Character.toUpperCase(name.charAt(0)) + name.substring(1),
            component.getType());
    assertThat(wither.getReturnType()).isEqualTo(type);
    return wither;
  }

  private static Arguments pair(Record base, Record other) {
    return arguments(Named.of(base.getClass().getSimpleName(), base), other);
  }

  private static DcqcnParameters otherDcqcn() {
    return new DcqcnParameters(
        false,
        1.0 / 256,
        0.5,
        SimTime.micros(55),
        SimTime.micros(50),
        SimTime.micros(55),
        DataSize.mb(10),
        5,
        Rate.mbps(40),
        Rate.mbps(200),
        Rate.mbps(100),
        SimTime.micros(50));
  }

  private static NicProfile otherNic() {
    return new NicProfile(
        "bf3",
        Rate.gbps(200),
        "32.41.1000",
        new TrafficClass(24, 4),
        new TrafficClass(46, 5),
        Set.of(4),
        DataSize.bytes(1024),
        4,
        otherDcqcn(),
        OutOfOrder.TOLERATE);
  }

  private static SwitchProfile otherSwitch() {
    return new SwitchProfile(
        "tomahawk",
        "Tomahawk-5",
        "SONiC.202311.2",
        DataSize.mib(113),
        DataSize.bytes(254),
        0.5,
        DataSize.kib(8),
        new HeadroomPolicy.Fixed(Map.of(4, DataSize.kib(200))),
        "lossless",
        SwitchProfile.Forwarding.STORE_AND_FORWARD,
        SimTime.nanos(900),
        PfcWatchdog.DISABLED,
        new Convergence(SimTime.micros(50), SimTime.millis(1)),
        LoadBalancing.DEFAULT.withMode(LoadBalancing.Mode.FLOWLET));
  }

  private static QosPolicy otherQos() {
    return new QosPolicy(
        "lossless",
        Map.of(24, 4),
        Set.of(4),
        Set.of(4, 5),
        DataSize.kib(9),
        Map.of(4, new EcnProfile(DataSize.kib(100), DataSize.kib(400), 0.1)),
        new Scheduler(Set.of(5), Map.of(4, 1)),
        DataSize.bytes(4200));
  }

  private static NicFirmware otherFirmware() {
    NicFirmware paper = FirmwareRegistry.BUILT_IN.nicBehaviour(FirmwareRegistry.NIC_PAPER);
    return new NicFirmware(
        "fw-2",
        paper.dcqcn(),
        paper.dcqcnVariant(),
        new TrafficClass(46, 5),
        NicFirmware.Retransmission.GO_BACK_0,
        SimTime.millis(4),
        SimTime.micros(500),
        DataSize.kib(128),
        SimTime.micros(1),
        OutOfOrder.TOLERATE);
  }

  private static HostProfile otherHost() {
    return new HostProfile(
        "hgx",
        4,
        2,
        "bf3",
        HostProfile.railAligned(4, 2),
        Rate.gbps(1800),
        SimTime.micros(2),
        true,
        Optional.empty());
  }

  private static FabricSpec otherSpec() {
    FabricSection lab = () -> "lab";
    return new FabricSpec(
        "other",
        "another fabric",
        Fabrics.leafSpine(4, 2, 2, 1),
        Map.of("tomahawk", otherSwitch()),
        Map.of("bf3", otherNic()),
        Map.of("hgx", otherHost()),
        Map.of("lossless", otherQos()),
        FirmwarePolicy.UNPINNED,
        List.of(Fabrics.switchOverride("tomahawk", "leaf1")),
        Map.of("lab", lab),
        FirmwareRegistry.BUILT_IN);
  }
}
