package dev.rocelab.model.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
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

  /**
   * Components that, waking, move their own and others' wake-ups by delays of every range the queue
   * treats apart — the same time, picoseconds, a frame's serialisation, beyond the timing wheel's
   * {@link EventQueue#WINDOW_PS} and far beyond — or cancel them, run in exactly the order of a
   * sorted map of (time, sequence) keys driven by the same decisions.
   */
  @Test
  void wakeUpsScheduledWhileRunningAtEveryRangeRunInExactlyTimeThenSequenceOrder() {
    long[] delays = {
      0,
      1,
      255,
      256,
      4_000,
      80_000,
      1_000_000,
      EventQueue.WINDOW_PS - 1,
      EventQueue.WINDOW_PS,
      EventQueue.WINDOW_PS + 300,
      3 * EventQueue.WINDOW_PS,
      55_000_000,
      1_000_000_000
    };
    for (int round = 0; round < 10; round++) {
      List<String> real = scripted(new Simulator(), delays, round);
      List<String> reference = scripted(null, delays, round);
      assertThat(real).as("round %d", round).hasSize(WAKE_UPS).isEqualTo(reference);
    }
  }

  /**
   * Runs 20,000 wake-ups of 300 components on the simulator, or where it is null on a sorted map:
   * each wake-up's decisions come from a generator seeded by the round, the component and the time,
   * so both queues make the same ones as long as they run the same wake-ups in the same order.
   */
  private static List<String> scripted(Simulator simulator, long[] delays, int round) {
    int n = 300;
    List<String> ran = new ArrayList<>();
    TreeMap<long[], Integer> sorted =
        new TreeMap<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
    long[][] keys = new long[n][];
    long[] seq = {0};
    Component[] all = new Component[n];
    IntConsumer[] wake = new IntConsumer[1];
    BiConsumer<Integer, Long> schedule =
        (i, time) -> {
          if (simulator != null) {
            simulator.schedule(all[i], time);
          } else {
            if (keys[i] != null) {
              sorted.remove(keys[i]);
            }
            keys[i] = new long[] {time, seq[0]++};
            sorted.put(keys[i], i);
          }
        };
    IntConsumer cancel =
        i -> {
          if (simulator != null) {
            simulator.cancel(all[i]);
          } else if (keys[i] != null) {
            sorted.remove(keys[i]);
            keys[i] = null;
          }
        };
    long[] now = {0};
    wake[0] =
        i -> {
          ran.add(i + "@" + now[0]);
          if (ran.size() == WAKE_UPS) {
            if (simulator != null) {
              simulator.stop();
            }
            return;
          }
          Random random = new Random(((long) round * 1_000_003 + i) * 1_000_000_007L + now[0]);
          int actions = random.nextInt(3);
          if (random.nextInt(4) != 0) {
            schedule.accept(i, now[0] + delays[random.nextInt(delays.length)]);
          }
          for (int a = 0; a < actions; a++) {
            int other = random.nextInt(n);
            if (other == i) {
              continue;
            }
            if (random.nextInt(3) == 0) {
              cancel.accept(other);
            } else {
              schedule.accept(other, now[0] + delays[random.nextInt(delays.length)]);
            }
          }
        };
    for (int i = 0; i < n; i++) {
      int index = i;
      all[i] =
          new Component() {
            @Override
            protected void wake(long time) {
              now[0] = time;
              wake[0].accept(index);
            }
          };
      if (simulator != null) {
        simulator.register(all[i]);
      }
      schedule.accept(i, (long) i * 997 % 5_000);
    }
    if (simulator != null) {
      simulator.runUntil(Long.MAX_VALUE / 2); // the last wake-up stops it
    } else {
      while (ran.size() < WAKE_UPS && !sorted.isEmpty()) {
        var first = sorted.pollFirstEntry();
        keys[first.getValue()] = null;
        now[0] = first.getKey()[0];
        wake[0].accept(first.getValue());
      }
    }
    return ran;
  }

  private static final int WAKE_UPS = 20_000;
}
