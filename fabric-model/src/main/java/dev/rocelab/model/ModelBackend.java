package dev.rocelab.model;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The built-in packet-level model of a RoCEv2 fabric, backend id {@code model}: switches with
 * shared buffers, PFC and ECN; NICs with DCQCN and go-back-N; ECMP; firmware and NOS versions with
 * their own behaviours, changeable during a run; deterministic for a seed.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class ModelBackend implements FabricBackend {

  /** The backend's id. */
  public static final String ID = "model";

  /** Creates the backend; used by {@link java.util.ServiceLoader}. */
  public ModelBackend() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Set<Capability> capabilities() {
    return EnumSet.of(
        Capability.RDMA_TRAFFIC,
        Capability.MICROBURSTS,
        Capability.LOSSY_TRAFFIC,
        Capability.LINK_FAULTS,
        Capability.SWITCH_RESET,
        Capability.ROUTE_CHANGES,
        Capability.PFC_STORM,
        Capability.BIT_ERRORS,
        Capability.COLLECTIVES,
        Capability.TRAINING_STEPS,
        Capability.CONFIG_CHANGES,
        Capability.PACKET_TELEMETRY,
        Capability.CONCURRENT_RUNS);
  }

  @Override
  public FabricSession open(FabricSpec spec) {
    return new ModelSession(this, spec);
  }
}
