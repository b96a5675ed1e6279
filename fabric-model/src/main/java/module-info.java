/**
 * The built-in switch/NIC model, backend {@code model}: only its backend package is exported; the
 * simulator ({@code dev.rocelab.model.internal.*}) stays inside.
 */
module dev.rocelab.model {
  requires transitive dev.rocelab.api;
  requires static org.apiguardian.api;
  requires HdrHistogram;

  exports dev.rocelab.model;

  provides dev.rocelab.api.backend.FabricBackend with
      dev.rocelab.model.ModelBackend;
}
