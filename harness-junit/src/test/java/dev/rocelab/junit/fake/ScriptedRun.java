package dev.rocelab.junit.fake;

import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Optional;

/**
 * A live run of the scripted backend: the whole result is known in advance and snapshots cut it at
 * the time reached — by {@link #advance(Duration)} in simulated time, by the wall clock in real
 * time.
 */
final class ScriptedRun implements ScenarioRun {

  static final long WALL_NANOS_PER_RUN_MICRO = 100_000;

  private final RunResult result;
  private final boolean realTime;
  private final Runnable onClose;
  private final long startedNanos = System.nanoTime();
  private long now;
  private boolean closed;

  ScriptedRun(RunResult result, boolean realTime, Runnable onClose) {
    this.result = result;
    this.realTime = realTime;
    this.onClose = onClose;
  }

  @Override
  public Scenario scenario() {
    return result.scenario();
  }

  @Override
  public boolean simulatedTime() {
    return !realTime;
  }

  @Override
  public SimTime now() {
    if (realTime) {
      long micros = (System.nanoTime() - startedNanos) / WALL_NANOS_PER_RUN_MICRO;
      now = Math.min(result.elapsed().picos(), Math.max(now, SimTime.micros(micros).picos()));
    }
    return SimTime.picos(now);
  }

  @Override
  public boolean finished() {
    return now().equals(result.elapsed());
  }

  @Override
  public RunResult snapshot() {
    return finished() ? result : cut(now());
  }

  @Override
  public void advance(Duration step) {
    if (realTime) {
      try {
        Thread.sleep(step.toMillis(), step.toNanosPart() % 1_000_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    now = Math.min(result.elapsed().picos(), now + step.toNanos() * 1000);
  }

  @Override
  public RunResult finish() {
    now = result.elapsed().picos();
    return result;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      onClose.run();
    }
  }

  private RunResult cut(SimTime at) {
    long t = at.picos();
    double share = result.elapsed().picos() == 0 ? 1 : (double) t / result.elapsed().picos();
    List<PortStats> ports =
        result.ports().stream()
            .map(
                p -> {
                  EnumMap<dev.rocelab.api.result.DropReason, Long> drops =
                      new EnumMap<>(dev.rocelab.api.result.DropReason.class);
                  EnumMap<dev.rocelab.api.result.DropReason, Long> droppedBytes =
                      new EnumMap<>(dev.rocelab.api.result.DropReason.class);
                  boolean dropped =
                      result.firstDrops().stream()
                          .anyMatch(
                              d ->
                                  d.port().equals(p.port())
                                      && d.priority() == p.priority()
                                      && d.time().picos() <= t);
                  if (dropped) {
                    drops.putAll(p.drops());
                    p.droppedBytes().ifPresent(droppedBytes::putAll);
                  }
                  return new PortStats(
                      p.port(),
                      p.priority(),
                      (long) (p.txBytes() * share),
                      (long) (p.rxBytes() * share),
                      (long) (p.txPackets() * share),
                      (long) (p.rxPackets() * share),
                      (long) (p.pausesSent() * share),
                      (long) (p.pausesReceived() * share),
                      SimTime.picos(Math.min(t, (long) (p.pausedTime().picos() * share))),
                      (long) (p.ecnMarks() * share),
                      (long) (p.cnpsSent() * share),
                      (long) (p.cnpsReceived() * share),
                      drops,
                      p.droppedBytes().map(all -> droppedBytes),
                      p.maxQueue(),
                      p.maxHeadroom());
                })
            .toList();
    List<FlowResult> flows =
        result.flows().stream()
            .map(
                f -> {
                  boolean done = f.completion().map(c -> c.picos() <= t).orElse(false);
                  long span = f.completion().orElse(result.elapsed()).picos() - f.start().picos();
                  double part =
                      span <= 0
                          ? 1
                          : Math.max(0, Math.min(1, (double) (t - f.start().picos()) / span));
                  return new FlowResult(
                      f.id(),
                      f.source(),
                      f.destination(),
                      f.priority(),
                      f.size(),
                      done ? f.delivered() : DataSize.bytes((long) (f.delivered().bytes() * part)),
                      f.start(),
                      done ? f.completion() : Optional.empty(),
                      f.retransmissions(),
                      f.latency());
                })
            .toList();
    List<TimeSeries> series =
        result.series().stream()
            .map(
                s -> {
                  int kept =
                      (int)
                          Math.min(
                              s.size(),
                              Math.max(0, (t - s.start().picos()) / s.interval().picos() + 1));
                  return new TimeSeries(
                      s.metric(),
                      s.subject(),
                      s.unit(),
                      s.start(),
                      s.interval(),
                      Arrays.copyOf(s.values(), kept));
                })
            .toList();
    List<DropRecord> drops =
        result.firstDrops().stream().filter(d -> d.time().picos() <= t).toList();
    return new RunResult(
        result.scenario(),
        result.backend(),
        result.fabric(),
        StopReason.DURATION_REACHED,
        at,
        ports,
        flows,
        result.latency(),
        drops,
        series,
        result.events().stream().filter(e -> e.time().picos() <= t).toList(),
        result.collectives());
  }
}
