package dev.rocelab.model;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every JMH benchmark of the model shares (JMH reads these from the superclass): per-thread
 * state, three warm-up and five measured iterations of 2 s, one fork. Each benchmark says its mode
 * and unit.
 */
@State(Scope.Thread)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class HotPathBenchmark {

  /** For subclasses. */
  protected HotPathBenchmark() {}
}
