package dev.rocelab.lab.internal;

import dev.rocelab.api.report.Secrets;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.lab.LabCommand;
import dev.rocelab.lab.LabHost;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.LabLauncher;
import dev.rocelab.lab.LabSsh;
import dev.rocelab.lab.LabSwitch;
import dev.rocelab.lab.LabTelemetry;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a {@link LabInventory} back as the {@code lab:} section: the inverse of {@link LabBinder},
 * key for key, with every default written out. Credentials given literally are masked: header
 * values keep their {@code ${env:…}} placeholders and scheme only, URLs lose their user-info and
 * credential parameters ({@link Secrets}).
 */
final class LabSectionWriter {

  private LabSectionWriter() {}

  static Map<String, Object> write(LabInventory lab) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> hosts = new LinkedHashMap<>();
    lab.hosts().forEach((name, host) -> hosts.put(name, host(host)));
    out.put("hosts", hosts);
    Map<String, Object> switches = new LinkedHashMap<>();
    lab.switches().forEach((name, sw) -> switches.put(name, labSwitch(sw)));
    out.put("switches", switches);
    lab.telemetry().ifPresent(t -> out.put("telemetry", telemetry(t)));
    lab.launcher().ifPresent(l -> out.put("launcher", launcher(l)));
    out.put("flowTool", Values.word(LabBinder.FLOW_TOOLS, lab.flowTool()));
    Map<String, Object> faults = new LinkedHashMap<>();
    lab.faults().forEach((action, command) -> faults.put(action.key(), command(command)));
    out.put("faults", faults);
    return out;
  }

  private static Map<String, Object> host(LabHost host) {
    Map<String, Object> out = ssh(host.ssh());
    Map<String, Object> nics = new LinkedHashMap<>();
    host.nics()
        .forEach(
            (name, nic) -> {
              Map<String, Object> one = new LinkedHashMap<>();
              one.put("address", nic.address());
              one.put("rdmaDevice", nic.rdmaDevice());
              nics.put(name, one);
            });
    out.put("nics", nics);
    return out;
  }

  private static Map<String, Object> labSwitch(LabSwitch sw) {
    if (sw.ssh().isPresent()) {
      return ssh(sw.ssh().get());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("address", sw.address());
    return out;
  }

  private static Map<String, Object> ssh(LabSsh ssh) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("address", ssh.address());
    out.put("port", ssh.port());
    out.put("user", ssh.user());
    ssh.identityFile().ifPresent(f -> out.put("identityFile", f));
    ssh.passphraseEnv().ifPresent(e -> out.put("passphraseEnv", e));
    ssh.knownHosts().ifPresent(k -> out.put("knownHosts", k));
    out.put("strictHostKeyChecking", ssh.strictHostKeyChecking());
    return out;
  }

  private static Map<String, Object> telemetry(LabTelemetry t) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("prometheus", Secrets.mask(t.prometheus()));
    out.put("headers", headers(t.headers()));
    out.put("step", t.step().toString());
    out.put("deviceLabel", t.deviceLabel());
    out.put("portLabel", t.portLabel());
    out.put("priorityLabel", t.priorityLabel());
    Map<String, Object> queries = new LinkedHashMap<>();
    t.queries().forEach((counter, query) -> queries.put(counter.key(), query));
    out.put("queries", queries);
    return out;
  }

  private static Map<String, Object> launcher(LabLauncher l) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("kind", Values.word(LabBinder.LAUNCHERS, l.kind()));
    out.put("host", l.host());
    out.put("hostFile", l.hostFile());
    out.put("options", l.options());
    return out;
  }

  private static Map<String, Object> command(LabCommand command) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (command instanceof LabCommand.Ssh ssh) {
      out.put("via", "ssh");
      out.put("host", ssh.host());
      out.put("run", ssh.run());
    } else if (command instanceof LabCommand.Http http) {
      out.put("via", "http");
      out.put("method", http.method());
      out.put("url", Secrets.mask(http.url()));
      out.put("headers", headers(http.headers()));
      out.put("body", http.body());
    } else if (command instanceof LabCommand.Local local) {
      out.put("via", "local");
      out.put("run", local.run());
    }
    return out;
  }

  private static Map<String, Object> headers(Map<String, String> headers) {
    Map<String, Object> out = new LinkedHashMap<>();
    headers.forEach((name, value) -> out.put(name, Secrets.maskHeaderValue(value)));
    return out;
  }
}
