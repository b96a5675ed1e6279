package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A top-level section of a fabric file that a module other than the core reads — the lab backend's
 * {@code lab:} inventory, say. {@link FabricSpec} keeps its sections without knowing their types;
 * the module that reads a section asks for it with {@link FabricSpec#section(String, Class)}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface FabricSection {

  /**
   * @return the section's key at the top of a fabric file, e.g. {@code lab}
   */
  String key();
}
