package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.lab.internal.LabSession;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * A real lab, backend id {@code lab}: scenarios run on the hosts of the fabric file's {@code lab:}
 * inventory over SSH with the tools labs use (perftest, or iperf3 where hosts have no RDMA NIC;
 * nccl-tests through the lab's {@code mpirun} or {@code srun}), switch counters are read from
 * Prometheus before, during and after each run, and faults are the lab's own commands.
 * Infrastructure problems are {@link LabException}s: tests are reported broken, not failed.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LabBackend implements FabricBackend {

  /** The backend's id. */
  public static final String ID = "lab";

  /** Creates the backend; used by {@link java.util.ServiceLoader}. */
  public LabBackend() {}

  @Override
  public String id() {
    return ID;
  }

  /**
   * Flows, incasts, microbursts (paced by perftest's rate limiter or iperf3's pacing timer on each
   * sender), permutations, all-to-all, mixed traffic, collectives (nccl-tests through the lab's
   * launcher), link faults, switch resets, config drifts and PFC storms (where the lab has
   * commands).
   */
  @Override
  public Set<Capability> capabilities() {
    return EnumSet.of(
        Capability.RDMA_TRAFFIC,
        Capability.MICROBURSTS,
        Capability.LOSSY_TRAFFIC,
        Capability.LINK_FAULTS,
        Capability.SWITCH_RESET,
        Capability.CONFIG_CHANGES,
        Capability.PFC_STORM,
        Capability.COLLECTIVES);
  }

  /**
   * Logs in to every lab host.
   *
   * @throws LabException if a host refuses, rejects the key or does not answer
   * @throws IllegalArgumentException if the fabric has no lab inventory, or it names devices the
   *     fabric lacks
   */
  @Override
  public FabricSession open(FabricSpec spec) {
    return new LabSession(this, spec);
  }
}
