package dev.rocelab.cli;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioBuilder;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFileReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rocelab run FABRIC SCENARIO [options]}: runs one scenario on a fabric without writing
 * Java, and prints what it measured — the telemetry summary and, for a collective, the nccl-tests
 * table — or one JSON document. A long run shows its progress on standard error.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
      "Runs one scenario on a fabric (the built-in model unless --backend says otherwise) and prints what it"
          + " measured: drops, pauses, ECN, latency, flow completion, and the nccl-tests table of a collective.",
      "SCENARIO is one of: incast, microburst, permutation, alltoall, allreduce, allgather, reducescatter,"
          + " broadcast, reduce.",
      "Examples:",
      "  rocelab run fabrics/reference.yaml incast --senders 16 --message 8MiB",
      "  rocelab run fabrics/reference.yaml allreduce --ranks 64 --sizes 1MiB..1GiB",
      "  rocelab run fabrics/reference.yaml permutation --message 16MiB --fault"
          + " withdrawRoute:leaf1:eth9@100us"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      " 0:the run completed without a lossless drop or a deadlock, on a fabric as approved (or"
          + " with --allow-drift); a fault's own losses (a failed link's, a reset switch's) are"
          + " reported apart and pass when the traffic recovered",
      " 1:unexpected failure",
      " 2:the fabric file has errors or does not exist",
      " 3:the run was clean, but the fabric file drifts (its findings are printed first)",
      " 4:the run dropped lossless traffic that no fault explains, deadlocked, left work"
          + " unfinished, ended before a fault it was given, or did not recover from one",
      " 5:the backend could not run the scenario (infrastructure problem or unsupported)",
      "64:usage error"
    })
final class RunCommand implements Callable<Integer> {

  /** The options that shape a scenario's traffic, and which scenarios take them. */
  private static final Set<String> SCENARIO_OPTIONS =
      Set.of(
          "--senders",
          "--receiver",
          "--message",
          "--burst",
          "--period",
          "--bursts",
          "--ranks",
          "--sizes",
          "--algorithm",
          "--protocol",
          "--dscp");

  private static final Map<String, Set<String>> TAKES =
      Map.of(
          "incast", Set.of("--senders", "--receiver", "--message", "--dscp"),
          "microburst",
              Set.of("--senders", "--receiver", "--burst", "--period", "--bursts", "--dscp"),
          "permutation", Set.of("--message", "--dscp"),
          "alltoall", Set.of("--message", "--dscp"),
          "collective", Set.of("--ranks", "--sizes", "--algorithm", "--protocol"));

  @Parameters(index = "0", paramLabel = "FABRIC", description = "a fabric file (YAML)")
  private Path file;

  @Parameters(index = "1", paramLabel = "SCENARIO", description = "what to run, e.g. incast")
  private String scenario;

  @Option(
      names = "--senders",
      paramLabel = "N",
      description = "incast, microburst: senders (default 8)")
  private Integer senders;

  @Option(
      names = "--receiver",
      paramLabel = "NIC",
      description =
          "incast, microburst: the receiving NIC, e.g. host1:nic0 (default: the fabric's first"
              + " NIC)")
  private String receiver;

  @Option(
      names = "--message",
      paramLabel = "SIZE",
      description =
          "incast: bytes per sender; permutation: bytes per flow; alltoall: bytes per pair"
              + " (default 1MiB each)")
  private String message;

  @Option(
      names = "--burst",
      paramLabel = "SIZE",
      description = "microburst: bytes per burst (default 64KiB)")
  private String burst;

  @Option(
      names = "--period",
      paramLabel = "TIME",
      description = "microburst: time between bursts (default 10us)")
  private String period;

  @Option(
      names = "--bursts",
      paramLabel = "N",
      description = "microburst: bursts per sender (default 10)")
  private Integer bursts;

  @Option(
      names = "--ranks",
      paramLabel = "N",
      description = "collectives: ranks (default: all GPUs)")
  private Integer ranks;

  @Option(
      names = "--sizes",
      paramLabel = "MIN..MAX",
      description =
          "collectives: the size sweep, e.g. 1MiB..1GiB (doubling), or one size (default 256MiB)")
  private String sizes;

  @Option(
      names = "--algorithm",
      paramLabel = "ALGO",
      description =
          "collectives: the algorithm, like NCCL_ALGO (default: NCCL's choice per size);"
              + " one of ${COMPLETION-CANDIDATES}",
      converter = AlgorithmConverter.class,
      completionCandidates = AlgorithmConverter.class)
  private Algorithm algorithm;

