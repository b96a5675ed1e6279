package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A lab that is the model in disguise: stand-ins that the real lab backend ({@code lab}) drives
 * through its normal paths — SSH to every host, Prometheus' HTTP API — whose answers come from the
 * model's run of a fabric with hidden parameters. Calibration run through the lab backend against
 * it must find those parameters.
 *
 * <p>Every host of the fabric is an SSH server on 127.0.0.1 (its own port, host keys checked
 * against a known_hosts file, a key pair of this lab's own); its NICs have data addresses and RDMA
 * devices ({@code mlx5_0}, {@code mlx5_1}, … per host), so the lab runs flows with perftest, and
 * collectives through {@code mpirun} on the first host. The lab's {@link #labSection() lab:
 * section} says all that. {@link #serve(Scenario)} runs a scenario on the model of the hidden
 * fabric; the lab's run of the same scenario then reads:
 *
 * <ul>
 *   <li>from each perftest client, the result of the model flow of the same source NIC, destination
 *       NIC (and, among flows sharing both, the same place in port order): bandwidth such that the
 *       lab computes the model flow's completion time, or the model flow's latency;
 *   <li>from the launcher, the model's nccl-tests table of the collective;
 *   <li>from Prometheus, switch counters that grow by the model run's totals of every switch port
 *       and priority the moment the scenario's first client or launcher runs, and buffer and
 *       headroom gauges at the run's peak while it runs;
 *   <li>from a host told to storm ({@code lab.faults.pfcStorm}), success if the model run's
 *       scenario has that PFC storm: the storm's effects are in the model run already.
 * </ul>
 *
 * Serve every scenario before the lab runs it, once per run. Other faults, drops and iperf3 are not
 * served: a command the lab sends for them fails, saying so.
 */
public final class SyntheticLab implements AutoCloseable {

  /** The lab section's telemetry step, and the scrape interval of the switches' exporter. */
  private static final Duration STEP = Duration.ofMillis(100);

  private static final String USER = "lab";

  private final FabricSpec hidden;
  private final FabricGraph graph;
  private final List<SyntheticNic> nics;
  private final HostShell shell;
  private final Path dir;
  private final Path hostFile;
  private final SshHosts hosts;
  private final PrometheusStandIn prometheus;

  /**
   * Starts the stand-ins: an SSH server per host of the fabric and a Prometheus server.
   *
   * @param hidden the fabric the lab behaves as: the topology the lab backend is given, with the
   *     parameters calibration is to find
   * @throws IOException if the keys cannot be written or a server does not start
   */
  public SyntheticLab(FabricSpec hidden) throws IOException {
    this.hidden = Objects.requireNonNull(hidden, "hidden must not be null");
    this.graph = FabricGraph.of(hidden);
    this.nics = nics(graph);
    this.shell = new HostShell(nics);
    this.dir = Files.createTempDirectory("rocelab-synthetic-lab-");
    List<String> names = graph.hosts().stream().map(Device::name).toList();
    SshHosts started = null;
    try {
      hostFile = dir.resolve("hostfile");
      Files.write(
          hostFile,
          names.stream().map(h -> h + " slots=" + graph.hostProfileOf(h).gpus()).toList());
      started = new SshHosts(names, dir, shell);
      prometheus = new PrometheusStandIn(STEP);
    } catch (IOException e) {
      if (started != null) {
        started.close();
      }
      delete(dir);
      throw e;
    }
    hosts = started;
  }

  /**
   * Every NIC of the fabric, in fabric order: the k-th has data address 10.a.b.c for k + 1 = a·2¹⁶
   * + b·2⁸ + c, and RDMA device {@code mlx5_i} as its host's i-th NIC.
   */
  private static List<SyntheticNic> nics(FabricGraph graph) {
    List<SyntheticNic> nics = new ArrayList<>();
    Map<String, Integer> perHost = new HashMap<>();
    for (Endpoint nic : graph.nics()) {
      int k = nics.size() + 1;
      nics.add(
          new SyntheticNic(
              nic,
              "10." + (k >> 16 & 255) + "." + (k >> 8 & 255) + "." + (k & 255),
              "mlx5_" + (perHost.merge(nic.device(), 1, Integer::sum) - 1)));
    }
    return List.copyOf(nics);
  }

  /**
   * The {@code lab:} section that points the lab backend at the stand-ins: every host with its SSH
   * login and NICs, perftest for flows, {@code mpirun} on the first host with a host file of every
   * host (one slot per GPU), and Prometheus with a query per switch counter (the port label is
   * {@code interface}).
   *
   * @return the section's YAML, to append to the fabric file
   */
  public String labSection() {
    StringBuilder yaml = new StringBuilder("lab:\n  flowTool: perftest\n  hosts:\n");
    for (Device host : graph.hosts()) {
      yaml.append("    ")
          .append(host.name())
          .append(":\n      address: ")
          .append(hosts.address())
          .append("\n      port: ")
          .append(hosts.port(host.name()))
          .append("\n      user: ")
          .append(USER)
          .append("\n      identityFile: ")
          .append(quoted(hosts.identityFile()))
          .append("\n      knownHosts: ")
          .append(quoted(hosts.knownHosts()))
          .append("\n      nics:\n");
      nics.stream()
          .filter(n -> n.nic().device().equals(host.name()))
          .forEach(
              n ->
                  yaml.append("        ")
                      .append(n.nic().port())
                      .append(": {address: ")
                      .append(n.address())
                      .append(", rdmaDevice: ")
                      .append(n.rdmaDevice())
                      .append("}\n"));
    }
    yaml.append("  launcher: {kind: mpirun, host: ")
        .append(graph.hosts().get(0).name())
        .append(", hostFile: ")
        .append(quoted(hostFile))
        .append("}\n  faults:\n    pfcStorm: {via: ssh, host: \"{device}\", run: \"")
        .append(HostShell.PFC_STORM)
        .append(
            " --nic {port} --priority {priority} --micros {micros}\"}\n  telemetry:\n    prometheus: ")
        .append(prometheus.url())
        .append("\n    step: ")
        .append(STEP.toMillis())
        .append("ms\n    portLabel: interface\n    queries:\n");
    for (SwitchCounter counter : SwitchCounter.values()) {
      yaml.append("      ")
          .append(counter.counter().key())
          .append(": ")
          .append(counter.metric())
          .append('\n');
    }
    return yaml.toString();
  }

  /**
   * Runs a scenario on the model of the hidden fabric (with the scenario's own seed) and answers
   * the lab's commands for it from that run, until the next scenario is served.
   *
   * @param scenario the scenario the lab backend is about to run
   */
  public void serve(Scenario scenario) {
    RunResult model;
    try (FabricSession session = FabricBackends.require("model").open(hidden)) {
      model = session.run(scenario);
    }
    ServedRun run = new ServedRun(model);
    prometheus.add(run);
    shell.serve(run);
  }

  /**
   * Stops the SSH servers and Prometheus, and deletes the keys.
   *
   * @throws IOException if a server does not stop or a file cannot be deleted
   */
  @Override
  public void close() throws IOException {
    try {
      hosts.close();
    } finally {
      prometheus.close();
      delete(dir);
    }
  }

  /** A path as a single-quoted YAML scalar. */
  private static String quoted(Path path) {
    return "'" + path.toString().replace("'", "''") + "'";
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
