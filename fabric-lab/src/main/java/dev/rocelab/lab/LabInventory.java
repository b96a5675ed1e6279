package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.util.Checks;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How to drive a real lab that implements the fabric: the hosts to log in to, the switches and
 * their management addresses, where telemetry is read, how multi-node jobs are launched, the tool
 * that carries point-to-point flows and the lab's own commands for faults. The {@code lab:} section
 * of a fabric file ({@link #KEY}), read by this module; a fabric without one runs on the model
 * only.
 *
 * <p>Credentials are never part of the inventory: it names key files, known_hosts files and
 * environment variables, and the lab backend reads them when it connects.
 *
 * @param hosts the hosts by fabric name ({@code host1}), in file order
 * @param switches the switches by fabric name ({@code leaf1}), in file order
 * @param telemetry where switch counters are read, if anywhere
 * @param launcher how multi-node jobs (nccl-tests) are launched, if they are
 * @param flowTool the tool that carries point-to-point flows
 * @param faults the lab's command for each kind of fault it can inject
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabInventory(
    Map<String, LabHost> hosts,
    Map<String, LabSwitch> switches,
    Optional<LabTelemetry> telemetry,
    Optional<LabLauncher> launcher,
    FlowTool flowTool,
    Map<LabFaultAction, LabCommand> faults)
    implements FabricSection {

  /** The section's key in a fabric file. */
  public static final String KEY = "lab";

  /** Copies the maps, keeping their order. */
  public LabInventory {
    hosts = Checks.orderedMap(hosts, "hosts");
    switches = Checks.orderedMap(switches, "switches");
    Checks.notNull(telemetry, "telemetry");
    Checks.notNull(launcher, "launcher");
    Checks.notNull(flowTool, "flowTool");
    faults = Checks.orderedMap(faults, "faults");
  }

  /**
   * The lab inventory of a fabric.
   *
   * @param fabric a fabric
   * @return its {@code lab:} section, or empty if it has none
   */
  public static Optional<LabInventory> of(FabricSpec fabric) {
    return fabric.section(KEY, LabInventory.class);
  }

  /**
   * @return {@value #KEY}
   */
  @Override
  public String key() {
    return KEY;
  }

  /** The tool that carries point-to-point flows between hosts. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum FlowTool {
    /** perftest ({@code ib_write_bw}, {@code ib_send_bw}): RDMA over the hosts' RoCE NICs. */
    PERFTEST,
    /**
     * iperf3 over TCP: for labs (or rehearsals) whose hosts have no RDMA NICs. Results are TCP
     * throughput, not RDMA; reports name the tool.
     */
    IPERF3
  }
}
