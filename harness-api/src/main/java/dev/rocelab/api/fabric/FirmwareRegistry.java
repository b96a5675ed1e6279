package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.LoadBalancing.Mode;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Named firmware and NOS versions and how each behaves. {@link #BUILT_IN} holds a few model
 * profiles; a fabric file adds its own under {@code firmwareProfiles} (usually mapping the real
 * version strings of a fleet onto behaviours, with {@code basedOn} a built-in one), and {@link
 * FabricSpec#firmwareRegistry()} combines the two, the file's entries winning. A version no
 * registry knows behaves as {@link NicFirmware#generic(String)} / {@link
 * SwitchNos#generic(String)}.
 *
 * <p>The built-in versions are <b>model profiles, not vendor facts</b>. Where a value comes from a
 * published source it says so below; everything else is a modelled assumption chosen so that the
 * versions differ in ways the model can show:
 *
 * <ul>
 *   <li>NIC {@value #NIC_MLX5}: the mlx5 DCQCN defaults of {@link DcqcnParameters#MLX5_DEFAULTS}
 *       and CNPs on DSCP 48 / priority 6 (NVIDIA's documented defaults), the {@link
 *       NicFirmware.DcqcnVariant#MLX5} reaction point (NVIDIA's documented parameters as ns-3
 *       HPCC's "Mellanox version" and Google's isekai run them); go-back-N, 16.8 ms timeout, 256
 *       KiB receive buffer and an immediate pause reaction are assumptions.
 *   <li>NIC {@value #NIC_MLX5_ADAPTIVE}: {@value #NIC_MLX5} with adaptive retransmission, as NVIDIA
 *       documents it for ConnectX NICs (a short first timeout that backs off towards the local ACK
 *       timeout). NVIDIA does not publish the default profile; the first timeout, 4.096 µs ×
 *       2<sup>6</sup> ≈ 262 µs, doubled per timeout up to 16.8 ms, is an assumption.
 *   <li>NIC {@value #NIC_PAPER}: DCQCN as the paper runs it (Zhu et al., SIGCOMM 2015: g = 1/256,
 *       55 µs α and increase timers, 10 MB byte counter, F = 5, 50 µs between CNPs and between
 *       cuts, {@link NicFirmware.DcqcnVariant#PAPER}); R_AI 40 Mb/s, R_HAI 200 Mb/s and a 100 Mb/s
 *       minimum rate are the model's choice; the rest as {@value #NIC_MLX5}.
 *   <li>NIC {@value #NIC_LEGACY}: an assumed older firmware — mlx5 DCQCN defaults but 50 µs between
 *       CNPs, {@link NicFirmware.Retransmission#GO_BACK_0}, a 128 KiB receive buffer and pauses
 *       honoured 1 µs late.
 *   <li>NIC {@value #NIC_DDP}: {@value #NIC_MLX5} whose receiver places reordered packets ({@link
 *       OutOfOrder#TOLERATE}), as NVIDIA documents for Spectrum-X SuperNICs; the window is an
 *       assumption.
 *   <li>NOS {@value #NOS_SONIC}: SONiC's PFC watchdog defaults (sonic-utilities pfcwd: 200 ms, 200
 *       ms, 200 ms, drop); {@code alpha} 1/8, 4 KiB reserve, an immediate pause reaction and static
 *       ECMP are assumptions.
 *   <li>NOS {@value #NOS_DLB}: {@value #NOS_SONIC} with flowlet dynamic load balancing ({@link
 *       LoadBalancing.Mode#FLOWLET}, the {@link LoadBalancing#DEFAULT} settings).
 *   <li>NOS {@value #NOS_ADAPTIVE_ROUTING}: {@value #NOS_SONIC} with per-packet adaptive routing
 *       ({@link LoadBalancing.Mode#PACKET}).
 *   <li>NOS {@value #NOS_SLOW_PAUSE}: an assumed NOS whose ports honour pauses 2 µs late, with the
 *       same watchdog and buffer defaults as {@value #NOS_SONIC}.
 * </ul>
 *
 * @param nicVersions NIC firmware behaviours by version; each key equals its value's version
 * @param nosVersions switch NOS behaviours by version; each key equals its value's version
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FirmwareRegistry(
    Map<String, NicFirmware> nicVersions, Map<String, SwitchNos> nosVersions) {

  /** Built-in NIC version: mlx5 defaults with direct data placement of reordered packets. */
  public static final String NIC_DDP = "mlx5-ddp";

  /** Built-in NOS version: SONiC defaults with flowlet dynamic load balancing. */
  public static final String NOS_DLB = "sonic-dlb";

  /** Built-in NOS version: SONiC defaults with per-packet adaptive routing. */
  public static final String NOS_ADAPTIVE_ROUTING = "adaptive-routing";

  /** Built-in NIC version: mlx5 defaults. */
  public static final String NIC_MLX5 = "mlx5-default";

  /** Built-in NIC version: mlx5 defaults with adaptive retransmission. */
  public static final String NIC_MLX5_ADAPTIVE = "mlx5-adaptive-retransmission";

  /** The first timeout of {@value #NIC_MLX5_ADAPTIVE}, an assumption: 4.096 µs × 2<sup>6</sup>. */
  static final SimTime ADAPTIVE_FIRST_TIMEOUT = SimTime.picos(4_096_000L << 6);

  /** Built-in NIC version: DCQCN as the paper runs it. */
  public static final String NIC_PAPER = "dcqcn-paper";

  /** Built-in NIC version: an older firmware with go-back-0. */
  public static final String NIC_LEGACY = "legacy-go-back-0";

  /** Built-in NOS version: SONiC defaults. */
  public static final String NOS_SONIC = "sonic-default";

  /** Built-in NOS version: ports that honour pauses late. */
  public static final String NOS_SLOW_PAUSE = "slow-pause";

  /** No versions. */
  public static final FirmwareRegistry EMPTY = new FirmwareRegistry(Map.of(), Map.of());

  /** The built-in versions described above. */
  public static final FirmwareRegistry BUILT_IN = builtIn();

  /** Copies the maps in order and checks that each key names its value's version. */
  public FirmwareRegistry {
    nicVersions = Checks.orderedMap(nicVersions, "nicVersions");
    nosVersions = Checks.orderedMap(nosVersions, "nosVersions");
    nicVersions.forEach((k, v) -> keyed(k, v.version(), "nicVersions"));
    nosVersions.forEach((k, v) -> keyed(k, v.version(), "nosVersions"));
  }

  private static void keyed(String key, String version, String field) {
    if (!key.equals(version)) {
      throw new IllegalArgumentException(
          field + " key \"" + key + "\" must equal its version \"" + version + "\"");
    }
  }

  /**
   * A registry with this one's versions and {@code more}'s, {@code more} winning where both name a
   * version.
   *
   * @param more the versions to add; never null
   * @return the combined registry
   */
  public FirmwareRegistry with(FirmwareRegistry more) {
    Map<String, NicFirmware> nics = new LinkedHashMap<>(nicVersions);
    nics.putAll(more.nicVersions);
    Map<String, SwitchNos> nos = new LinkedHashMap<>(nosVersions);
    nos.putAll(more.nosVersions);
    return new FirmwareRegistry(nics, nos);
  }

  /**
   * A registered NIC firmware version.
   *
   * @param version the version string
   * @return its behaviour, or empty if this registry does not know it
   */
  public Optional<NicFirmware> nicFirmware(String version) {
    return Optional.ofNullable(nicVersions.get(version));
  }

  /**
   * A registered switch NOS version.
   *
   * @param version the version string
   * @return its behaviour, or empty if this registry does not know it
   */
  public Optional<SwitchNos> switchNos(String version) {
    return Optional.ofNullable(nosVersions.get(version));
  }

  /**
   * How a NIC firmware version behaves.
   *
   * @param version the version string
   * @return the registered behaviour, else {@link NicFirmware#generic(String)}
   */
  public NicFirmware nicBehaviour(String version) {
    return nicFirmware(version).orElseGet(() -> NicFirmware.generic(version));
  }

  /**
   * How a switch NOS version behaves.
   *
   * @param version the version string
   * @return the registered behaviour, else {@link SwitchNos#generic(String)}
   */
  public SwitchNos nosBehaviour(String version) {
    return switchNos(version).orElseGet(() -> SwitchNos.generic(version));
  }

  private static FirmwareRegistry builtIn() {
    NicFirmware mlx5 =
        new NicFirmware(
            NIC_MLX5,
            DcqcnParameters.MLX5_DEFAULTS,
            NicFirmware.DcqcnVariant.MLX5,
            NicFirmware.DEFAULT_CNP,
            NicFirmware.Retransmission.GO_BACK_N,
            NicFirmware.DEFAULT_RETRANSMISSION_TIMEOUT,
            SimTime.ZERO,
            NicFirmware.DEFAULT_RECEIVE_BUFFER,
            SimTime.ZERO,
            OutOfOrder.RETRANSMIT);
    NicFirmware adaptive =
        mlx5.named(NIC_MLX5_ADAPTIVE).withAdaptiveRetransmission(ADAPTIVE_FIRST_TIMEOUT);
    DcqcnParameters paperDcqcn =
        new DcqcnParameters(
            true,
            1.0 / 256,
            1.0,
            SimTime.micros(55),
            SimTime.micros(50),
            SimTime.micros(55),
            DataSize.mb(10),
            5,
            Rate.mbps(40),
            Rate.mbps(200),
            Rate.mbps(100),
            SimTime.micros(50));
    NicFirmware paper =
        new NicFirmware(
            NIC_PAPER,
            paperDcqcn,
            NicFirmware.DcqcnVariant.PAPER,
            NicFirmware.DEFAULT_CNP,
            NicFirmware.Retransmission.GO_BACK_N,
            NicFirmware.DEFAULT_RETRANSMISSION_TIMEOUT,
            SimTime.ZERO,
            NicFirmware.DEFAULT_RECEIVE_BUFFER,
            SimTime.ZERO,
            OutOfOrder.RETRANSMIT);
    DcqcnParameters legacyDcqcn = DcqcnParameters.MLX5_DEFAULTS.withCnpInterval(SimTime.micros(50));
    NicFirmware legacy =
        new NicFirmware(
            NIC_LEGACY,
            legacyDcqcn,
            NicFirmware.DcqcnVariant.PAPER,
            NicFirmware.DEFAULT_CNP,
            NicFirmware.Retransmission.GO_BACK_0,
            NicFirmware.DEFAULT_RETRANSMISSION_TIMEOUT,
            SimTime.ZERO,
            DataSize.kib(128),
            SimTime.micros(1),
            OutOfOrder.RETRANSMIT);
    NicFirmware ddp = mlx5.named(NIC_DDP).withOutOfOrder(OutOfOrder.TOLERATE);
    SwitchNos sonic =
        new SwitchNos(
            NOS_SONIC,
            PfcWatchdog.SONIC_DEFAULT,
            0.125,
            DataSize.kib(4),
            SimTime.ZERO,
            LoadBalancing.DEFAULT);
    SwitchNos slow =
        new SwitchNos(
            NOS_SLOW_PAUSE,
            PfcWatchdog.SONIC_DEFAULT,
            0.125,
            DataSize.kib(4),
            SimTime.micros(2),
            LoadBalancing.DEFAULT);
    SwitchNos dlb =
        sonic.named(NOS_DLB).withLoadBalancing(LoadBalancing.DEFAULT.withMode(Mode.FLOWLET));
    SwitchNos adaptiveRouting =
        sonic
            .named(NOS_ADAPTIVE_ROUTING)
            .withLoadBalancing(LoadBalancing.DEFAULT.withMode(Mode.PACKET));
    Map<String, NicFirmware> nics = new LinkedHashMap<>();
    for (NicFirmware f : new NicFirmware[] {mlx5, adaptive, paper, legacy, ddp}) {
      nics.put(f.version(), f);
    }
    Map<String, SwitchNos> nos = new LinkedHashMap<>();
    nos.put(sonic.version(), sonic);
    nos.put(slow.version(), slow);
    nos.put(dlb.version(), dlb);
    nos.put(adaptiveRouting.version(), adaptiveRouting);
    return new FirmwareRegistry(nics, nos);
  }
}
