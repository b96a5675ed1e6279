package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A GPU server: its GPUs, its NICs and how they pair up (rail mapping), and the intra-node
 * interconnect.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates; the GPUs, the NICs and the rail mapping, which must agree, change only
 * together, through the constructor.
 *
 * @param name the profile's name in the fabric file
 * @param gpus the number of GPUs
 * @param nics the number of fabric NICs, named {@code nic0..nic(n-1)}
 * @param nicProfile the name of the NICs' profile
 * @param gpuToNic for each GPU (by index) the NIC it uses: GPU i → NIC {@code gpuToNic[i]} → rail
 * @param nvlinkBandwidth per-GPU intra-node bandwidth (NVLink-class), the links' line rate per
 *     direction
 * @param nvlinkLatency intra-node hop latency
 * @param nvswitch whether the GPUs meet at NVSwitches that reduce and multicast (NVLink SHARP, as
 *     in HGX/DGX H100 and later): NCCL may then run all-reduce as NVLS on one host and NVLS-tree
 *     across hosts
 * @param pcieBandwidth the effective data rate of each NIC's host interface (PCIe) per direction,
 *     if it limits the NIC: a NIC reads what it sends and writes what it receives through it, so a
 *     400G NIC in a PCIe Gen4 x16 slot sends no faster than the slot and, receiving faster than the
 *     slot drains, fills its receive buffer and pauses its peer; empty where the host interface
 *     keeps up with the line rate
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record HostProfile(
    String name,
    int gpus,
    int nics,
    String nicProfile,
    List<Integer> gpuToNic,
    Rate nvlinkBandwidth,
    SimTime nvlinkLatency,
    boolean nvswitch,
    Optional<Rate> pcieBandwidth) {

  /** Validates counts and that the rail mapping names one existing NIC per GPU. */
  public HostProfile {
    Checks.name(name, "name");
    Checks.positive(gpus, "gpus");
    Checks.atMost(gpus, FabricLimits.perHost(), "gpus");
    Checks.positive(nics, "nics");
    Checks.atMost(nics, FabricLimits.perHost(), "nics");
    Checks.name(nicProfile, "nicProfile");
    gpuToNic = Checks.list(gpuToNic, "gpuToNic");
    if (gpuToNic.size() != gpus) {
      throw new IllegalArgumentException(
          "gpuToNic must name one NIC per GPU (" + gpus + ") but has " + gpuToNic.size());
    }
    for (int i = 0; i < gpuToNic.size(); i++) {
      int nic = gpuToNic.get(i);
      if (nic < 0 || nic >= nics) {
        throw new IllegalArgumentException(
            "gpuToNic[" + i + "] must be a NIC 0.." + (nics - 1) + " but was " + nic);
      }
    }
    Checks.positive(nvlinkBandwidth, "nvlinkBandwidth");
    Checks.notNull(nvlinkLatency, "nvlinkLatency");
    Checks.notNull(pcieBandwidth, "pcieBandwidth");
    pcieBandwidth.ifPresent(rate -> Checks.positive(rate, "pcieBandwidth"));
  }

  /**
   * A host profile whose NICs' host interfaces keep up with their line rate.
   *
   * @param name the profile's name in the fabric file
   * @param gpus the number of GPUs
   * @param nics the number of fabric NICs
   * @param nicProfile the name of the NICs' profile
   * @param gpuToNic for each GPU the NIC it uses
   * @param nvlinkBandwidth per-GPU intra-node bandwidth, line rate per direction
   * @param nvlinkLatency intra-node hop latency
   * @param nvswitch whether the GPUs meet at reducing NVSwitches (NVLS)
   */
  public HostProfile(
      String name,
      int gpus,
      int nics,
      String nicProfile,
      List<Integer> gpuToNic,
      Rate nvlinkBandwidth,
      SimTime nvlinkLatency,
      boolean nvswitch) {
    this(
        name,
        gpus,
        nics,
        nicProfile,
        gpuToNic,
        nvlinkBandwidth,
        nvlinkLatency,
        nvswitch,
        Optional.empty());
  }

  /**
   * A host profile without NVSwitch reduction (NVLS).
   *
   * @param name the profile's name in the fabric file
   * @param gpus the number of GPUs
   * @param nics the number of fabric NICs
   * @param nicProfile the name of the NICs' profile
   * @param gpuToNic for each GPU the NIC it uses
   * @param nvlinkBandwidth per-GPU intra-node bandwidth, line rate per direction
   * @param nvlinkLatency intra-node hop latency
   */
  public HostProfile(
      String name,
      int gpus,
      int nics,
      String nicProfile,
      List<Integer> gpuToNic,
      Rate nvlinkBandwidth,
      SimTime nvlinkLatency) {
    this(name, gpus, nics, nicProfile, gpuToNic, nvlinkBandwidth, nvlinkLatency, false);
  }

  /**
   * @param name the profile's name in the fabric file
   * @return a copy with {@code name}
   * @since 0.3
   */
  public HostProfile withName(String name) {
    return change(d -> d.name = name);
  }

  /**
   * @param nicProfile the name of the NICs' profile
   * @return a copy with {@code nicProfile}
   * @since 0.3
   */
  public HostProfile withNicProfile(String nicProfile) {
    return change(d -> d.nicProfile = nicProfile);
  }

  /**
   * @param nvlinkBandwidth per-GPU intra-node bandwidth (NVLink-class), the links' line rate per
   *     direction
   * @return a copy with {@code nvlinkBandwidth}
   * @since 0.3
   */
  public HostProfile withNvlinkBandwidth(Rate nvlinkBandwidth) {
    return change(d -> d.nvlinkBandwidth = nvlinkBandwidth);
  }

  /**
   * @param nvlinkLatency intra-node hop latency
   * @return a copy with {@code nvlinkLatency}
   * @since 0.3
   */
  public HostProfile withNvlinkLatency(SimTime nvlinkLatency) {
    return change(d -> d.nvlinkLatency = nvlinkLatency);
  }

  /**
   * @param nvswitch whether the GPUs meet at NVSwitches that reduce and multicast (NVLink SHARP, as
   *     in HGX/DGX H100 and later): NCCL may then run all-reduce as NVLS on one host and NVLS-tree
   *     across hosts
   * @return a copy with {@code nvswitch}
   * @since 0.3
   */
  public HostProfile withNvswitch(boolean nvswitch) {
    return change(d -> d.nvswitch = nvswitch);
  }

  /**
   * This profile with its NICs behind a host interface of the given rate.
   *
   * @param bandwidth the host interface's effective data rate per direction
   * @return a copy with {@code pcieBandwidth} set
   * @since 0.2
   */
  public HostProfile withPcieBandwidth(Rate bandwidth) {
    Checks.notNull(bandwidth, "bandwidth");
    return change(d -> d.pcieBandwidth = Optional.of(bandwidth));
  }

  /**
   * This profile with host interfaces that keep up with its NICs.
   *
   * @return a copy with an empty {@code pcieBandwidth}
   * @since 0.3
   */
  public HostProfile withoutPcieBandwidth() {
    return change(d -> d.pcieBandwidth = Optional.empty());
  }

  /** A copy with one or more components changed, validated anew. */
  private HostProfile change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next HostProfile. */
  private static final class Draft {
    private String name;
    private final int gpus;
    private final int nics;
    private String nicProfile;
    private final List<Integer> gpuToNic;
    private Rate nvlinkBandwidth;
    private SimTime nvlinkLatency;
    private boolean nvswitch;
    private Optional<Rate> pcieBandwidth;

    Draft(HostProfile from) {
      name = from.name;
      gpus = from.gpus;
      nics = from.nics;
      nicProfile = from.nicProfile;
      gpuToNic = from.gpuToNic;
      nvlinkBandwidth = from.nvlinkBandwidth;
      nvlinkLatency = from.nvlinkLatency;
      nvswitch = from.nvswitch;
      pcieBandwidth = from.pcieBandwidth;
    }

    HostProfile build() {
      return new HostProfile(
          name,
          gpus,
          nics,
          nicProfile,
          gpuToNic,
          nvlinkBandwidth,
          nvlinkLatency,
          nvswitch,
          pcieBandwidth);
    }
  }

  /**
   * The identity rail mapping GPU i → NIC (i mod nics).
   *
   * @param gpus the number of GPUs
   * @param nics the number of NICs
   * @return the mapping
   */
  public static List<Integer> railAligned(int gpus, int nics) {
    Integer[] map = new Integer[gpus];
    for (int i = 0; i < gpus; i++) {
      map[i] = i % nics;
    }
    return List.of(map);
  }
}
