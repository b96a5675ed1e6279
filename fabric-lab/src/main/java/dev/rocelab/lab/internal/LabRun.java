package dev.rocelab.lab.internal;

import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabFaultAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A scenario running on a lab, in wall-clock time: flows run on their own threads, faults fire at
 * their times, and {@link #snapshot()} reads the counters so far. The first infrastructure problem
 * ends the run; {@link #finish()} then throws it with everything measured until then.
 */
final class LabRun implements ScenarioRun {

  private final LabSession session;
  private final Scenario scenario;
  private final Instant start;
  private final Duration limit;
  private final Optional<TelemetryReader.Snapshot> before;
  private final ExecutorService flowThreads =
      Executors.newCachedThreadPool(daemon("rocelab-lab flow"));
  private final ScheduledExecutorService faultThread =
      Executors.newSingleThreadScheduledExecutor(daemon("rocelab-lab fault"));
  private final List<CompletableFuture<FlowRunner.Server>> servers;
  private final List<CompletableFuture<FlowRunner.Outcome>> flows = new ArrayList<>();
  private final List<CompletableFuture<CollectiveResult>> collectives = new ArrayList<>();
  private final List<CompletableFuture<Void>> faults = new ArrayList<>();
  private final List<FabricEvent> events = new ArrayList<>();
  private RunResult result;

  LabRun(
      LabSession session,
      Scenario scenario,
      List<FlowJob> jobs,
      List<CollectiveJob> collectiveJobs,
      Duration limit) {
    this.session = session;
    this.scenario = scenario;
    this.limit = limit;
    this.before = session.telemetry().map(t -> t.snapshot(Instant.now()));
    // every server listens before the clock starts: a fault at 500 ms then meets traffic that has
    // run for 500 ms, however long the servers took to start; one that failed fails its flow
    servers =
        jobs.stream()
            .map(
                job ->
                    CompletableFuture.supplyAsync(() -> session.flows().listen(job), flowThreads))
            .toList();
    CompletableFuture.allOf(servers.toArray(CompletableFuture[]::new))
        .exceptionally(failed -> null)
        .join();
    this.start = Instant.now();
    for (int i = 0; i < jobs.size(); i++) {
      FlowJob job = jobs.get(i);
      flows.add(
          servers
              .get(i)
              .thenApplyAsync(
                  server -> {
                    pause(job.start());
                    return session.flows().run(job, server, elapsed(), limit);
                  },
                  flowThreads));
    }
    for (CollectiveJob job : collectiveJobs) {
      collectives.add(
          CompletableFuture.supplyAsync(
              () -> {
                pause(job.collective().start());
                return session.collectives().run(job, limit);
              },
              flowThreads));
    }
    for (Fault fault : scenario.faults()) {
      schedule(fault);
    }
  }

  private void schedule(Fault fault) {
    if (fault instanceof Fault.LinkDown d) {
      at(
          d.at(),
          LabFaultAction.LINK_DOWN,
          d.port().device(),
          d.port().port(),
          FabricEvent.Kind.FAULT,
          "link down");
    } else if (fault instanceof Fault.LinkUp u) {
      at(
          u.at(),
          LabFaultAction.LINK_UP,
          u.port().device(),
          u.port().port(),
          FabricEvent.Kind.RECOVERY,
          "link up");
    } else if (fault instanceof Fault.LinkFlap f) {
      SimTime half = SimTime.picos(f.period().picos() / 2);
      for (int i = 0; i < f.count(); i++) {
        SimTime cycle = f.at().plus(f.period().times(i));
        at(
            cycle,
            LabFaultAction.LINK_DOWN,
            f.port().device(),
            f.port().port(),
            FabricEvent.Kind.FAULT,
            "link down");
        at(
            cycle.plus(half),
            LabFaultAction.LINK_UP,
            f.port().device(),
            f.port().port(),
            FabricEvent.Kind.RECOVERY,
            "link up");
      }
    } else if (fault instanceof Fault.SwitchReset r) {
      at(r.at(), LabFaultAction.RESET, r.device(), null, FabricEvent.Kind.FAULT, "switch reset");
    } else if (fault instanceof Fault.ConfigDrift c) {
      at(
          c.at(),
          LabFaultAction.CONFIG_DRIFT,
          c.device(),
          null,
          Map.of("setting", c.setting(), "value", c.value()),
          FabricEvent.Kind.FAULT,
          c.setting() + " changed to " + c.value());
    } else if (fault instanceof Fault.PfcStorm p) {
      // a storm without end lasts as long as the scenario may run
      SimTime lasts =
          p.duration().picos() > 0
              ? p.duration()
              : SimTime.picos(Math.max(0, scenario.duration().picos() - p.at().picos()));
      at(
          p.at(),
          LabFaultAction.PFC_STORM,
          p.nic().device(),
          p.nic().port(),
          Map.of(
              "priority",
              Integer.toString(p.priority()),
              "micros",
              Long.toString((lasts.picos() + 999_999) / 1_000_000)),
          FabricEvent.Kind.FAULT,
          "PFC storm on priority " + p.priority() + " for " + lasts);
    } else {
      throw new IllegalStateException("unsupported fault reached the lab run: " + fault.describe());
    }
  }

  private void at(
      SimTime time,
      LabFaultAction action,
      String device,
      String port,
      FabricEvent.Kind kind,
      String what) {
    at(time, action, device, port, Map.of(), kind, what);
  }

  private void at(
      SimTime time,
      LabFaultAction action,
      String device,
      String port,
      Map<String, String> more,
      FabricEvent.Kind kind,
      String what) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    faultThread.schedule(
        () -> {
          try {
            session.faults().run(action, device, port, more);
            record(
                new FabricEvent(
                    elapsed(),
                    kind,
                    port == null ? device : device + ":" + port,
                    what + " (lab command " + action.key() + ")"));
            done.complete(null);
          } catch (RuntimeException e) {
            done.completeExceptionally(e);
          }
        },
        time.picos() / 1000,
        TimeUnit.NANOSECONDS);
    faults.add(done);
  }

  private synchronized void record(FabricEvent event) {
    events.add(event);
  }

  private SimTime elapsed() {
    return SimTime.millis(Duration.between(start, Instant.now()).toMillis());
  }

  @Override
  public Scenario scenario() {
    return scenario;
  }

  @Override
  public boolean simulatedTime() {
    return false;
  }

  @Override
  public boolean finished() {
    return result != null
        || (flows.stream().allMatch(CompletableFuture::isDone)
            && collectives.stream().allMatch(CompletableFuture::isDone));
  }

  @Override
  public RunResult snapshot() {
    return result != null ? result : measure(Instant.now(), StopReason.IN_PROGRESS);
  }

  @Override
  public void advance(Duration step) {
    pause(SimTime.millis(step.toMillis()));
  }

  @Override
  public RunResult finish() {
    if (result != null) {
      return result;
    }
    LabException failure = null;
    try {
      CompletableFuture.allOf(flows.toArray(CompletableFuture[]::new))
          .get(limit.toMillis(), TimeUnit.MILLISECONDS);
      CompletableFuture.allOf(collectives.toArray(CompletableFuture[]::new))
          .get(limit.toMillis(), TimeUnit.MILLISECONDS);
      CompletableFuture.allOf(faults.toArray(CompletableFuture[]::new))
          .get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      failure = labFailure(e.getCause());
    } catch (TimeoutException e) {
      failure =
          new LabException(
              "the run did not end within " + limit.toSeconds() + " s",
              "lab",
              scenario.describe(),
              e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure =
          new LabException("interrupted while the run went on", "lab", scenario.describe(), e);
    }
    Instant end = Instant.now();
    close();
    RunResult measured;
    try {
      session.telemetry().ifPresent(t -> session.awaitSettled(t));
      measured = measure(end, StopReason.COMPLETED);
    } catch (LabException telemetryFailure) {
      RunResult partial =
          telemetryFailure.partialResult().orElseGet(() -> measureWithoutTelemetry(end));
      if (failure != null) {
        failure.addSuppressed(telemetryFailure);
        throw failure.withPartialResult(partial);
      }
      throw telemetryFailure.withPartialResult(partial);
    }
    if (failure != null) {
      throw failure.withPartialResult(measured);
    }
    result = measured;
    return result;
  }

  private static LabException labFailure(Throwable cause) {
    Throwable t = cause;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof LabException lab) {
      return lab;
    }
    return new LabException("the run failed: " + t, "lab", "(run)", t);
  }

  /**
   * What was measured up to {@code end}. Counters are read now: after a run, once they settled,
   * Prometheus' latest samples (not those at {@code end}, which may predate the last traffic).
   */
  private RunResult measure(Instant end, StopReason reason) {
    List<PortStats> ports = List.of();
    List<FecStats> fec = List.of();
    List<TimeSeries> series = new ArrayList<>();
    Optional<TelemetryReader> telemetry = session.telemetry();
    if (telemetry.isPresent() && before.isPresent()) {
      Instant now = Instant.now();
      TelemetryReader.Peaks peaks = new TelemetryReader.Peaks();
      series.addAll(telemetry.get().series(start, now, peaks));
      TelemetryReader.Snapshot after = telemetry.get().snapshot(now);
      ports = telemetry.get().portStats(before.get(), after, peaks);
      try {
        fec = telemetry.get().fecStats(before.get(), after, this::codewordBits);
      } catch (LabException unreadable) {
        // the FEC counters cannot be read: what else was measured is kept
        throw unreadable.withPartialResult(result(end, reason, ports, List.of(), series));
      }
    }
    return result(end, reason, ports, fec, series);
  }

  /** The bits of a port's FEC codewords, by the speed of its link. */
  private int codewordBits(Endpoint port) {
    return session
        .graph()
        .linkAt(port)
        .map(link -> FecStats.codewordBits(link.spec().speed()))
        .orElseThrow(
            () ->
                new LabException(
                    "the FEC queries returned a series for " + port + ", which has no link",
                    "prometheus",
                    "lab.telemetry.queries",
                    null));
  }

  private RunResult measureWithoutTelemetry(Instant end) {
    return result(end, StopReason.IN_PROGRESS, List.of(), List.of(), new ArrayList<>());
  }

  private RunResult result(
      Instant end,
      StopReason reason,
      List<PortStats> ports,
      List<FecStats> fec,
      List<TimeSeries> series) {
    List<FlowResult> finished = new ArrayList<>();
    for (CompletableFuture<FlowRunner.Outcome> flow : flows) {
      if (flow.isDone() && !flow.isCompletedExceptionally()) {
        FlowRunner.Outcome outcome = flow.join();
        finished.add(outcome.flow());
        outcome.throughput().ifPresent(series::add);
      }
    }
    finished.sort(Comparator.comparing(FlowResult::id));
    List<FabricEvent> timeline;
    synchronized (this) {
      timeline = new ArrayList<>(events);
    }
    timeline.sort(Comparator.comparing(FabricEvent::time));
    // per priority, the latency probe with the most samples stands for its class of traffic
    Map<Integer, LatencySummary> latency = new java.util.TreeMap<>();
    finished.forEach(
        f ->
            f.latency()
                .ifPresent(
                    l -> latency.merge(f.priority(), l, (a, b) -> a.count() >= b.count() ? a : b)));
    return new RunResult(
        scenario,
        session.backend().id(),
        session.graph(),
        reason,
        SimTime.millis(Duration.between(start, end).toMillis()),
        ports,
        finished,
        latency,
        List.of(),
        series,
        timeline,
        collectiveResults(),
        fec,
        List.of());
  }

  /**
   * The collectives that finished, and the rows of those that failed half way, in scenario order.
   */
  private List<CollectiveResult> collectiveResults() {
    List<CollectiveResult> done = new ArrayList<>();
    for (CompletableFuture<CollectiveResult> collective : collectives) {
      if (!collective.isDone() || collective.isCancelled()) {
        continue;
      }
      try {
        done.add(collective.join());
      } catch (CompletionException e) {
        if (e.getCause() instanceof FailedCollectiveException failed) {
          failed.printed().ifPresent(done::add);
        }
      }
    }
    return done;
  }

  @Override
  public void close() {
    flows.forEach(f -> f.cancel(true));
    // a server whose client never ran (the run ended first) is stopped here
    servers.forEach(s -> s.thenAccept(server -> server.process().cancel()));
    collectives.forEach(c -> c.cancel(true));
    faultThread.shutdownNow();
    flowThreads.shutdownNow();
  }

  private static void pause(SimTime time) {
    try {
      TimeUnit.NANOSECONDS.sleep(time.picos() / 1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
