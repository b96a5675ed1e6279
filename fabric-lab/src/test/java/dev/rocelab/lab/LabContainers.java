package dev.rocelab.lab;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.Network.Ipam;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.KeyPair;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.util.MachineLock;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * A small lab in containers: two hosts (sshd with key authentication, iperf3, Open MPI, the node
 * exporter) on a management network and a data network, and a Prometheus server scraping them.
 * Images are built locally {@code FROM debian:bookworm-slim} (see {@code .ci/docker}) and kept
 * between runs. The fabric file it writes describes both hosts with a {@code lab:} inventory: SSH
 * through the mapped ports with host keys checked against a known_hosts file, node-exporter
 * counters of each data interface, link faults as {@code docker network disconnect/connect}, PFC
 * storms noted in a file by the storming host (over SSH; no NIC in a container pauses), and Open
 * MPI's {@code mpirun} on host1 as the launcher, with a host file of both hosts (the lab user of
 * host1 logs in to both over SSH, as mpirun needs). Public for the launcher test of the internal
 * package.
 *
 * <p>No switch ASIC runs in a container, so a stand-in exporter serves leaf1's per-priority
 * counters (PFC frames sent and received, ECN marks, dropped packets and bytes) and buffer use: the
 * node exporter's textfile collector on a container named leaf1, serving what {@link
 * #switchCounters(String)} writes. It proves the path a real switch exporter takes — scraped by
 * Prometheus, mapped by the fabric file's queries onto leaf1's ports and priorities, read before,
 * during and after a run — not that any pause happened.
 */
public final class LabContainers implements AutoCloseable {

  static final String HOST_IMAGE = "rocelab-lab-host:test";
  static final String PROMETHEUS_IMAGE = "rocelab-lab-prometheus:test";
  static final List<String> HOSTS = List.of("host1", "host2");

  /** How many /24s the data network may take. */
  private static final int SUBNETS = 100;

  /** Where a host's {@code pfcStorm} command notes each storm it was asked for. */
  private static final String PFC_STORMS = "/tmp/pfc-storms";

  /** The switch whose counters the stand-in exporter serves. */
  static final String SWITCH = "leaf1";

  private static final String SWITCH_COUNTERS = "/var/lib/switch-counters";

  /** mpirun's host file on host1: one slot (one GPU's rank) per host. */
  static final String HOST_FILE = "/home/lab/hostfile";

  private final String id = UUID.randomUUID().toString().substring(0, 8);
  private final Path dir;
  private final Network management = Network.newNetwork();
  private final String dataNetwork = "rocelab-data-" + id;
  private final String subnet;
  private final Map<String, GenericContainer<?>> hosts = new LinkedHashMap<>();
  private final GenericContainer<?> switchExporter;
  private final GenericContainer<?> prometheus;
  private final List<AutoCloseable> started = new ArrayList<>();

