package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.FabricSpec;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The SPI a fabric implementation provides: the built-in simulator ({@code model}), a real lab
 * ({@code lab}), or your own. Implementations are found with {@link java.util.ServiceLoader} (list
 * the class in {@code META-INF/services/dev.rocelab.api.backend.FabricBackend}) and must have a
 * public no-argument constructor; see {@link FabricBackends}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface FabricBackend {

  /**
   * @return the id users select the backend by, e.g. {@code model}; unique, lower case
   */
  String id();

  /**
   * @return what this backend can do; a scenario needing more is not run
   */
  Set<Capability> capabilities();

  /**
   * Opens a session on a fabric: builds the simulation, or connects to the lab.
   *
   * @param spec the fabric, validated, never null
   * @return an open session; the caller closes it
   * @throws FabricBackendException if the fabric cannot be reached or set up (an infrastructure
   *     problem, not a fabric verdict)
   */
  FabricSession open(FabricSpec spec);
}
