package dev.rocelab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.analysis.LoadBalance;
import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.model.ModelBenchmark;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rocelab bench [NAME...]}: runs the model's benchmark scenarios and prints one JSON line
 * per scenario with its figures (wall time, events and data packets per second, peak heap, and what
 * the run measured). Each scenario runs {@code --warmup} times untimed first, in the same JVM.
 * {@code series_bucket_us} is the coarsest time-series resolution, wider than the sample interval
 * once the run's series filled their memory budget. Peak heap is the largest live heap (after a
 * full collection) seen once per millisecond of simulated time; the time those collections take is
 * not counted in the wall time. {@code --repeat N} runs each N times and reports the median run
 * with the spread; {@code --compare FILE} sets each line beside an earlier output. Speed is
 * measured here, never asserted in tests.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Runs the model's benchmark scenarios, printing one JSON line each.",
      "Scenarios: incast16, incast64, incast64x10MB, perm128, leafspine1024, each also with -nocc (DCQCN off);"
          + " allreduce16x8 (packet level), allreduce4096 and allreduce32768 (flow level), nccl-tests sweeps;"
          + " training-dense and training-moe, one Llama 3 8B and one Mixtral 8x7B training step on the"
          + " reference fabric's 64 GPUs (packet level; the wall time includes the step on the ideal network);"
          + " training-dense-4096 (named only), a Llama 3 70B step on 4,096 GPUs at flow level.",
      "Or with parameters: incast:<senders>x<size> (e.g. incast:64x10MB; N+1 hosts on one switch),"
          + " perm:<hosts>[x<size>] (16 hosts to a leaf, 2MB by default), allreduce:<gpus> (flow level,"
          + " 8 GPUs to a host, 8B..8GiB); -nocc after any of them turns DCQCN off.",
      "Run only when named (minutes each): storm2s, storm10s, the reference fabric under a 2 s / 10 s PFC storm"
          + " with every series sampled every 10 us (bounded telemetry memory).",
      "lb-compare: a 32 MiB ring all-reduce on fabrics/examples/low-entropy.yaml in each load-balancing mode"
          + " (lb:<ecmp|ecmp-qp|flowlet|packet|global|global-packet>/<retransmit|tolerate>[/slow-spine]),"
          + " with busbw, egress imbalance, out-of-order packets, retransmissions and pauses."
    })
final class BenchCommand implements Callable<Integer> {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Spec private CommandSpec spec;

  @Parameters(paramLabel = "NAME", arity = "0..*", description = "scenarios to run (default: all)")
  private List<String> names = List.of();

