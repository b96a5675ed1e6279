package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.Convergence;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HeadroomPolicy;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchNos;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.SwitchProfile.Forwarding;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Binds {@code switchProfiles.<name>} to {@link SwitchProfile}, with its headroom, watchdog and
 * load balancing. The watchdog and load-balancing keys, {@code alpha} and {@code reserve} left out
 * take the defaults of the NOS version's behaviour; a NOS no registry knows has no {@code alpha}
 * default, so its profile must write it.
 */
final class SwitchBinder {

  static final Map<String, Forwarding> FORWARDING =
      Values.choices(
          "cut-through", Forwarding.CUT_THROUGH, "store-and-forward", Forwarding.STORE_AND_FORWARD);
  static final Map<String, PfcWatchdog.Action> WATCHDOG_ACTIONS =
      Values.choices("drop", PfcWatchdog.Action.DROP, "forward", PfcWatchdog.Action.FORWARD);
  static final Map<String, LoadBalancing.Mode> LOAD_BALANCING_MODES =
      Values.choices(
          "ecmp",
          LoadBalancing.Mode.ECMP,
          "flowlet",
          LoadBalancing.Mode.FLOWLET,
          "packet",
          LoadBalancing.Mode.PACKET,
          "global",
          LoadBalancing.Mode.GLOBAL);
  static final Map<String, String> HEADROOM_MODES =
      Values.choices("derived", "derived", "fixed", "fixed");

  static final HeadroomPolicy.Derived DEFAULT_HEADROOM = HeadroomPolicy.Derived.SPECTRUM_DEFAULTS;

  static final SimTime DEFAULT_FORWARDING_LATENCY = SimTime.nanos(600);

  private final Values values;
  private final Map<String, QosPolicy> policies;
  private final FirmwareRegistry registry;

  /**
   * @param policies the file's QoS policies (for the {@code qos} default and fixed headroom); null
   *     if they failed to bind
   * @param registry the built-in versions and the file's own, whose defaults fill what a profile
   *     leaves out
   */
  SwitchBinder(Values values, Map<String, QosPolicy> policies, FirmwareRegistry registry) {
    this.values = values;
    this.policies = policies;
    this.registry = registry;
  }

  SwitchProfile profile(String name, YamlNode node) {
    return MappingReader.open(node, Shapes.SWITCH_PROFILE, values)
        .map(
            r -> {
              String asic = r.required("asic", values::text);
              String nos = r.required("nos", values::text);
              DataSize buffer = r.required("buffer", values::size);
              DataSize cellSize = r.required("cellSize", values::size);
              Optional<SwitchNos> version =
                  nos == null ? Optional.empty() : registry.switchNos(nos);
              Double alpha =
                  r.optional("alpha", values::number, version.map(SwitchNos::alpha).orElse(null));
              if (alpha == null && nos != null && !r.has("alpha")) {
                values
                    .problems()
                    .error(
                        r.node(),
                        "missing required key \"alpha\" (NOS "
                            + nos
                            + " has no behaviour profile to take it from)");
                r.fail();
              }
              DataSize reserve =
                  r.optional(
                      "reserve",
                      values::size,
                      version.map(SwitchNos::reserve).orElse(DataSize.ZERO));
              String written = r.optional("qos", values::text, null);
              String qos = r.has("qos") ? written : defaultPolicy(r);
              Set<Integer> lossless =
                  Optional.ofNullable(policies)
                      .map(p -> p.get(qos))
                      .map(QosPolicy::losslessPriorities)
                      .orElse(Set.of());
              HeadroomPolicy headroom =
                  r.optional("headroom", n -> headroom(n, lossless), DEFAULT_HEADROOM);
              Forwarding forwarding =
                  r.optional(
                      "forwarding",
                      n -> values.choice(n, "forwarding mode", FORWARDING),
                      Forwarding.CUT_THROUGH);
              SimTime forwardingLatency =
                  r.optional("forwardingLatency", values::duration, DEFAULT_FORWARDING_LATENCY);
              PfcWatchdog defaultWatchdog =
                  version.map(SwitchNos::watchdog).orElse(PfcWatchdog.SONIC_DEFAULT);
              PfcWatchdog watchdog =
                  r.optional("watchdog", n -> watchdog(n, defaultWatchdog), defaultWatchdog);
              Convergence convergence =
                  r.optional("convergence", this::convergence, Convergence.FAST);
              LoadBalancing defaultBalancing =
                  version.map(SwitchNos::loadBalancing).orElse(LoadBalancing.DEFAULT);
              LoadBalancing loadBalancing =
                  r.optional(
                      "loadBalancing", n -> loadBalancing(n, defaultBalancing), defaultBalancing);
              return r.build(
                  () ->
                      new SwitchProfile(
                          name,
                          asic,
                          nos,
                          buffer,
                          cellSize,
                          alpha,
                          reserve,
                          headroom,
                          qos,
                          forwarding,
                          forwardingLatency,
                          watchdog,
                          convergence,
                          loadBalancing));
            })
        .orElse(null);
  }

  /**
   * Without a {@code qos} key a switch runs the file's only QoS policy; with several, the key is
   * required.
   */
  private String defaultPolicy(MappingReader r) {
    if (policies == null) {
      r.fail();
      return null;
    }
    if (policies.size() == 1) {
      return policies.keySet().iterator().next();
    }
    values
        .problems()
        .error(
            r.node(),
            "missing required key \"qos\" (the fabric has "
                + policies.size()
                + " QoS policies: "
                + String.join(", ", policies.keySet())
                + ")");
    r.fail();
    return null;
  }

