package dev.rocelab.calibration.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.unit.SimTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Reads and edits the settings a calibration touches across a fabric's profiles: a calibration
 * describes one lab of one kind of switch and NIC, so it reads a setting from the first profile
 * that has it and writes it to every one.
 */
@API(status = INTERNAL, since = "0.3")
public final class FabricSettings {

  private FabricSettings() {}

  /**
   * @param fabric a fabric
   * @return the DCQCN parameters of the first NIC profile, if its NICs run DCQCN
   */
  public static Optional<DcqcnParameters> dcqcn(FabricSpec fabric) {
    return fabric.nicProfiles().values().stream()
        .findFirst()
        .map(NicProfile::dcqcn)
        .filter(DcqcnParameters::enabled);
  }

  /**
   * @param fabric a fabric
   * @return the ECN profile of the first lossless priority that has one, if any
   */
  public static Optional<EcnProfile> firstEcn(FabricSpec fabric) {
    return fabric.qos().values().stream()
        .flatMap(q -> q.losslessPriorities().stream().map(p -> q.ecn().get(p)))
        .filter(e -> e != null)
        .findFirst();
  }

  /**
   * @param fabric a fabric
   * @param nic one of its NIC profiles
   * @return the behaviour of the firmware version the profile names
   */
  public static NicFirmware firmware(FabricSpec fabric, NicProfile nic) {
    return fabric.firmwareRegistry().nicBehaviour(nic.firmware());
  }

  /**
   * @param f a fabric
   * @param edit the edit
   * @return the fabric with every switch profile edited
   */
  public static FabricSpec editSwitches(FabricSpec f, UnaryOperator<SwitchProfile> edit) {
    return f.withSwitchProfiles(editEach(f.switchProfiles(), edit));
  }

  /**
   * @param f a fabric
   * @param edit the edit
   * @return the fabric with every NIC profile's DCQCN parameters edited
   */
  public static FabricSpec editDcqcn(FabricSpec f, UnaryOperator<DcqcnParameters> edit) {
    return f.withNicProfiles(editEach(f.nicProfiles(), p -> p.withDcqcn(edit.apply(p.dcqcn()))));
  }

  /**
   * @param f a fabric
   * @param edit the edit
   * @return the fabric with every host profile edited
   */
  public static FabricSpec editHosts(FabricSpec f, UnaryOperator<HostProfile> edit) {
    return f.withHostProfiles(editEach(f.hostProfiles(), edit));
  }

  /** Profiles by name, each edited, in their order. */
  private static <P> Map<String, P> editEach(Map<String, P> profiles, UnaryOperator<P> edit) {
    Map<String, P> edited = new LinkedHashMap<>();
    profiles.forEach((name, p) -> edited.put(name, edit.apply(p)));
    return edited;
  }

  /**
   * @param f a fabric
   * @param edit the edit
   * @return the fabric with the ECN profile of every lossless priority of every QoS policy edited
   */
  public static FabricSpec editEcn(FabricSpec f, UnaryOperator<EcnProfile> edit) {
    Map<String, QosPolicy> edited = new LinkedHashMap<>();
    f.qos()
        .forEach(
            (name, q) -> {
              Map<Integer, EcnProfile> ecn = new LinkedHashMap<>(q.ecn());
              q.losslessPriorities().forEach(p -> ecn.computeIfPresent(p, (k, e) -> edit.apply(e)));
              edited.put(name, q.withEcn(ecn));
            });
    return f.withQos(edited);
  }

  /**
   * @param f a fabric
   * @param nanos the pause reaction, ns
   * @return the fabric with every firmware version the NIC profiles name given that pause reaction
   */
  public static FabricSpec withPauseReaction(FabricSpec f, double nanos) {
    SimTime reaction = SimTime.picos(Math.round(nanos * 1000));
    Map<String, NicFirmware> edited = new LinkedHashMap<>();
    for (NicProfile nic : f.nicProfiles().values()) {
      NicFirmware fw = firmware(f, nic);
      edited.put(fw.version(), fw.withPauseReaction(reaction));
    }
    return f.withFirmwareProfiles(
        f.firmwareProfiles().with(new FirmwareRegistry(edited, Map.of())));
  }

  /**
   * The fabric with host interfaces that keep up with their NICs: no host profile sets {@code
   * pcieBandwidth}.
   *
   * @param fabric the fabric
   * @return a copy of the fabric
   */
  public static FabricSpec hostInterfacesKeepingUp(FabricSpec fabric) {
    return editHosts(fabric, HostProfile::withoutPcieBandwidth);
  }
}
