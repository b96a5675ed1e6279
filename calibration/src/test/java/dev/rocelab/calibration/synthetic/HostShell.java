package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.NcclTestsFormat;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Answers the commands the lab backend runs on the synthetic lab's hosts, as healthy hosts with
 * perftest, {@code ss} and an nccl-tests launcher would, with the figures of the served scenario's
 * model run:
 *
 * <ul>
 *   <li>a perftest server ({@code timeout 900 ib_write_bw -d … -p PORT …}) listens on its port
 *       until its client is done or the lab hangs up;
 *   <li>{@code ss -Hltn 'sport = :PORT'} lists the server listening there, if one is;
 *   <li>a perftest client ({@code ib_write_bw … ADDRESS}, {@code ib_write_lat … ADDRESS}) prints
 *       the result of the model flow from its NIC ({@code -d}) to the NIC at {@code ADDRESS};
 *   <li>a launcher ({@code mpirun …} or {@code srun …} with an nccl-tests binary) prints the
 *       model's nccl-tests table of the collective;
 *   <li>a pause generator ({@code pfc-storm --nic NIC --priority P --micros T}) succeeds if the
 *       model ran that storm.
 * </ul>
 *
 * Anything else fails with exit status 1 and says why on standard error.
 */
final class HostShell {

  /** How long a perftest client waits for the others of its route, to be handed out in order. */
  private static final Duration TOGETHER = Duration.ofSeconds(20);

  /** The pause generator the synthetic lab's {@code pfcStorm} command runs. */
  static final String PFC_STORM = "pfc-storm";

  private static final Pattern BLANKS = Pattern.compile("\\s+");
  private static final Pattern STORM =
      Pattern.compile(PFC_STORM + " --nic (\\S+) --priority (\\d+) --micros (\\d+)");
  private static final Pattern LISTENING = Pattern.compile("ss -Hltn 'sport = :(\\d+)'");
  private static final Pattern TIMEOUT = Pattern.compile("timeout \\d+ (.*)");
  private static final Pattern RANKS = Pattern.compile("(?:-np |--ntasks=)(\\d+)");
  private static final Pattern LAST_COLUMN = Pattern.compile("\\s+\\S+\\s*$");

  private final Map<String, SyntheticNic> byAddress;
  private final Map<String, Map<String, SyntheticNic>> byDevice;
  private final Map<Listener, CompletableFuture<Void>> servers = new ConcurrentHashMap<>();
  private volatile ServedRun served;

  /**
   * @param nics every NIC of the lab, with its address and RDMA device
   */
  HostShell(List<SyntheticNic> nics) {
    this.byAddress =
        nics.stream().collect(Collectors.toMap(SyntheticNic::address, Function.identity()));
    this.byDevice =
        nics.stream()
            .collect(
                Collectors.groupingBy(
                    n -> n.nic().device(),
                    Collectors.toMap(SyntheticNic::rdmaDevice, Function.identity())));
  }

  /**
   * What a command printed and how it ended.
   *
   * @param exitStatus its exit status
   * @param stdout its standard output
   * @param stderr its standard error
   */
  record Answer(int exitStatus, String stdout, String stderr) {

    /**
     * @param problem why the command failed
     * @return exit status 1 with the problem on standard error
     */
    static Answer failure(String problem) {
      return new Answer(1, "", "synthetic lab: " + problem + "\n");
    }
  }

  /** A perftest server's place: the host it runs on and its port. */
  private record Listener(String host, int port) {}

  /**
   * Answers commands from the model's run of this scenario from now on.
   *
   * @param run the served scenario's model run
   */
  void serve(ServedRun run) {
    served = run;
  }

  /**
   * Runs a command.
   *
   * @param host the host it runs on
   * @param command the command line
   * @param hangUp completes when the lab closes the command's channel
   * @return its output and exit status
   * @throws InterruptedException if interrupted while a server waits for its client
   */
  Answer answer(String host, String command, CompletableFuture<Void> hangUp)
      throws InterruptedException {
    String line = command.strip();
    List<String> words = Arrays.asList(BLANKS.split(line));
    Matcher listening = LISTENING.matcher(line);
    if (listening.matches()) {
      int port = Integer.parseInt(listening.group(1));
      return new Answer(
          0,
          servers.containsKey(new Listener(host, port))
              ? "LISTEN 0      1            0.0.0.0:" + port + "      0.0.0.0:*\n"
              : "",
          "");
    }
    Matcher timeout = TIMEOUT.matcher(line);
    Optional<PerftestCommand> server =
        timeout.matches()
            ? PerftestCommand.parse(Arrays.asList(BLANKS.split(timeout.group(1))))
            : Optional.empty();
    if (server.isPresent() && server.get().server().isEmpty()) {
      return server(host, server.get(), hangUp);
    }
    Optional<PerftestCommand> client = PerftestCommand.parse(words);
    if (client.isPresent() && client.get().server().isPresent()) {
      return client(host, client.get());
    }
    if (words.get(0).equals("mpirun") || words.get(0).equals("srun")) {
      return launcher(words);
    }
    // the lab backend writes a fault command's values as single-quoted words; a shell removes the
    // quotes before the generator sees them
    Matcher storm = STORM.matcher(line.replace("'", ""));
    if (storm.matches()) {
      Endpoint nic = new Endpoint(host, storm.group(1));
      return served().stormed(nic, Integer.parseInt(storm.group(2)), Long.parseLong(storm.group(3)))
          ? new Answer(0, "", "")
          : Answer.failure("the served scenario has no such PFC storm from " + nic + ": " + line);
    }
    return Answer.failure(
        host
            + " runs only perftest servers and clients, ss, an nccl-tests launcher and a pause"
            + " generator (other faults and tools are not served): "
            + line);
  }

