package dev.rocelab.model.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.internal.session.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of every telemetry series, over scenarios drawn at random (from a fixed seed): rates
 * and per-interval counts are never negative, each per-interval series adds up to the counter it
 * samples (short of at most what one interval can carry, the part after the last sample), and
 * levels stay within the peaks the counters recorded. Sampling intervals go up to 1 ms, where a
 * flow delivers megabytes per sample. Run again within a small memory budget, the same scenario
 * gives the same counters, and series that are the full-resolution ones aggregated bucket by bucket
 * as {@link TimeSeries} documents: last level, summed amount, mean rate, least and greatest sample.
 */
class SeriesIntegrityTest {

  private static final double PICOS_PER_SECOND = 1e12;
  private static final int CASES = 12;

  record Case(String name, FabricSpec fabric, Scenario scenario, double lineBps) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> scenarios() {
    SplittableRandom random = new SplittableRandom(20261124L);
    List<Case> cases = new ArrayList<>();
    // a lone flow at line rate sampled every 100 us: 1.16 MB per sample
    cases.add(
        new Case(
            "lone 100G flow · 100us samples",
            ModelFixtures.fabric("star100g"),
            Scenario.of(
                    "lone flow",
                    new Workload.Incast(
                        1, Optional.empty(), DataSize.mb(50), OptionalInt.empty(), SimTime.ZERO))
                .withDuration(SimTime.millis(2))
                .withSampleInterval(SimTime.micros(100)),
            100e9));
    SimTime[] intervals = {SimTime.micros(10), SimTime.micros(100), SimTime.millis(1)};
    for (int i = cases.size(); i < CASES; i++) {
      SimTime interval = intervals[random.nextInt(intervals.length)];
      long seed = random.nextLong(1, 1000);
      switch (random.nextInt(4)) {
        case 0 -> {
          int senders = 2 + random.nextInt(14);
          cases.add(
              new Case(
                  "DCQCN incast " + senders + ":1 · " + interval + " samples · seed " + seed,
                  ModelFixtures.fabric("star100g-dcqcn"),
                  Scenario.of(
                          "incast",
                          new Workload.Incast(
                              senders,
                              Optional.empty(),
                              DataSize.mb(2),
                              OptionalInt.empty(),
                              SimTime.ZERO))
                      .withDuration(SimTime.millis(5))
                      .withSampleInterval(interval)
                      .withSeed(seed),
                  100e9));
        }
        case 1 -> {
          int senders = 2 + random.nextInt(14);
          SimTime stormAt = SimTime.micros(100 + random.nextInt(400));
          cases.add(
              new Case(
                  "PFC incast "
                      + senders
                      + ":1 with a storm at "
                      + stormAt
                      + " · "
                      + interval
                      + " samples",
                  ModelFixtures.fabric("star100g"),
                  Scenario.of(
                          "storm",
                          new Workload.Incast(
                              senders,
                              Optional.empty(),
                              DataSize.mb(1),
                              OptionalInt.empty(),
                              SimTime.ZERO))
                      .with(
                          new Fault.PfcStorm(
                              Endpoint.parse("host1:nic0"), 3, stormAt, SimTime.micros(300)))
                      .withDuration(SimTime.millis(4))
                      .withSampleInterval(interval)
                      .withSeed(seed),
                  100e9));
        }
        case 2 ->
            cases.add(
                new Case(
                    "Clos permutation · " + interval + " samples · seed " + seed,
                    ModelFixtures.fabric("clos2tier"),
                    Scenario.of(
                            "permutation",
                            new Workload.Permutation(
                                DataSize.mb(64),
                                1 + random.nextInt(4),
                                OptionalInt.empty(),
                                SimTime.ZERO))
                        .withDuration(SimTime.millis(3))
                        .withSampleInterval(interval)
                        .withSeed(seed),
                    lineRate(ModelFixtures.fabric("clos2tier"))));
        default -> {
          FabricSpec reference = ModelFixtures.reference();
          cases.add(
              new Case(
                  "reference permutation with a spine link down · "
                      + interval
                      + " samples · seed "
                      + seed,
                  reference,
                  Scenario.of(
                          "link down",
                          new Workload.Permutation(
                              DataSize.mb(8), 1, OptionalInt.empty(), SimTime.ZERO))
                      .with(new Fault.LinkDown(Endpoint.parse("leaf1:eth9"), SimTime.micros(50)))
                      .withDuration(SimTime.millis(3))
                      .withSampleInterval(interval)
                      .withSeed(seed),
                  lineRate(reference)));
        }
      }
    }
    return cases.stream();
  }

