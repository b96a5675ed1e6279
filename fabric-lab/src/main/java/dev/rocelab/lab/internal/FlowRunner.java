package dev.rocelab.lab.internal;

import static org.awaitility.Awaitility.await;

import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabHost;
import dev.rocelab.lab.LabInventory;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Runs one {@link FlowJob} with its tool in two steps: {@link #listen} starts the server on the
 * destination host and waits until it listens, {@link #run} runs the client on the source host and
 * parses what the client printed. A run starts every server before its clock starts, so that a
 * fault timed from the start of traffic meets traffic, however long the servers took. Any failure —
 * a tool missing, a server that never listens, output that does not parse — is a {@link
 * LabException} naming the host and the command.
 */
final class FlowRunner {

  /** How long a server may take to listen. */
  static final Duration SERVER_READY = Duration.ofSeconds(20);

  /** Flows of messages up to this size are latency probes. */
  static final DataSize LATENCY_PROBE = DataSize.kib(4);

  /** The longest a server waits for its client and serves it. */
  static final Duration SERVER_LIFETIME = Duration.ofMinutes(15);

  /** iperf3's reporting interval: the resolution of a flow's throughput series. */
  static final SimTime IPERF3_INTERVAL = SimTime.millis(100);

  private final LabInventory lab;
  private final SshConnections ssh;

  FlowRunner(LabInventory lab, SshConnections ssh) {
    this.lab = lab;
    this.ssh = ssh;
  }

  /**
   * What a finished flow measured.
   *
   * @param flow its result
   * @param throughput its throughput series, if the tool reports intervals
   */
  record Outcome(FlowResult flow, Optional<TimeSeries> throughput) {}

  /**
   * A flow's server, listening for its client.
   *
   * @param command its command line
   * @param process the command, running on the destination host
   */
  record Server(String command, SshConnections.RemoteCommand process) {}

  /**
   * Starts a flow's server and waits until it listens.
   *
   * @param job the flow
   * @return the listening server, which {@link #run} stops when the client is done
   */
  Server listen(FlowJob job) {
    String command = serverCommand(job);
    SshConnections.RemoteCommand process = ssh.start(job.destination().device(), command, command);
    try {
      awaitListening(job, command, process);
      return new Server(command, process);
    } catch (RuntimeException e) {
      process.cancel();
      throw e;
    }
  }

  /**
   * Runs a flow's client against its listening server, and stops the server.
   *
   * @param job the flow
   * @param server its server, from {@link #listen}
   * @param startedAt when its client started, from the start of the run
   * @param timeout how long the client may take
   */
  Outcome run(FlowJob job, Server server, SimTime startedAt, Duration timeout) {
    try {
      String client = clientCommand(job);
      CommandResult result = ssh.run(job.source().device(), client, client, timeout);
      if (result.exitStatus() == CommandResult.NOT_FOUND) {
        throw new LabException(
            tool(job)
                + " is not installed on "
                + job.source().device()
                + " (exit 127: "
                + FaultCommands.firstLine(result.stderr())
                + ")",
            job.source().device(),
            client,
            null);
      }
      try {
        return outcome(job, startedAt, result);
      } catch (UnparsableOutputException e) {
        throw new LabException(
            "unparsable "
                + tool(job)
                + " output (exit "
                + result.exitStatus()
                + "): "
                + e.getMessage(),
            job.source().device(),
            client,
            e);
      }
    } finally {
      server.process().cancel();
    }
  }

  private void awaitListening(FlowJob job, String server, SshConnections.RemoteCommand serverRun) {
    String probe = "ss -Hltn 'sport = :" + job.port() + "'";
    AtomicReference<CommandResult> ended = new AtomicReference<>();
    try {
      await(
              "the "
                  + tool(job)
                  + " server on "
                  + job.destination().device()
                  + " listens on port "
                  + job.port())
          .atMost(SERVER_READY)
          .pollInterval(Duration.ofMillis(200))
          .pollInSameThread()
          .until(
              () -> {
                serverRun.ended().ifPresent(ended::set);
                return ended.get() != null
                    || !ssh.run(job.destination().device(), probe, probe, SERVER_READY)
                        .stdout()
                        .isBlank();
              });
    } catch (ConditionTimeoutException e) {
      throw new LabException(
          "the "
              + tool(job)
              + " server did not listen on port "
              + job.port()
              + " within "
              + SERVER_READY.toSeconds()
              + " s",
          job.destination().device(),
          server,
          e);
    }
    CommandResult result = ended.get();
    if (result != null) {
      throw new LabException(
          result.exitStatus() == CommandResult.NOT_FOUND
              ? tool(job)
                  + " is not installed on "
                  + job.destination().device()
                  + " (exit 127: "
                  + FaultCommands.firstLine(result.stderr())
                  + ")"
              : "the "
                  + tool(job)
                  + " server ended before the client started (exit "
                  + result.exitStatus()
                  + "): "
                  + FaultCommands.firstLine(result.stderr() + result.stdout()),
          job.destination().device(),
          server,
          null);
    }
  }

  private Outcome outcome(FlowJob job, SimTime startedAt, CommandResult result) {
    if (job.tool() == LabInventory.FlowTool.IPERF3) {
      Iperf3Output.Report report = Iperf3Output.parse(result.stdout());
      long[] bps = report.bitsPerSecondEvery(IPERF3_INTERVAL.picos() / 1e12);
      SimTime took = SimTime.micros(Math.round(report.seconds() * 1e6));
      // iperf3's server stops counting when the client's end-of-test message arrives, which can
      // overtake
      // the last socket buffer of data (its sum_received then falls short by about that much): over
      // TCP,
      // every byte sent by a client that ended cleanly was delivered, so that is what completes a
      // flow
      boolean complete = result.exitStatus() == 0 && report.bytesSent() >= job.size().bytes();
      FlowResult flow =
          new FlowResult(
              job.id(),
              job.source(),
              job.destination(),
              job.priority(),
              job.size(),
              DataSize.bytes(report.bytesReceived()),
              startedAt,
              complete ? Optional.of(startedAt.plus(took)) : Optional.empty(),
              report.retransmits(),
              Optional.empty());
      return new Outcome(
          flow,
          bps.length == 0
              ? Optional.empty()
              : Optional.of(
                  new TimeSeries("throughput", job.id(), "bps", startedAt, IPERF3_INTERVAL, bps)));
    }
    if (result.exitStatus() != 0) {
      throw new UnparsableOutputException(
          tool(job)
              + " failed"
              + PerftestOutput.lastLine(result.stdout() + "\n" + result.stderr()));
    }
    if (latencyProbe(job)) {
      PerftestOutput.Latency lat = PerftestOutput.latency(result.stdout());
      // perftest prints no 90th percentile: its 99th stands in, an upper bound
      LatencySummary summary =
          new LatencySummary(
              lat.iterations(),
              micros(lat.min()),
              micros(lat.typical()),
              micros(lat.p99()),
              micros(lat.p99()),
              micros(lat.p999()),
              micros(lat.max()),
              micros(lat.average()));
      SimTime took = micros(lat.average() * 2 * lat.iterations());
      FlowResult flow =
          new FlowResult(
              job.id(),
              job.source(),
              job.destination(),
              job.priority(),
              job.size(),
              DataSize.bytes(lat.bytes() * lat.iterations()),
              startedAt,
              Optional.of(startedAt.plus(took)),
              0,
              Optional.of(summary));
      return new Outcome(flow, Optional.empty());
    }
    PerftestOutput.Bandwidth bw = PerftestOutput.bandwidth(result.stdout());
    // perftest reports the iterations of each queue pair, and the bandwidth of them all
    long bytes = bw.bytes() * bw.iterations() * queuePairs(job);
    SimTime took = SimTime.picos(Math.round(bytes * 8.0 / bw.averageGbps() * 1000));
    FlowResult flow =
        new FlowResult(
            job.id(),
            job.source(),
            job.destination(),
            job.priority(),
            job.size(),
            DataSize.bytes(bytes),
            startedAt,
            Optional.of(startedAt.plus(took)),
            0,
            Optional.empty());
    return new Outcome(flow, Optional.empty());
  }

  /**
   * Servers serve one client; the time limit ends one whose client never came (SSH sends no hang-up
   * without a tty).
   */
  String serverCommand(FlowJob job) {
    String limit = "timeout " + SERVER_LIFETIME.toSeconds() + " ";
    if (job.tool() == LabInventory.FlowTool.IPERF3) {
      return limit + "iperf3 -s -1 -p " + job.port();
    }
    return limit + perftest(job, nic(job.destination().device(), job.destination().port()));
  }

  /**
   * The client's command line: the tool, its server's address and port, and the flow's size and
   * pacing.
   */
  String clientCommand(FlowJob job) {
    String address = nic(job.destination().device(), job.destination().port()).address();
    if (job.tool() == LabInventory.FlowTool.IPERF3) {
      return "iperf3 -c "
          + address
          + " -p "
          + job.port()
          + " -J -i "
          + IPERF3_INTERVAL.picos() / 1e12
          + " -n "
          + job.size().bytes()
          + job.bursts()
              .map(
                  b ->
                      " -l "
                          + job.message().bytes()
                          + " -b "
                          + Math.round(b.averageBitsPerSecond(job.message()))
                          + "/"
                          + b.messages()
                          + " --pacing-timer "
                          + b.period().picos() / 1_000_000)
              .orElse("");
    }
    return perftest(job, nic(job.source().device(), job.source().port())) + " " + address;
  }

  /**
   * perftest's command: each of the flow's queue pairs ({@code -q}) sends its share of every
   * message ({@code -s}) as many times as the flow has messages ({@code -n} counts per queue pair),
   * and paces its own bursts (perftest's rate limiter is per queue pair).
   */
  private static String perftest(FlowJob job, LabHost.LabNic nic) {
    int qps = queuePairs(job);
    // each queue pair's share of a message, rounded up as the model rounds it
    DataSize share = DataSize.bytes((job.message().bytes() + qps - 1) / qps);
    // perftest needs at least 5 iterations (FlowPlanner cuts flows into as many where it can)
    return tool(job)
        + (nic.rdmaDevice().isEmpty() ? "" : " -d " + nic.rdmaDevice())
        + " -p "
        + job.port()
        + (latencyProbe(job) ? "" : " --report_gbits")
        + (qps == 1 ? "" : " -q " + qps)
        + " -F -s "
        + share.bytes()
        + " -n "
        + Math.max(FlowPlanner.LEAST_MESSAGES, job.messages())
        + job.bursts()
            .map(
                b ->
                    " --burst_size="
                        + b.messages()
                        + " --rate_limit="
                        + String.format(Locale.ROOT, "%.6f", b.averageBitsPerSecond(share) / 1e9)
                        + " --rate_units=g --rate_limit_type=SW")
            .orElse("");
  }

  /**
   * The queue pairs the tool opens: the flow's, but one for perftest's latency test, which has one,
   * and for iperf3, whose TCP stream has none.
   */
  static int queuePairs(FlowJob job) {
    return latencyProbe(job) || job.tool() == LabInventory.FlowTool.IPERF3 ? 1 : job.qps();
  }

  private LabHost.LabNic nic(String host, String nic) {
    return lab.hosts().get(host).nics().get(nic);
  }

  /**
   * A flow of small messages measures latency: perftest's latency test ({@code ib_write_lat},
   * {@code ib_send_lat}) runs it, one message at a time, and reports one-way latency.
   */
  static boolean latencyProbe(FlowJob job) {
    return job.tool() == LabInventory.FlowTool.PERFTEST
        && job.message().bytes() <= LATENCY_PROBE.bytes()
        && job.bursts().isEmpty();
  }

  private static String tool(FlowJob job) {
    if (job.tool() == LabInventory.FlowTool.IPERF3) {
      return "iperf3";
    }
    String verb = job.verb() == Workload.Verb.WRITE ? "ib_write" : "ib_send";
    return verb + (latencyProbe(job) ? "_lat" : "_bw");
  }

  private static SimTime micros(double micros) {
    return SimTime.nanos(Math.round(micros * 1000));
  }
}