  private HeadroomPolicy headroom(YamlNode node, Set<Integer> lossless) {
    if (!node.isMapping()) {
      return values.mismatch(node, "a mapping");
    }
    Optional<YamlNode> modeNode = node.peek("mode");
    String mode =
        modeNode.isPresent()
            ? values.choice(modeNode.get(), "headroom mode", HEADROOM_MODES)
            : "derived";
    if (mode == null) {
      return null;
    }
    return mode.equals("derived") ? derived(node) : fixed(node, lossless);
  }

  private HeadroomPolicy derived(YamlNode node) {
    HeadroomPolicy.Derived d = DEFAULT_HEADROOM;
    return MappingReader.open(node, Shapes.HEADROOM_DERIVED, values)
        .map(
            r -> {
              DataSize macPhyDelay = r.optional("macPhyDelay", values::size, d.macPhyDelay());
              DataSize pipelineLatency =
                  r.optional("pipelineLatency", values::size, d.pipelineLatency());
              Integer smallPacketPercent =
                  r.optional("smallPacketPercent", values::wholeNumber, d.smallPacketPercent());
              SimTime gearboxDelay = r.optional("gearboxDelay", values::duration, d.gearboxDelay());
              return r.<HeadroomPolicy>build(
                  () ->
                      new HeadroomPolicy.Derived(
                          macPhyDelay, pipelineLatency, smallPacketPercent, gearboxDelay));
            })
        .orElse(null);
  }

  /**
   * {@code size} applies to every lossless priority of the profile's QoS policy; {@code sizes}
   * lists them.
   */
  private HeadroomPolicy fixed(YamlNode node, Set<Integer> lossless) {
    return MappingReader.open(node, Shapes.HEADROOM_FIXED, values)
        .map(
            r -> {
              if (r.has("size") == r.has("sizes")) {
                values
                    .problems()
                    .error(
                        node,
                        r.has("size")
                            ? "set either size or sizes, not both"
                            : "missing required key \"size\" or \"sizes\"");
                r.fail();
              }
              DataSize size = r.optional("size", values::size, null);
              Map<Integer, DataSize> sizes =
                  r.optional("sizes", n -> values.numberedMap(n, values::size), null);
              return r.<HeadroomPolicy>build(
                  () -> {
                    Map<Integer, DataSize> perPriority = sizes;
                    if (perPriority == null) {
                      perPriority = new LinkedHashMap<>();
                      for (int priority : lossless) {
                        perPriority.put(priority, size);
                      }
                    }
                    return new HeadroomPolicy.Fixed(perPriority);
                  });
            })
        .orElse(null);
  }

  /** Each key written replaces the fast-fabric default of that setting. */
  private Convergence convergence(YamlNode node) {
    Convergence d = Convergence.FAST;
    return MappingReader.open(node, Shapes.CONVERGENCE, values)
        .map(
            r -> {
              SimTime detection =
                  r.optional("failureDetection", values::duration, d.failureDetection());
              SimTime routes =
                  r.optional("routeConvergence", values::duration, d.routeConvergence());
              return r.build(() -> new Convergence(detection, routes));
            })
        .orElse(null);
  }

  /** Each key written replaces that setting of {@code d}, the defaults. */
  LoadBalancing loadBalancing(YamlNode node, LoadBalancing d) {
    return MappingReader.open(node, Shapes.LOAD_BALANCING, values)
        .map(
            r -> {
              LoadBalancing.Mode mode =
                  r.optional(
                      "mode",
                      n -> values.choice(n, "load-balancing mode", LOAD_BALANCING_MODES),
                      d.mode());
              Boolean hashQp = r.optional("hashQp", values::bool, d.hashQp());
              SimTime flowletGap = r.optional("flowletGap", values::duration, d.flowletGap());
              Integer bands = r.optional("bands", values::wholeNumber, d.bands());
              DataSize queueStep = r.optional("queueStep", values::size, d.queueStep());
              Double queueWeight = r.optional("queueWeight", values::number, d.queueWeight());
              SimTime loadWindow = r.optional("loadWindow", values::duration, d.loadWindow());
              SimTime remoteDelay = r.optional("remoteDelay", values::duration, d.remoteDelay());
              SimTime remotePeriod = r.optional("remotePeriod", values::duration, d.remotePeriod());
              return r.build(
                  () ->
                      new LoadBalancing(
                          mode,
                          hashQp,
                          flowletGap,
                          bands,
                          queueStep,
                          queueWeight,
                          loadWindow,
                          remoteDelay,
                          remotePeriod));
            })
        .orElse(null);
  }

  /** Each key written replaces that setting of {@code d}, the defaults. */
  PfcWatchdog watchdog(YamlNode node, PfcWatchdog d) {
    return MappingReader.open(node, Shapes.WATCHDOG, values)
        .map(
            r -> {
              Boolean enabled = r.optional("enabled", values::bool, d.enabled());
              SimTime detection = r.optional("detection", values::duration, d.detection());
              SimTime restoration = r.optional("restoration", values::duration, d.restoration());
              SimTime pollInterval = r.optional("pollInterval", values::duration, d.pollInterval());
              PfcWatchdog.Action action =
                  r.optional(
                      "action",
                      n -> values.choice(n, "watchdog action", WATCHDOG_ACTIONS),
                      d.action());
              return r.build(
                  () -> new PfcWatchdog(enabled, detection, restoration, pollInterval, action));
            })
        .orElse(null);
  }
}
