package dev.rocelab.junit.internal;

import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A live run that holds its session's turn until it is closed, and reports its final result once.
 * Stored in the extension store of the test that started it, so JUnit closes it at the latest when
 * that test ends.
 */
final class GuardedRun implements ScenarioRun {

  private final ScenarioRun delegate;
  private final Turn turn;
  private final FabricSpec fabric;
  private final Optional<Duration> progressEvery;
  private final Consumer<RunResult> onFinish;
  private RunResult finished;
  private boolean closed;

  GuardedRun(
      ScenarioRun delegate,
      Turn turn,
      FabricSpec fabric,
      Optional<Duration> progressEvery,
      Consumer<RunResult> onFinish) {
    this.delegate = delegate;
    this.turn = turn;
    this.fabric = fabric;
    this.progressEvery = progressEvery;
    this.onFinish = onFinish;
  }

  @Override
  public Scenario scenario() {
    return delegate.scenario();
  }

  @Override
  public boolean simulatedTime() {
    return delegate.simulatedTime();
  }

  @Override
  public SimTime now() {
    return delegate.now();
  }

  @Override
  public boolean finished() {
    return delegate.finished();
  }

  @Override
  public RunResult snapshot() {
    return delegate.snapshot();
  }

  @Override
  public void advance(Duration step) {
    delegate.advance(step);
  }

  @Override
  public synchronized RunResult finish() {
    RunResult result = ProgressReports.finish(delegate, fabric, progressEvery);
    if (finished == null) {
      finished = result;
      onFinish.accept(result);
    }
    return result;
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      delegate.close();
    } finally {
      turn.release();
    }
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