  /**
   * Starts the lab: builds the images if the engine has none, starts both hosts and Prometheus.
   *
   * @throws Exception if a container does not start
   */
  public LabContainers() throws Exception {
    dir = Files.createTempDirectory("rocelab-lab-");
    key("id_rsa");
    key("wrong_rsa");
    DockerClient docker = DockerClientFactory.instance().client();
    subnet = createDataNetwork(docker);
    started.add(() -> docker.removeNetworkCmd(dataNetwork).exec());
    started.add(management);
    for (int i = 0; i < HOSTS.size(); i++) {
      String name = HOSTS.get(i);
      GenericContainer<?> host =
          new GenericContainer<>(image("host", HOST_IMAGE))
              .withNetwork(management)
              .withNetworkAliases(name)
              .withCreateContainerCmdModifier(cmd -> cmd.withName(containerName(name)))
              .withCopyFileToContainer(
                  MountableFile.forHostPath(dir.resolve("id_rsa.pub")), "/keys/authorized_keys")
              .withExposedPorts(22)
              .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofSeconds(60)));
      host.start();
      started.add(0, host::stop);
      docker
          .connectToNetworkCmd()
          .withNetworkId(dataNetwork)
          .withContainerId(host.getContainerId())
          .withContainerNetwork(
              new ContainerNetwork()
                  .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(dataAddress(i))))
          .exec();
      hosts.put(name, host);
    }
    switchExporter =
        new GenericContainer<>(image("host", HOST_IMAGE))
            .withNetwork(management)
            .withNetworkAliases(SWITCH)
            .withCommand(
                "sh",
                "-c",
                "mkdir -p "
                    + SWITCH_COUNTERS
                    + " && exec prometheus-node-exporter"
                    + " --web.listen-address=:9100 --collector.disable-defaults --collector.textfile"
                    + " --collector.textfile.directory="
                    + SWITCH_COUNTERS)
            .waitingFor(
                Wait.forLogMessage(".*Listening on.*", 1)
                    .withStartupTimeout(Duration.ofSeconds(60)));
    switchExporter.start();
    started.add(0, switchExporter::stop);
    switchCounters("");
    Files.writeString(dir.resolve("prometheus.yml"), prometheusConfig());
    prometheus =
        new GenericContainer<>(image("prometheus", PROMETHEUS_IMAGE))
            .withNetwork(management)
            .withCopyFileToContainer(
                MountableFile.forHostPath(dir.resolve("prometheus.yml")),
                "/etc/prometheus/prometheus.yml")
            .withExposedPorts(9090)
            .waitingFor(
                Wait.forHttp("/-/ready")
                    .forStatusCode(200)
                    .withStartupTimeout(Duration.ofSeconds(60)));
    prometheus.start();
    started.add(0, prometheus::stop);
    writeKnownHosts();
    trustBetweenHosts();
    awaitScraped();
  }

  /**
   * mpirun on host1 starts its ranks over SSH as the lab user, on host1 itself and on host2: that
   * user gets a key both hosts accept, and the host file names both with one slot each.
   */
  private void trustBetweenHosts() throws Exception {
    exec(
        "host1",
        "su",
        "lab",
        "-c",
        "ssh-keygen -q -t ed25519 -N '' -f /home/lab/.ssh/id_ed25519"
            + " && printf 'StrictHostKeyChecking accept-new\\n' > /home/lab/.ssh/config"
            + " && printf '"
            + String.join(" slots=1\\n", HOSTS)
            + " slots=1\\n' > "
            + HOST_FILE);
    String key = exec("host1", "cat", "/home/lab/.ssh/id_ed25519.pub").strip();
    for (String host : HOSTS) {
      exec(host, "sh", "-c", "echo '" + key + "' >> /home/lab/.ssh/authorized_keys");
    }
  }

  /** Ready is not enough: the counters exist once every host has been scraped. */
  private void awaitScraped() {
    URI up = URI.create("http://" + prometheusAddress() + "/api/v1/query?query=count(up%3D%3D1)");
    HttpClient http = HttpClient.newHttpClient();
    Awaitility.await("Prometheus has scraped both hosts and the switch")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                http.send(HttpRequest.newBuilder(up).build(), HttpResponse.BodyHandlers.ofString())
                    .body()
                    .contains("\"" + (HOSTS.size() + 1) + "\"]"));
  }

  /**
   * Built once per machine, by one process at a time (two test processes starting labs at once
   * would both build it): the engine's layer cache makes later builds instant.
   */
  private static DockerImageName image(String folder, String name) {
    ImageFromDockerfile image = new ImageFromDockerfile(name, false);
    for (String file :
        folder.equals("host") ? List.of("Dockerfile", "entrypoint.sh") : List.of("Dockerfile")) {
      image.withFileFromClasspath(file, "images/" + folder + "/" + file);
    }
    return DockerImageName.parse(
        MachineLock.holding("image-" + name.replace(':', '-'), image::get));
  }

  private void key(String name) throws Exception {
    KeyPair pair = KeyPair.genKeyPair(new JSch(), KeyPair.RSA, 3072);
    pair.writePrivateKey(dir.resolve(name).toString());
    pair.writePublicKey(dir.resolve(name + ".pub").toString(), "rocelab-test");
    pair.dispose();
  }

  private void writeKnownHosts() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (GenericContainer<?> host : hosts.values()) {
      String[] key =
          host.copyFileFromContainer(
                  "/etc/ssh/ssh_host_ed25519_key.pub",
                  in -> new String(in.readAllBytes(), StandardCharsets.UTF_8))
              .strip()
              .split(" ");
      lines
          .append("[")
          .append(host.getHost())
          .append("]:")
          .append(host.getMappedPort(22))
          .append(' ')
          .append(key[0])
          .append(' ')
          .append(key[1])
          .append('\n');
    }
    Files.writeString(dir.resolve("known_hosts"), lines);
  }

  private String prometheusConfig() {
    StringBuilder yaml =
        new StringBuilder(
            "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
                + "scrape_configs:\n  - job_name: hosts\n    static_configs:\n");
    for (String target : List.of(HOSTS.get(0), HOSTS.get(1), SWITCH)) {
      yaml.append("      - {targets: ['")
          .append(target)
          .append(":9100'], labels: {host: ")
          .append(target)
          .append("}}\n");
    }
    return yaml.toString();
  }

  /**
   * @return where Prometheus answers from this machine, {@code host:port}
   */
  public String prometheusAddress() {
    return prometheus.getHost() + ":" + prometheus.getMappedPort(9090);
  }

  /**
   * Creates the data network on a free /24 of 10.100–199.77: another lab of this build, or one a
   * killed run left behind, may hold the first choice.
   *
   * @return the network's first three octets
   */
  private String createDataNetwork(DockerClient docker) {
    int first = Math.floorMod(id.hashCode(), SUBNETS);
    for (int i = 0; ; i++) {
      String candidate = "10." + (100 + (first + i) % SUBNETS) + ".77";
      try {
        docker
            .createNetworkCmd()
            .withName(dataNetwork)
            .withDriver("bridge")
            .withIpam(new Ipam().withConfig(new Ipam.Config().withSubnet(candidate + ".0/24")))
            .exec();
        return candidate;
      } catch (DockerException taken) {
        if (i == SUBNETS - 1 || !String.valueOf(taken.getMessage()).contains("overlaps")) {
          throw taken;
        }
      }
    }
  }

  String containerName(String host) {
    return "rocelab-" + id + "-" + host;
  }

  String dataAddress(int index) {
    return subnet + "." + (11 + index);
  }

  /**
   * @param name {@code host1} or {@code host2}
   * @return the container of that host
   */
  public GenericContainer<?> host(String name) {
    return hosts.get(name);
  }

  /**
   * The fabric: one switch, both hosts with one NIC each, and the lab inventory of these
   * containers.
   *
   * @param identity the key file to log in with ({@code id_rsa}, or {@code wrong_rsa})
   * @return the fabric, loaded from {@link #fabricFile(String)}
   */
  public FabricSpec fabric(String identity) {
    return FabricFiles.load(fabricFile(identity));
  }

  /**
   * Writes the fabric file of {@link #fabric(String)}, for what reads fabric files itself (the
   * JUnit extension's {@code rocelab.fabric}).
   *
   * @param identity the key file to log in with ({@code id_rsa}, or {@code wrong_rsa})
   * @return the file
   */
  public Path fabricFile(String identity) {
    StringBuilder lab =
        new StringBuilder("lab:\n  flowTool: iperf3\n")
            .append("  launcher: {kind: mpirun, host: host1, hostFile: ")
            .append(HOST_FILE)
            .append("}\n")
            .append("  hosts:\n");
    for (int i = 0; i < HOSTS.size(); i++) {
      GenericContainer<?> host = hosts.get(HOSTS.get(i));
      lab.append("    ")
          .append(HOSTS.get(i))
          .append(":\n")
          .append("      address: ")
          .append(host.getHost())
          .append('\n')
          .append("      port: ")
          .append(host.getMappedPort(22))
          .append('\n')
          .append("      user: lab\n")
          .append("      identityFile: ")
          .append(dir.resolve(identity))
          .append('\n')
          .append("      knownHosts: ")
          .append(dir.resolve("known_hosts"))
          .append('\n')
          .append("      nics: {nic0: {address: ")
          .append(dataAddress(i))
          .append("}}\n");
    }
    String data = "label_replace(%s{device=\"eth1\"}, \"port\", \"nic0\", \"device\", \"eth1\")";
    // the stand-in names its ports "interface", as switch exporters tend to; the queries map them
    String queue = "label_replace(%s, \"port\", \"$1\", \"interface\", \"(.*)\")";
    lab.append("  telemetry:\n")
        .append("    prometheus: http://")
        .append(prometheusAddress())
        .append('\n')
        .append("    step: 1s\n    deviceLabel: host\n    queries:\n")
        .append("      txBytes: '")
        .append(String.format(data, "node_network_transmit_bytes_total"))
        .append(" or ")
        .append(String.format(queue, "lab_switch_port_tx_bytes_total"))
        .append("'\n")
        .append("      rxBytes: '")
        .append(String.format(data, "node_network_receive_bytes_total"))
        .append("'\n")
        .append("      txPackets: '")
        .append(String.format(data, "node_network_transmit_packets_total"))
        .append("'\n")
        .append("      rxPackets: '")
        .append(String.format(data, "node_network_receive_packets_total"))
        .append("'\n")
        .append("      drops: '")
        .append(String.format(data, "node_network_transmit_drop_total"))
        .append(" or ")
        .append(String.format(queue, "lab_switch_queue_dropped_packets_total"))
        .append("'\n")
        // the node exporter counts no dropped bytes: only leaf1's queues have them, the hosts' stay
        // unknown
        .append("      droppedBytes: '")
        .append(String.format(queue, "lab_switch_queue_dropped_bytes_total"))
        .append("'\n")
        .append("      pfcPausesSent: '")
        .append(String.format(queue, "lab_switch_pfc_tx_frames_total"))
        .append("'\n")
        .append("      pfcPausesReceived: '")
        .append(String.format(queue, "lab_switch_pfc_rx_frames_total"))
        .append("'\n")
        .append("      ecnMarks: '")
        .append(String.format(queue, "lab_switch_ecn_marked_packets_total"))
        .append("'\n")
        .append("      bufferUse: '")
        .append(String.format(queue, "lab_switch_queue_buffer_used_bytes"))
        .append("'\n")
        .append("      headroomUse: '")
        .append(String.format(queue, "lab_switch_pg_headroom_used_bytes"))
        .append("'\n")
        .append("      fecCorrectedCodewords: '")
        .append(String.format(queue, "lab_switch_fec_corrected_codewords_total"))
        .append("'\n")
        .append("      fecUncorrectableCodewords: '")
        .append(String.format(queue, "lab_switch_fec_uncorrectable_codewords_total"))
        .append("'\n")
        // every codeword checked: the codeword-error histogram's bins, which the reader sums
        .append("      fecCodewords: '")
        .append(String.format(queue, "lab_switch_fec_codeword_errors_total"))
        .append("'\n");
    lab.append("  faults:\n")
        .append("    linkDown: {via: local, run: \"docker network disconnect ")
        .append(dataNetwork)
        .append(" rocelab-")
        .append(id)
        .append("-{device}\"}\n")
        .append("    linkUp: {via: local, run: \"docker network connect --ip {address} ")
        .append(dataNetwork)
        .append(" rocelab-")
        .append(id)
        .append("-{device}\"}\n")
        .append("    configDrift: {via: local, run: \"echo {device} {setting} {value} >> ")
        .append(dir.resolve("config-drifts-" + identity))
        .append("\"}\n")
        // no NIC in a container sends pause frames: the storming host notes what it was asked
        .append(
            "    pfcStorm: {via: ssh, host: \"{device}\", run: \"echo {port} {address} {priority}")
        .append(" {micros} >> ")
        .append(PFC_STORMS)
        .append("\"}\n");
    String yaml =
        """
        name: container-lab
        description: >-
          two hosts in containers behind one (virtual) switch, whose two uplinks to (virtual)
          spines only its stand-in exporter's counters carry
        topology:
          kind: graph
          switches:
            - {name: leaf1, profile: switch, ports: 4}
            - {name: spine1, profile: switch, ports: 1}
            - {name: spine2, profile: switch, ports: 1}
          hosts: [{name: host1, profile: server}, {name: host2, profile: server}]
          links:
            - {a: leaf1:eth1, b: host1:nic0, speed: 100Gbps, length: 2m}
            - {a: leaf1:eth2, b: host2:nic0, speed: 100Gbps, length: 2m}
            - {a: leaf1:eth3, b: spine1:eth1, speed: 100Gbps, length: 10m}
            - {a: leaf1:eth4, b: spine2:eth1, speed: 100Gbps, length: 10m}
        switchProfiles:
          switch: {asic: Spectrum-3, nos: SONiC.202405.1, buffer: 64MiB, cellSize: 144B, alpha: 0.125}
        nicProfiles:
          cx6: {speed: 100Gbps, firmware: 22.39.1002, roce: {dscp: 26, priority: 3}, pfcPriorities: [3]}
        hostProfiles:
          server: {gpus: 1, nics: 1, nicProfile: cx6}
        qos:
          lossless: {dscpToPriority: {26: 3, 48: 6}, losslessPriorities: [3]}
        """
            + lab;
    try {
      Path file = dir.resolve("fabric-" + identity + ".yaml");
      Files.writeString(file, yaml);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @param identity the fabric file's key file, as given to {@link #fabricFile(String)}
   * @return what its {@code configDrift} command recorded, one "device setting value" line each
   */
  List<String> configDrifts(String identity) throws IOException {
    Path file = dir.resolve("config-drifts-" + identity);
    return Files.exists(file) ? Files.readAllLines(file) : List.of();
  }

  /**
   * @param host a lab host
   * @return what its {@code pfcStorm} command recorded, one "nic address priority micros" line each
   */
  public List<String> pfcStorms(String host) throws Exception {
    var result = hosts.get(host).execInContainer("sh", "-c", "cat " + PFC_STORMS + " 2>/dev/null");
    return result.getStdout().lines().toList();
  }

  /**
   * Replaces what leaf1's stand-in exporter serves, atomically (the textfile collector must never
   * read a half-written file).
   *
   * @param openMetrics counters in the Prometheus text format, e.g. {@code
   *     lab_switch_pfc_tx_frames_total{interface="eth1",priority="3"} 1200}
   */
  void switchCounters(String openMetrics) throws Exception {
    String file = SWITCH_COUNTERS + "/switch.prom";
    var result =
        switchExporter.execInContainer(
            "sh",
            "-c",
            "cat > "
                + file
                + ".tmp <<'EOF'\n"
                + openMetrics
                + "\nEOF\nmv "
                + file
                + ".tmp "
                + file);
    if (result.getExitCode() != 0) {
      throw new IllegalStateException("could not write the switch counters: " + result.getStderr());
    }
  }

  /**
   * Waits until Prometheus has scraped a value of leaf1's stand-in exporter.
   *
   * @param series a series selector, e.g. {@code
   *     lab_switch_pfc_tx_frames_total{interface="eth1",priority="3"}}
   * @param value the value it must show
   */
  void awaitSwitchCounter(String series, long value) {
    URI query =
        URI.create(
            "http://"
                + prometheusAddress()
                + "/api/v1/query?query="
                + URLEncoder.encode(series, StandardCharsets.UTF_8));
    HttpClient http = HttpClient.newHttpClient();
    Awaitility.await("Prometheus has scraped " + series + " = " + value)
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                http.send(
                        HttpRequest.newBuilder(query).build(), HttpResponse.BodyHandlers.ofString())
                    .body()
                    .contains("\"" + value + "\"]"));
  }

  /** Runs a command in a host container as root (to break the lab on purpose). */
  String exec(String host, String... command) throws Exception {
    var result = hosts.get(host).execInContainer(command);
    if (result.getExitCode() != 0) {
      throw new IllegalStateException(
          String.join(" ", command) + " failed on " + host + ": " + result.getStderr());
    }
    return result.getStdout();
  }

  Path keyFile(String name) {
    return dir.resolve(name);
  }

  /**
   * Stops every container, removes the networks and deletes the lab's directory (its generated
   * keys, known hosts and fabric files).
   */
  @Override
  public void close() throws Exception {
    for (AutoCloseable resource : started) {
      try {
        resource.close();
      } catch (Exception e) {
        // keep closing the rest: a stopped container must not leave the networks behind
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }
}
