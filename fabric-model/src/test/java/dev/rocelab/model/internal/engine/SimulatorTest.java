package dev.rocelab.model.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/** The event engine: (time, sequence) order, one wake-up per component, run bounds, fingerprint. */
class SimulatorTest {

  private final Simulator sim = new Simulator();

  /** Wake-ups as "name@time", in the order they ran. */
  private final List<String> log = new ArrayList<>();

  /** A component that logs its wake-ups and may act on them. */
  private final class Probe extends Component {
    final String name;
    LongConsumer onWake = now -> {};

    Probe(String name) {
      this.name = name;
      sim.register(this);
    }

    @Override
    protected void wake(long now) {
      log.add(name + "@" + now);
      onWake.accept(now);
    }
  }

  @Test
  void wakeUpsRunInTimeOrderAndTiesRunFirstScheduledFirst() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    Probe c = new Probe("c");
    Probe d = new Probe("d");
    sim.schedule(c, 20);
    sim.schedule(b, 10);
    sim.schedule(d, 10);
    sim.schedule(a, 10);

    sim.runUntil(100);

    assertThat(log).containsExactly("b@10", "d@10", "a@10", "c@20");
  }

  @Test
  void reschedulingMovesTheOnlyWakeUpAndCountsAsScheduledAnew() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    Probe c = new Probe("c");
    sim.schedule(a, 10);
    sim.schedule(b, 10);
    sim.schedule(c, 50);
    sim.schedule(a, 10); // same time, now behind b
    sim.schedule(c, 5); // earlier

    assertThat(sim.pending()).isEqualTo(3);
    sim.runUntil(100);

    assertThat(log).containsExactly("c@5", "b@10", "a@10");
  }

  @Test
  void aComponentCanMoveItsWakeUpLater() {
    Probe a = new Probe("a");
    sim.schedule(a, 10);
    sim.schedule(a, 30);

    assertThat(a.isScheduled()).isTrue();
    assertThat(a.scheduledTime()).isEqualTo(30);
    sim.runUntil(100);

    assertThat(log).containsExactly("a@30");
  }

  @Test
  void aCancelledWakeUpNeverRuns() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    Probe c = new Probe("c");
    sim.schedule(a, 10);
    sim.schedule(b, 20);
    sim.schedule(c, 30);

    sim.cancel(b);
    sim.cancel(b); // cancelling again, or with nothing pending, does nothing
    sim.cancel(new Probe("idle"));
    assertThat(b.isScheduled()).isFalse();
    sim.runUntil(100);

    assertThat(log).containsExactly("a@10", "c@30");
    assertThat(sim.pending()).isZero();
  }

  @Test
  void scheduleNoLaterThanKeepsAnEarlierWakeUpAndMovesALaterOne() {
    Probe a = new Probe("a");
    sim.schedule(a, 10);
    sim.scheduleNoLaterThan(a, 20);
    assertThat(a.scheduledTime()).isEqualTo(10);

    sim.scheduleNoLaterThan(a, 5);
    assertThat(a.scheduledTime()).isEqualTo(5);
  }

  @Test
  void runUntilRunsEventsUpToAndIncludingTheBoundAndStopsTheClockThere() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    Probe c = new Probe("c");
    sim.schedule(a, 10);
    sim.schedule(b, 20);
    sim.schedule(c, 30);

    assertThat(sim.runUntil(20)).as("events remain").isTrue();
    assertThat(log).containsExactly("a@10", "b@20");
    assertThat(sim.now()).isEqualTo(20);
    assertThat(sim.runUntil(25)).isTrue();
    assertThat(sim.now()).as("the clock moves to the bound even without events").isEqualTo(25);

    assertThat(sim.runUntil(100)).as("the queue ran dry").isFalse();
    assertThat(log).containsExactly("a@10", "b@20", "c@30");
    assertThat(sim.events()).isEqualTo(3);
  }

  @Test
  void aComponentMayScheduleItselfAndOthersWhileWaking() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    a.onWake =
        now -> {
          if (now < 30) {
            sim.schedule(a, now + 10);
          }
          sim.schedule(b, now); // same time: runs after a, before anything scheduled later
        };
    sim.schedule(a, 10);

    sim.runUntil(100);

    assertThat(log).containsExactly("a@10", "b@10", "a@20", "b@20", "a@30", "b@30");
  }

  @Test
  void stopEndsTheRunAfterTheCurrentEventAndKeepsTheRest() {
    Probe a = new Probe("a");
    Probe b = new Probe("b");
    a.onWake = now -> sim.stop();
    sim.schedule(a, 10);
    sim.schedule(b, 10);

    assertThat(sim.runUntil(100)).as("stopped").isTrue();
    assertThat(log).containsExactly("a@10");
    assertThat(sim.now()).isEqualTo(10);
    assertThat(b.isScheduled()).isTrue();

    sim.runUntil(100);
    assertThat(log).containsExactly("a@10", "b@10");
  }

  @Test
  void schedulingInThePastIsRefused() {
    Probe a = new Probe("a");
    sim.schedule(a, 10);
    sim.runUntil(10);

    assertThatThrownBy(() -> sim.schedule(a, 9))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cannot schedule component 0 at 9 ps, before now 10");
  }

  @Test
  void theFingerprintDependsOnWhichComponentRanWhenAndInWhatOrder() {
    assertThat(fingerprint(new long[] {10, 10}, false))
        .as("same trajectory")
        .isEqualTo(fingerprint(new long[] {10, 10}, false));
    assertThat(fingerprint(new long[] {10, 10}, true))
        .as("same times, order swapped")
        .isNotEqualTo(fingerprint(new long[] {10, 10}, false));
    assertThat(fingerprint(new long[] {10, 11}, false))
        .as("one event later")
        .isNotEqualTo(fingerprint(new long[] {10, 10}, false));
  }

  /** Runs components 0 and 1 at the given times, scheduling 1 first if asked. */
  private static long fingerprint(long[] times, boolean secondFirst) {
    Simulator s = new Simulator();
    Component[] c = new Component[2];
    for (int i = 0; i < 2; i++) {
      c[i] =
          s.register(
              new Component() {
                @Override
                protected void wake(long now) {}
              });
    }
    if (secondFirst) {
      s.schedule(c[1], times[1]);
      s.schedule(c[0], times[0]);
    } else {
      s.schedule(c[0], times[0]);
      s.schedule(c[1], times[1]);
    }
    s.runUntil(100);
    return s.fingerprint();
  }

  /**
   * The heap against a sorted map of (time, sequence) keys, over random schedules, moves and
   * cancels of 200 components: every wake-up runs once, in exactly the reference order.
   */
  @Test
  void randomSchedulesMovesAndCancelsRunInExactlyTimeThenSequenceOrder() {
    Random random = new Random(7);
    for (int round = 0; round < 20; round++) {
      Simulator s = new Simulator();
      List<String> ran = new ArrayList<>();
      TreeMap<long[], String> expected =
          new TreeMap<>(
              (x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
      long[][] keyOf = new long[200][];
      Component[] all = new Component[200];
      for (int i = 0; i < all.length; i++) {
        String name = "c" + i;
        all[i] =
            s.register(
                new Component() {
                  @Override
                  protected void wake(long now) {
                    ran.add(name + "@" + now);
                  }
                });
      }
      long seq = 0;
      for (int op = 0; op < 2000; op++) {
        int i = random.nextInt(all.length);
        if (keyOf[i] != null) {
          expected.remove(keyOf[i]);
          keyOf[i] = null;
        }
        if (random.nextInt(5) == 0) {
          s.cancel(all[i]);
        } else {
          long time = random.nextInt(50); // many ties
          s.schedule(all[i], time);
          keyOf[i] = new long[] {time, seq++};
          expected.put(keyOf[i], "c" + i + "@" + time);
        }
      }

      s.runUntil(1000);

      assertThat(ran).as("round %d", round).containsExactlyElementsOf(expected.values());
    }
  }
}