  @Option(
      names = "--protocol",
      paramLabel = "PROTO",
      description =
          "collectives: LL, LL128 or Simple, like NCCL_PROTO (default: NCCL's choice per size);"
              + " one of ${COMPLETION-CANDIDATES}",
      converter = ProtocolConverter.class,
      completionCandidates = ProtocolConverter.class)
  private Protocol protocol;

  @Option(
      names = "--dscp",
      paramLabel = "N",
      defaultValue = "26",
      description = "DSCP (default ${DEFAULT-VALUE})")
  private int dscp;

  @Option(
      names = "--fault",
      paramLabel = "FAULT",
      description = "a fault to inject, repeatable: " + FaultArgument.SYNTAX)
  private List<String> faults = new ArrayList<>();

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      description =
          "simulated time bound, e.g. 20ms (default 10ms); work left at its end fails the run")
  private String duration;

  @Option(names = "--seed", paramLabel = "N", description = "the scenario's seed (default 1)")
  private Long seed;

  @Option(
      names = "--backend",
      paramLabel = "ID",
      defaultValue = "model",
      description = "the backend (default ${DEFAULT-VALUE})")
  private String backend;

  @Option(
      names = "--allow-drift",
      description =
          "run a fabric whose validation finds drift and judge the run alone (the findings are"
              + " printed and the verdict names them, but they do not set the exit code)")
  private boolean allowDrift;

  @Option(names = "--json", description = "print one JSON document instead of text")
  private boolean json;

  @Option(
      names = "--progress",
      paramLabel = "TIME",
      defaultValue = "1s",
      description =
          "how often a run shows its progress on standard error, e.g. 5s, or off (default ${DEFAULT-VALUE})")
  private String progress;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario run;
    FabricBackend chosen;
    Optional<Duration> every;
    try {
      run = scenario();
      chosen = FabricBackends.require(backend);
      every = progressEvery();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Optional<FabricFileReport> checked = FabricInput.check(file, err);
    if (checked.isEmpty()) {
      return Rocelab.ERRORS;
    }
    if (checked.get().hasErrors()) {
      return FabricInput.printErrors(checked.get(), out);
    }
    FabricSpec fabric = checked.get().orElseThrow();
    if (!json) {
      FabricInput.printDrift(
          checked.get(),
          allowDrift,
          "the run's verdict fails on them (exit " + Rocelab.DRIFT + ") unless --allow-drift",
          out);
    }
    RunResult result;
    try (FabricSession session = open(chosen, fabric);
        ScenarioRun started = start(session, run);
        ProgressLine line = new ProgressLine(err)) {
      result = every.isPresent() ? started.finish(every.get(), line::show) : started.finish();
    } catch (FabricBackendException e) {
      err.println(
          "rocelab: backend " + backend + " could not run " + run.name() + ": " + e.getMessage());
      return Rocelab.BROKEN;
    }
    RunVerdict verdict = RunVerdict.of(result, checked.get().drift(), allowDrift);
    if (json) {
      out.println(RunJson.render(result, verdict));
    } else {
      RunText.render(result, verdict, out);
    }
    return verdict.exit();
  }

  /** Opens the fabric; one the backend cannot take (no lab inventory) is the options' fault. */
  private FabricSession open(FabricBackend chosen, FabricSpec fabric) {
    try {
      return chosen.open(fabric);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "backend " + backend + " cannot run this fabric: " + e.getMessage());
    }
  }

  /** Starts the run; a scenario the fabric cannot hold is the options' fault, not the fabric's. */
  private ScenarioRun start(FabricSession session, Scenario run) {
    try {
      return session.start(run);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "the fabric cannot run " + run.name() + ": " + e.getMessage());
    }
  }

  private Optional<Duration> progressEvery() {
    if (progress.equals("off")) {
      return Optional.empty();
    }
    Duration every = Duration.ofNanos(SimTime.parse(progress).picos() / 1000);
    if (every.isZero() || every.isNegative()) {
      throw new IllegalArgumentException("--progress must be a positive time or off");
    }
    return Optional.of(every);
  }

  /** The scenario the options describe; options that do not apply to it are refused. */
  private Scenario scenario() {
    refuseOptionsNotFor(scenario);
    ScenarioBuilder<?> builder =
        switch (scenario) {
          case "incast" -> {
            var incast = Scenario.incast().dscp(dscp);
            if (senders != null) {
              incast = incast.senders(senders);
            }
            if (receiver != null) {
              incast = incast.receiver(receiver);
            }
            if (message != null) {
              incast = incast.message(message);
            }
            yield incast;
          }
          case "microburst" -> {
            var microburst = Scenario.microburst().dscp(dscp);
            if (senders != null) {
              microburst = microburst.senders(senders);
            }
            if (receiver != null) {
              microburst = microburst.receiver(receiver);
            }
            if (burst != null) {
              microburst = microburst.burst(burst);
            }
            if (period != null) {
              microburst = microburst.period(period);
            }
            if (bursts != null) {
              microburst = microburst.bursts(bursts);
            }
            yield microburst;
          }
          case "permutation" -> {
            var permutation = Scenario.permutation().dscp(dscp);
            yield message == null ? permutation : permutation.flowSize(message);
          }
          case "alltoall" -> {
            var allToAll = Scenario.allToAll().dscp(dscp);
            yield message == null ? allToAll : allToAll.perPair(message);
          }
          default -> collective();
        };
    if (duration != null) {
      builder = builder.duration(duration);
    }
    if (seed != null) {
      builder = builder.seed(seed);
    }
    for (String fault : faults) {
      Fault parsed = FaultArgument.parse(fault);
      builder = builder.with(parsed);
    }
    return builder.build();
  }

  private ScenarioBuilder<?> collective() {
    CollectiveOperation operation =
        switch (scenario) {
          case "allreduce" -> CollectiveOperation.ALL_REDUCE;
          case "allgather" -> CollectiveOperation.ALL_GATHER;
          case "reducescatter" -> CollectiveOperation.REDUCE_SCATTER;
          case "broadcast" -> CollectiveOperation.BROADCAST;
          case "reduce" -> CollectiveOperation.REDUCE;
          default ->
              throw new IllegalArgumentException(
                  "no scenario "
                      + scenario
                      + "; one of incast, microburst, permutation, alltoall, allreduce, allgather,"
                      + " reducescatter, broadcast, reduce");
        };
    var collective = Scenario.collective(operation);
    if (algorithm != null) {
      collective = collective.algorithm(algorithm);
    }
    if (protocol != null) {
      collective = collective.protocol(protocol);
    }
    if (ranks != null) {
      collective = collective.ranks(ranks);
    }
    if (sizes != null) {
      String[] range = sizes.split("\\.\\.", -1);
      if (range.length == 1) {
        collective = collective.size(range[0]);
      } else if (range.length == 2) {
        collective = collective.sizes(range[0], range[1], 2);
      } else {
        throw new IllegalArgumentException("--sizes " + sizes + ": expected MIN..MAX or one size");
      }
    }
    return collective;
  }

  /** Refuses options given that the scenario does not take, naming them. */
  private void refuseOptionsNotFor(String kind) {
    Set<String> takes = TAKES.getOrDefault(kind, TAKES.get("collective"));
    List<String> given =
        spec.commandLine().getParseResult().matchedOptions().stream()
            .map(OptionSpec::longestName)
            .filter(name -> SCENARIO_OPTIONS.contains(name) && !takes.contains(name))
            .distinct()
            .toList();
    if (!given.isEmpty()) {
      throw new IllegalArgumentException(kind + " does not take " + String.join(", ", given));
    }
  }

  private static <E extends Enum<E>> E named(
      Class<E> type, String value, String what, Iterable<String> names) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    throw new CommandLine.TypeConversionException(
        "'" + value + "' is not " + what + "; use one of " + String.join(", ", names));
  }

  /** NCCL_ALGO's spelling, any case: ring, tree, nvls, nvlstree, auto. */
  static final class AlgorithmConverter
      implements CommandLine.ITypeConverter<Algorithm>, Iterable<String> {
    @Override
    public Algorithm convert(String value) {
      for (Algorithm algorithm : Algorithm.values()) {
        if (algorithm.ncclName().equalsIgnoreCase(value)) {
          return algorithm;
        }
      }
      return named(Algorithm.class, value, "an NCCL algorithm", this);
    }

    @Override
    public Iterator<String> iterator() {
      return List.of("ring", "tree", "nvls", "nvlstree", "auto").iterator();
    }
  }

  /** NCCL_PROTO's spelling, any case: LL, LL128, Simple, auto. */
  static final class ProtocolConverter
      implements CommandLine.ITypeConverter<Protocol>, Iterable<String> {
    @Override
    public Protocol convert(String value) {
      return named(Protocol.class, value, "an NCCL protocol", this);
    }

    @Override
    public Iterator<String> iterator() {
      return List.of("LL", "LL128", "Simple", "auto").iterator();
    }
  }
}
