package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.internal.Checks;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How to drive a real lab that implements the fabric: the hosts to log in to, the switches and
 * their management addresses, where telemetry is read, how multi-node jobs are launched, the tool
 * that carries point-to-point flows and the lab's own commands for faults. The {@code lab:} section
 * of a fabric file; {@link #NONE} for a fabric that only runs on the model.
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
    Map<LabFaultAction, LabCommand> faults) {

  /** No lab: the fabric runs on the model only. */
  public static final LabInventory NONE =
      new LabInventory(
          Map.of(), Map.of(), Optional.empty(), Optional.empty(), FlowTool.PERFTEST, Map.of());

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
   * @return whether this is {@link #NONE}: no host, no switch
   */
  public boolean isEmpty() {
    return hosts.isEmpty() && switches.isEmpty();
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