  private Answer server(String host, PerftestCommand command, CompletableFuture<Void> hangUp)
      throws InterruptedException {
    nic(host, command.device());
    Listener at = new Listener(host, command.port());
    CompletableFuture<Void> clientDone = new CompletableFuture<>();
    if (servers.putIfAbsent(at, clientDone) != null) {
      return Answer.failure("port " + command.port() + " of " + host + " is in use");
    }
    try {
      CompletableFuture.anyOf(clientDone, hangUp).get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("neither future completes exceptionally", e);
    } finally {
      servers.remove(at, clientDone);
    }
    return new Answer(
        0,
        "\n************************************\n"
            + "* Waiting for client to connect... *\n"
            + "************************************\n",
        "");
  }

  private Answer client(String host, PerftestCommand command) throws InterruptedException {
    SyntheticNic source = nic(host, command.device());
    String address = command.server().orElseThrow();
    SyntheticNic destination = byAddress.get(address);
    CompletableFuture<Void> server =
        destination == null
            ? null
            : servers.get(new Listener(destination.nic().device(), command.port()));
    if (server == null) {
      return new Answer(
          1,
          "Couldn't connect to "
              + address
              + ":"
              + command.port()
              + "\nUnable to open file descriptor for socket connection"
              + " Unable to init the socket connection\n",
          "");
    }
    ServedRun run = served();
    run.begin();
    try {
      FlowResult flow =
          run.claimFlow(
              new ServedRun.Route(source.nic(), destination.nic()), command.port(), TOGETHER);
      String output =
          command.latency()
              ? PerftestText.latency(
                  command,
                  source.address(),
                  flow.latency()
                      .orElseThrow(
                          () ->
                              new IllegalStateException(
                                  "the model measured no latency of flow " + flow.id())))
              : PerftestText.bandwidth(
                  command,
                  source.address(),
                  flow.completionTime()
                      .orElseThrow(
                          () ->
                              new IllegalStateException(
                                  "the model's flow " + flow.id() + " did not complete")));
      return new Answer(0, output, "");
    } finally {
      run.end();
      server.complete(null);
    }
  }

  private Answer launcher(List<String> words) {
    String binary =
        words.stream()
            .filter(w -> w.endsWith("_perf"))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "the launcher runs no nccl-tests binary: " + String.join(" ", words)));
    Matcher ranks = RANKS.matcher(String.join(" ", words));
    if (!ranks.find()) {
      throw new IllegalArgumentException(
          "the launcher gives no rank count (-np or --ntasks): " + String.join(" ", words));
    }
    ServedRun run = served();
    run.begin();
    try {
      return new Answer(
          0, ncclTests(run.claimCollective(binary, Integer.parseInt(ranks.group(1)))), "");
    } finally {
      run.end();
    }
  }

  /**
   * nccl-tests' table of a collective: {@link NcclTestsFormat}'s, without the column of NCCL's
   * choices it adds when NCCL chose the algorithm or protocol — nccl-tests prints no such column.
   */
  static String ncclTests(CollectiveResult result) {
    String text = NcclTestsFormat.text(result);
    if (!result.tuned()) {
      return text;
    }
    StringBuilder out = new StringBuilder();
    for (String line : text.lines().toList()) {
      String cells = line.strip();
      boolean columns =
          !cells.isEmpty()
              && (Character.isDigit(cells.charAt(0)) || cells.matches("#\\s+size\\s.*"));
      out.append(columns ? LAST_COLUMN.matcher(line).replaceFirst("") : line).append('\n');
    }
    return out.toString();
  }

  private ServedRun served() {
    ServedRun run = served;
    if (run == null) {
      throw new IllegalStateException("no scenario is served: call serve(scenario) before the run");
    }
    return run;
  }

  private SyntheticNic nic(String host, String device) {
    Map<String, SyntheticNic> nics = byDevice.getOrDefault(host, Map.of());
    SyntheticNic nic = nics.get(device);
    if (nic == null) {
      throw new IllegalArgumentException(
          host + " has no RDMA device \"" + device + "\" (-d); it has " + nics.keySet());
    }
    return nic;
  }
}