  private static double lineRate(FabricSpec spec) {
    return spec.nicProfiles().values().stream()
        .mapToDouble(p -> p.speed().bitsPerSecond())
        .max()
        .orElseThrow();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void everySeriesIsNonNegativeAndAddsUpToItsCounter(Case c) {
    RunResult run = ModelFixtures.run(c.fabric(), c.scenario()).result();
    double interval = c.scenario().sampleInterval().picos();
    for (TimeSeries series : run.series()) {
      assertThat(Arrays.stream(series.values()).min().orElse(0))
          .as("least %s of %s", series.metric(), series.subject())
          .isNotNegative();
      assertThat(series.interval()).isEqualTo(c.scenario().sampleInterval());
    }
    // what one interval can carry at the fastest line rate: bytes, and the smallest frames
    double bytesPerInterval = c.lineBps() * interval / 8 / PICOS_PER_SECOND;
    double framesPerInterval = bytesPerInterval / (Framing.MIN_FRAME + Framing.WIRE_OVERHEAD) + 1;

    for (FlowResult flow : run.flows()) {
      double carried = sum(run, "throughput", flow.id()) * interval / 8 / PICOS_PER_SECOND;
      double rounding =
          series(run, "throughput", flow.id()).map(TimeSeries::size).orElse(0)
              * interval
              / 8
              / PICOS_PER_SECOND;
      assertThat(flow.delivered().bytes() - carried)
          .as("bytes %s delivered after its last throughput sample", flow.id())
          .isBetween(-rounding, bytesPerInterval + rounding);
    }
    FabricGraph graph = FabricGraph.of(c.fabric());
    List<Endpoint> nics = graph.nics();
    for (PortStats port : run.ports()) {
      String subject = port.port() + "/" + port.priority();
      assertThat(port.pausedTime().picos() - sum(run, "paused_time", subject))
          .as("paused time of %s after its last sample", subject)
          .isBetween(0.0, interval);
      if (!nics.contains(port.port())) {
        assertThat(port.ecnMarks() - sum(run, "ecn_marks", subject))
            .as("ECN marks of %s after its last sample", subject)
            .isBetween(0.0, framesPerInterval);
        assertThat(series(run, "queue_depth", subject).map(TimeSeries::max).orElse(0L))
            .as("deepest sampled queue of %s", subject)
            .isLessThanOrEqualTo(port.maxQueue().bytes());
      }
    }
    for (String nic : nics.stream().map(Endpoint::toString).toList()) {
      assertThat(cnps(run, nic, true) - sum(run, "cnps_sent", nic))
          .as("CNPs %s sent after its last sample", nic)
          .isBetween(0.0, framesPerInterval);
      assertThat(cnps(run, nic, false) - sum(run, "cnps_received", nic))
          .as("CNPs %s received after its last sample", nic)
          .isBetween(0.0, framesPerInterval);
    }
    for (TimeSeries buffer : run.series("shared_buffer")) {
      long size =
          c.fabric().switchProfiles().values().stream()
              .mapToLong(p -> p.buffer().bytes())
              .max()
              .orElseThrow();
      assertThat(buffer.max())
          .as("shared buffer in use at %s", buffer.subject())
          .isLessThanOrEqualTo(size);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void downsampledSeriesAreTheFullSeriesAggregatedAndCountersStayExact(Case c) {
    RunResult full = ModelFixtures.run(c.fabric(), c.scenario()).result();
    // 1 byte leaves 2 buckets a series; 256 KiB a few dozen on these fabrics
    for (DataSize budget : List.of(DataSize.bytes(1), DataSize.kib(256))) {
      Simulation simulation = new Simulation(FabricGraph.of(c.fabric()), c.scenario(), budget);
      simulation.run(Duration.ofMinutes(5));
      RunResult small = simulation.result("model");

      assertThat(small.ports()).as("counters within %s", budget).isEqualTo(full.ports());
      assertThat(small.flows()).as("flows within %s", budget).isEqualTo(full.flows());
      assertThat(small.series())
          .extracting(TimeSeries::metric, TimeSeries::subject)
          .containsExactlyElementsOf(
              full.series().stream().map(s -> tuple(s.metric(), s.subject())).toList());
      for (int i = 0; i < full.series().size(); i++) {
        assertAggregates(full.series().get(i), small.series().get(i));
      }
    }
  }

  private static void assertAggregates(TimeSeries full, TimeSeries small) {
    String name = small.metric() + " of " + small.subject();
    assertThat(small.sampleInterval()).isEqualTo(full.interval());
    int k = (int) (small.interval().picos() / full.interval().picos());
    assertThat(small.size()).as(name).isEqualTo((full.size() + k - 1) / k);
    if (k > 1) {
      assertThat(small.isDownsampled()).isTrue();
    }
    for (int b = 0; b < small.size(); b++) {
      int from = b * k;
      int to = Math.min(full.size(), from + k);
      long[] samples = Arrays.copyOfRange(full.values(), from, to);
      String bucket = name + ", bucket " + b + " of " + k + " samples";
      assertThat(small.timeOf(b))
          .as(bucket)
          .isEqualTo(full.timeOf(0).plus(full.interval().times(from + k - 1)));
      assertThat(small.bucketMin(b))
          .as(bucket)
          .isEqualTo(Arrays.stream(samples).min().orElseThrow());
      assertThat(small.bucketMax(b))
          .as(bucket)
          .isEqualTo(Arrays.stream(samples).max().orElseThrow());
      long sum = Arrays.stream(samples).sum();
      switch (small.metric()) {
        case "queue_depth", "shared_buffer" ->
            assertThat(small.value(b)).as(bucket).isEqualTo(samples[samples.length - 1]);
        // the mean rate over the bucket, up to each sample's rounding to a whole bps
        case "throughput" ->
            assertThat((double) small.value(b)).as(bucket).isCloseTo((double) sum / k, within(1.0));
        default -> assertThat(small.value(b)).as(bucket).isEqualTo(sum);
      }
    }
    assertThat(small.max()).as("peak of %s", name).isEqualTo(full.max());
  }

  private static double cnps(RunResult run, String nic, boolean sent) {
    return run.port(nic).stream().mapToLong(p -> sent ? p.cnpsSent() : p.cnpsReceived()).sum();
  }

  /** A series left out of the result stayed zero: its sum is zero. */
  private static double sum(RunResult run, String metric, String subject) {
    return series(run, metric, subject)
        .map(
            s -> {
              double total = 0;
              for (long v : s.values()) {
                total += v;
              }
              return total;
            })
        .orElse(0.0);
  }

  private static Optional<TimeSeries> series(RunResult run, String metric, String subject) {
    return run.series(metric).stream().filter(s -> s.subject().equals(subject)).findFirst();
  }
}
