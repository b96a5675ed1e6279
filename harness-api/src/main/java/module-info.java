/**
 * rocelab's API: units, the fabric and its facts, scenarios, results and their analysis, the
 * backend and reporting SPIs. No third-party runtime dependency; {@code dev.rocelab.api.util} is
 * not exported.
 */
module dev.rocelab.api {
  requires static transitive org.apiguardian.api;

  exports dev.rocelab.api.analysis;
  exports dev.rocelab.api.backend;
  exports dev.rocelab.api.fabric;
  exports dev.rocelab.api.report;
  exports dev.rocelab.api.result;
  exports dev.rocelab.api.scenario;
  exports dev.rocelab.api.unit;
  exports dev.rocelab.api.util;

  uses dev.rocelab.api.backend.FabricBackend;
}