  @Option(
      names = "--warmup",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "untimed runs of each scenario before the measured one, so the JIT has compiled"
              + " the hot path (default: ${DEFAULT-VALUE})")
  private int warmup;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "measured runs of each scenario; the line gives the median run's figures and"
              + " wall_s_min/median/max (default: ${DEFAULT-VALUE})")
  private int repeat;

  @Option(
      names = "--compare",
      paramLabel = "FILE",
      description =
          "an earlier output of this command: each line gains wall_s_ratio and"
              + " data_packets_per_s_ratio (now / then) for the scenario of the same name")
  private Path compare;

  @Override
  public Integer call() {
    List<String> selected = names.isEmpty() ? BenchScenario.names() : names;
    List<BenchScenario> scenarios;
    Map<String, JsonNode> earlier;
    try {
      scenarios =
          selected.stream()
              .flatMap(name -> BenchScenario.expand(name).stream())
              .map(BenchScenario::named)
              .toList();
      if (repeat < 1 || warmup < 0) {
        throw new IllegalArgumentException("--repeat must be at least 1 and --warmup at least 0");
      }
      earlier = compare == null ? Map.of() : earlier(compare);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    // on standard error, so that standard output stays one JSON line per scenario
    Optional<Duration> every = RunLimits.progressEvery();
    PrintWriter err = spec.commandLine().getErr();
    Consumer<RunProgress> progress =
        p -> {
          err.println("[rocelab] " + p.describe());
          err.flush();
        };
    for (BenchScenario bench : scenarios) {
      for (int i = 0; i < warmup; i++) {
        run(bench, every, progress);
      }
      List<Map<String, Object>> runs = new ArrayList<>();
      for (int i = 0; i < repeat; i++) {
        runs.add(run(bench, every, progress));
      }
      runs.sort(Comparator.comparingDouble(r -> (Double) r.get("wall_s")));
      Map<String, Object> line = runs.get((runs.size() - 1) / 2);
      if (repeat > 1) {
        line.put("repeat", repeat);
        line.put("wall_s_min", runs.get(0).get("wall_s"));
        line.put("wall_s_median", line.get("wall_s"));
        line.put("wall_s_max", runs.get(runs.size() - 1).get("wall_s"));
      }
      Optional.ofNullable(earlier.get(bench.name())).ifPresent(then -> ratios(line, then));
      spec.commandLine().getOut().println(json(line));
      spec.commandLine().getOut().flush();
    }
    return Rocelab.VALID;
  }

  private static Map<String, Object> run(
      BenchScenario bench, Optional<Duration> every, Consumer<RunProgress> progress) {
    ModelBenchmark simulation;
    double wall;
    long peakHeapBytes;
    try (HeapAfterCollections heap = new HeapAfterCollections()) {
      long start = System.nanoTime();
      ModelBenchmark model = new ModelBenchmark(bench.fabric(), bench.scenario());
      model.run(
          Duration.ofMinutes(30),
          every.map(e -> model.progressReporter(e, progress)).orElse(() -> {}));
      simulation = model;
      wall = (System.nanoTime() - start) / 1e9;
      peakHeapBytes = heap.peakBytes();
    }
    RunResult result = simulation.result();
    long events = simulation.events();
    long packets = simulation.dataPacketsSent();
    double[] fct =
        result.flows().stream()
            .filter(FlowResult::completed)
            .mapToDouble(f -> f.completionTime().orElseThrow().toMicros())
            .sorted()
            .toArray();
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("scenario", bench.name());
    line.put("wall_s", round(wall, 3));
    line.put("simulated_s", result.elapsed().toSeconds());
    line.put("events", events);
    line.put("events_per_s", Math.round(events / wall));
    line.put("data_packets", packets);
    line.put("data_packets_per_s", Math.round(packets / wall));
    line.put("peak_heap_mb", round(peakHeapBytes / 1048576.0, 1));
    line.put("drops", result.totalDrops());
    line.put(
        "retransmissions", result.flows().stream().mapToLong(FlowResult::retransmissions).sum());
    line.put("pause_frames", result.ports().stream().mapToLong(PortStats::pausesSent).sum());
    line.put("ecn_marks", result.ports().stream().mapToLong(PortStats::ecnMarks).sum());
    line.put(
        "out_of_order_packets", result.flows().stream().mapToLong(FlowResult::outOfOrder).sum());
    line.put(
        "egress_imbalance",
        LoadBalance.worst(result, result.fabric()).map(g -> round(g.imbalance(), 3)).orElse(null));
    line.put("flows", result.flows().size());
    line.put("flows_completed", fct.length);
    line.put("fct_us_min", fct.length == 0 ? null : round(fct[0], 2));
    line.put("fct_us_p50", fct.length == 0 ? null : round(fct[(fct.length - 1) / 2], 2));
    line.put("fct_us_max", fct.length == 0 ? null : round(fct[fct.length - 1], 2));
    line.put(
        "max_queue_bytes",
        result.ports().stream().mapToLong(p -> p.maxQueue().bytes()).max().orElse(0));
    // the coarsest series resolution: wider than the sample interval once the series budget was
    // full
    line.put(
        "series_bucket_us",
        result.series().stream().mapToDouble(s -> s.interval().toMicros()).max().orElse(0));
    result.collectives().stream()
        .findFirst()
        .ifPresent(
            c -> {
              line.put(
                  "busbw_gbytes_per_s_largest",
                  round(c.largest().outOfPlace().busGigabytesPerSecond(), 2));
              line.put("largest_size_bytes", c.largest().size().bytes());
              line.put("algorithm_largest", choice(c.largest()));
              line.put("collective_sizes_done", c.rows().size());
            });
    result.trainings().stream()
        .filter(TrainingResult::finished)
        .findFirst()
        .ifPresent(
            t -> {
              line.put("step_ms", round(t.stepTime().toMicros() / 1000, 3));
              line.put(
                  "ideal_step_ms", t.ideal().map(i -> round(i.toMicros() / 1000, 3)).orElse(null));
              line.put("compute_only_step_ms", round(t.computeOnly().toMicros() / 1000, 3));
              line.put(
                  "exposed_communication_ms", round(t.exposedCommunication().toMicros() / 1000, 3));
              line.put("exposed_communication_share", round(t.exposedCommunicationShare(), 4));
              line.put(
                  "network_tax_share",
                  t.ideal().isPresent() ? round(t.networkTaxShare(), 4) : null);
            });
    line.put("stop", result.stopReason().name());
    return line;
  }

  /**
   * The algorithm and protocol a row ran with, as NCCL's tuning log names them: {@code
   * tree/SIMPLE}.
   */
  private static String choice(CollectiveRow row) {
    return row.algorithm().ncclName().toLowerCase(Locale.ROOT) + "/" + row.protocol();
  }

  /** The earlier lines by scenario, from a file of this command's output. */
  private static Map<String, JsonNode> earlier(Path file) {
    Map<String, JsonNode> lines = new LinkedHashMap<>();
    try {
      for (String text : Files.readAllLines(file)) {
        if (!text.isBlank()) {
          JsonNode line = MAPPER.readTree(text);
          lines.put(line.path("scenario").asText(), line);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("--compare " + file + ": " + e.getMessage(), e);
    }
    return lines;
  }

  /** Now over then, for the figures a regression shows in. */
  private static void ratios(Map<String, Object> line, JsonNode then) {
    double wall = then.path("wall_s").asDouble(0);
    if (wall > 0) {
      line.put("wall_s_ratio", round((Double) line.get("wall_s") / wall, 3));
    }
    double rate = then.path("data_packets_per_s").asDouble(0);
    if (rate > 0) {
      line.put(
          "data_packets_per_s_ratio",
          round(((Number) line.get("data_packets_per_s")).doubleValue() / rate, 3));
    }
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }

  private static String json(Map<String, Object> line) {
    try {
      return MAPPER.writeValueAsString(line);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
