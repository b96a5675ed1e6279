package dev.rocelab.lab.internal;

import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Shape;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import dev.rocelab.lab.LabCommand;
import dev.rocelab.lab.LabFaultAction;
import dev.rocelab.lab.LabHost;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.LabLauncher;
import dev.rocelab.lab.LabSsh;
import dev.rocelab.lab.LabSwitch;
import dev.rocelab.lab.LabTelemetry;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Binds one {@code lab:} section: the inventory of a real lab. */
final class LabBinder {

  static final Map<String, LabInventory.FlowTool> FLOW_TOOLS =
      Values.choices(
          "perftest", LabInventory.FlowTool.PERFTEST, "iperf3", LabInventory.FlowTool.IPERF3);
  static final Map<String, LabLauncher.Kind> LAUNCHERS =
      Values.choices("mpirun", LabLauncher.Kind.MPIRUN, "srun", LabLauncher.Kind.SRUN);
  private static final SimTime DEFAULT_STEP = SimTime.seconds(1);

  private final Values values;

  LabBinder(Values values) {
    this.values = values;
  }

  LabInventory lab(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB, values)
        .map(
            r -> {
              Map<String, LabHost> hosts =
                  r.optional("hosts", n -> values.namedMap(n, (name, h) -> host(h)), Map.of());
              Map<String, LabSwitch> switches =
                  r.optional(
                      "switches", n -> values.namedMap(n, (name, s) -> labSwitch(s)), Map.of());
              LabTelemetry telemetry = r.optional("telemetry", this::telemetry, null);
              LabLauncher launcher = r.optional("launcher", this::launcher, null);
              LabInventory.FlowTool flowTool =
                  r.optional(
                      "flowTool",
                      n -> values.choice(n, "flow tool", FLOW_TOOLS),
                      LabInventory.FlowTool.PERFTEST);
              Map<LabFaultAction, LabCommand> faults = r.optional("faults", this::faults, Map.of());
              return r.build(
                  () ->
                      new LabInventory(
                          hosts,
                          switches,
                          Optional.ofNullable(telemetry),
                          Optional.ofNullable(launcher),
                          flowTool,
                          faults));
            })
        .orElse(null);
  }

  private LabHost host(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_HOST, values)
        .map(
            r -> {
              String address = r.required("address", values::text);
              LabSsh ssh = ssh(r, address, r.required("user", values::text));
              Map<String, LabHost.LabNic> nics =
                  r.required("nics", n -> values.namedMap(n, (name, nic) -> nic(nic)));
              return ssh == null ? null : r.build(() -> new LabHost(ssh, nics));
            })
        .orElse(null);
  }

  private LabHost.LabNic nic(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_NIC, values)
        .map(
            r -> {
              String address = r.required("address", values::text);
              String device = r.optional("rdmaDevice", values::text, "");
              return r.build(() -> new LabHost.LabNic(address, device));
            })
        .orElse(null);
  }

  private LabSwitch labSwitch(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_SWITCH, values)
        .map(
            r -> {
              String address = r.required("address", values::text);
              String user = r.optional("user", values::text, null);
              LabSsh ssh = user == null ? null : ssh(r, address, user);
              if (user == null) {
                for (String key :
                    new String[] {
                      "port", "identityFile", "passphraseEnv", "knownHosts", "strictHostKeyChecking"
                    }) {
                  if (r.has(key)) {
                    values
                        .problems()
                        .error(
                            r.node(),
                            key + " needs user: a switch is logged in to only when user is given");
                    r.fail();
                  }
                }
              }
              return r.build(() -> new LabSwitch(address, Optional.ofNullable(ssh)));
            })
        .orElse(null);
  }

  /** The SSH settings of a host or switch mapping; null (after reporting) if any fails. */
  private LabSsh ssh(MappingReader r, String address, String user) {
    Integer port = r.optional("port", values::wholeNumber, LabSsh.DEFAULT_PORT);
    String identityFile = r.optional("identityFile", values::text, null);
    String passphraseEnv = r.optional("passphraseEnv", values::text, null);
    String knownHosts = r.optional("knownHosts", values::text, null);
    Boolean strict = r.optional("strictHostKeyChecking", values::bool, true);
    if (address == null || port == null || user == null || strict == null) {
      return null;
    }
    return r.build(
        () ->
            new LabSsh(
                address,
                port,
                user,
                Optional.ofNullable(identityFile),
                Optional.ofNullable(passphraseEnv),
                Optional.ofNullable(knownHosts),
                strict));
  }

  private LabTelemetry telemetry(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_TELEMETRY, values)
        .map(
            r -> {
              String prometheus = r.required("prometheus", this::urlTemplate);
              Map<String, String> headers =
                  r.optional(
                      "headers",
                      n -> values.namedMap(n, (k, v) -> values.text(v)),
                      new LinkedHashMap<>());
              SimTime step = r.optional("step", values::duration, DEFAULT_STEP);
              String device = r.optional("deviceLabel", values::text, "device");
              String port = r.optional("portLabel", values::text, "port");
              String priority = r.optional("priorityLabel", values::text, "priority");
              Map<LabTelemetry.Counter, String> queries = r.required("queries", this::queries);
              return r.build(
                  () ->
                      new LabTelemetry(prometheus, headers, step, device, port, priority, queries));
            })
        .orElse(null);
  }

  private Map<LabTelemetry.Counter, String> queries(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_QUERIES, values)
        .map(
            r -> {
              Map<LabTelemetry.Counter, String> queries = new EnumMap<>(LabTelemetry.Counter.class);
              for (LabTelemetry.Counter counter : LabTelemetry.Counter.values()) {
                String query = r.optional(counter.key(), values::text, null);
                if (query != null) {
                  queries.put(counter, query);
                }
              }
              return r.build(() -> queries);
            })
        .orElse(null);
  }

  /**
   * A URL that may hold {@code ${env:…}} placeholders; the message shows it masked, as it may hold
   * credentials.
   */
  private String urlTemplate(YamlNode node) {
    String text = values.text(node);
    if (text == null) {
      return null;
    }
    if (LabTelemetry.isHttpUrl(text)) {
      return text;
    }
    // what stands before an @ may be credentials even where the URL is too broken to parse
    String shown =
        text.contains("@")
            ? Secrets.MASK + text.substring(text.lastIndexOf('@'))
            : Secrets.mask(text);
    values
        .problems()
        .error(
            node,
            "\"" + shown + "\"" + " is not an http or https URL; write it as http://host:port");
    return null;
  }

  private LabLauncher launcher(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_LAUNCHER, values)
        .map(
            r -> {
              LabLauncher.Kind kind =
                  r.required("kind", n -> values.choice(n, "launcher", LAUNCHERS));
              String host = r.required("host", values::text);
              String hostFile = r.optional("hostFile", values::text, "");
              String options = r.optional("options", values::text, "");
              return r.build(() -> new LabLauncher(kind, host, hostFile, options));
            })
        .orElse(null);
  }

  private Map<LabFaultAction, LabCommand> faults(YamlNode node) {
    return MappingReader.open(node, LabShapes.LAB_FAULTS, values)
        .map(
            r -> {
              Map<LabFaultAction, LabCommand> faults = new EnumMap<>(LabFaultAction.class);
              for (LabFaultAction action : LabFaultAction.values()) {
                LabCommand command = r.optional(action.key(), this::command, null);
                if (command != null) {
                  faults.put(action, command);
                }
              }
              return r.build(() -> faults);
            })
        .orElse(null);
  }

  private LabCommand command(YamlNode node) {
    if (!node.isMapping()) {
      return values.mismatch(node, "a mapping");
    }
    Optional<YamlNode> via = node.peek("via");
    if (via.isEmpty()) {
      values
          .problems()
          .error(
              node,
              "missing required key \"via\" (one of "
                  + String.join(", ", LabShapes.LAB_COMMAND_KINDS.keySet())
                  + ")");
      return null;
    }
    Shape shape = values.choice(via.get(), "command kind", LabShapes.LAB_COMMAND_KINDS);
    if (shape == null) {
      return null;
    }
    return MappingReader.open(node, shape, values)
        .map(
            r -> {
              if (shape == LabShapes.LAB_SSH_COMMAND) {
                String host = r.required("host", values::text);
                String run = r.required("run", values::text);
                return r.<LabCommand>build(() -> new LabCommand.Ssh(host, run));
              } else if (shape == LabShapes.LAB_HTTP_COMMAND) {
                String method = r.optional("method", values::text, "POST");
                String url = r.required("url", values::text);
                Map<String, String> headers =
                    r.optional(
                        "headers",
                        n -> values.namedMap(n, (k, v) -> values.text(v)),
                        new LinkedHashMap<>());
                String body = r.optional("body", values::text, "");
                return r.<LabCommand>build(() -> new LabCommand.Http(method, url, headers, body));
              }
              String run = r.required("run", values::text);
              return r.<LabCommand>build(() -> new LabCommand.Local(run));
            })
        .orElse(null);
  }
}
