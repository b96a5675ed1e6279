package dev.rocelab.model.internal.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.DcqcnParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CnpPacerTest {

  private static final long US = 1_000_000L;

  @Test
  void theFirstMarkSendsACnpAndTheNextIsAllowedOneIntervalLater() {
    var pacer = CnpPacer.of(DcqcnParameters.MLX5_DEFAULTS); // 4 µs

    assertThat(pacer.tryCnp(10 * US)).isTrue();
    assertThat(pacer.tryCnp(10 * US)).isFalse();
    assertThat(pacer.tryCnp(14 * US - 1)).isFalse();
    assertThat(pacer.tryCnp(14 * US)).isTrue();
    assertThat(pacer.tryCnp(20 * US)).as("the interval counts from the last CNP, 14 µs").isTrue();

    assertThat(pacer.cnpsSent()).isEqualTo(3);
    assertThat(pacer.marksCoalesced()).isEqualTo(2);
  }

  @Test
  void aMarkAtTimeZeroSendsACnp() {
    assertThat(new CnpPacer(4 * US).tryCnp(0)).isTrue();
  }

  @Test
  void cnpsOverAnyWindowStayWithinWindowOverIntervalPlusOne() {
    // fidelity case 6: CE-marked packets every 1 µs; over any closed window [s, s + T] a QP
    // sends at most floor(T / interval) + 1 CNPs
    Random random = new Random(42);
    long[] fixedIntervals = {1 * US, 2 * US, 4 * US, 50 * US, 3_500_000L, 999_999L};
    for (int trial = 0; trial < 200; trial++) {
      long interval =
          trial < fixedIntervals.length
              ? fixedIntervals[trial]
              : 1_000 + (long) random.nextInt(100_000_000); // 1 ns .. 100 µs
      long horizon = 20_000 * US;
      List<Long> cnps = cnpTimes(new CnpPacer(interval), 0, 1 * US, horizon);

      for (int w = 0; w < 20; w++) {
        long window = (1 + random.nextInt(5_000)) * US; // 1 µs .. 5 ms
        long start = (long) random.nextInt((int) ((horizon - window) / 1_000)) * 1_000;
        long count = cnps.stream().filter(t -> t >= start && t <= start + window).count();
        assertThat(count)
            .as("CNPs in [%d ps, +%d ps] with interval %d ps", start, window, interval)
            .isLessThanOrEqualTo(window / interval + 1);
      }
    }
  }

  @Test
  void withMarksEveryMicrosecondACnpGoesOutEveryIntervalRoundedUpToAMicrosecond() {
    // the bound above is also reached: arrivals k µs, k = 0..n−1, a CNP every m = ceil(I / 1 µs)
    // arrivals, ceil(n / m) CNPs; e.g. I = 4 µs, n = 10: CNPs at 0, 4, 8 µs
    Random random = new Random(42);
    for (int trial = 0; trial < 200; trial++) {
      long interval = 1_000 + (long) random.nextInt(100_000_000);
      int arrivals = 1 + random.nextInt(5_000);
      long everyArrivals = Math.max(1, (interval + US - 1) / US);

      List<Long> cnps = cnpTimes(new CnpPacer(interval), 0, 1 * US, arrivals * US);

      assertThat((long) cnps.size())
          .as("CNPs for %d marks with interval %d ps", arrivals, interval)
          .isEqualTo((arrivals + everyArrivals - 1) / everyArrivals);
    }
    assertThat(cnpTimes(new CnpPacer(4 * US), 0, 1 * US, 10 * US))
        .containsExactly(0L, 4 * US, 8 * US);
  }

  @Test
  void withIrregularMarksACnpGoesOutExactlyWhenAnIntervalHasPassed() {
    // CNPs at least one interval apart bound any window; no mark after a full interval is lost
    Random random = new Random(42);
    for (int trial = 0; trial < 100; trial++) {
      long interval = 1_000 + (long) random.nextInt(100_000_000);
      var pacer = new CnpPacer(interval);
      long lastCnp = Long.MIN_VALUE;
      long now = 0;
      for (int i = 0; i < 20_000; i++) {
        now += random.nextInt(3 * (int) US); // bursts (gap 0) and lulls
        boolean expected = lastCnp == Long.MIN_VALUE || now - lastCnp >= interval;
        assertThat(pacer.tryCnp(now))
            .as("mark at %d ps, interval %d ps", now, interval)
            .isEqualTo(expected);
        if (expected) {
          lastCnp = now;
        }
      }
      assertThat(pacer.cnpsSent() + pacer.marksCoalesced()).isEqualTo(20_000);
    }
  }

  @Test
  void aZeroIntervalSendsACnpForEveryMarkedPacket() {
    // min_time_between_cnps = 0, or ns-3 HPCC's CNP flag on the ACK of every marked packet
    CnpPacer pacer = new CnpPacer(0);

    for (long t = 0; t < 100; t++) {
      assertThat(pacer.tryCnp(t / 4)).as("marked packet %d", t).isTrue();
    }
    assertThat(pacer.cnpsSent()).isEqualTo(100);
    assertThat(pacer.marksCoalesced()).isZero();
  }

  @Test
  void rejectsANegativeInterval() {
    assertThatThrownBy(() -> new CnpPacer(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("intervalPs must be >= 0 but was -1");
  }

  private static List<Long> cnpTimes(CnpPacer pacer, long start, long gap, long end) {
    List<Long> times = new ArrayList<>();
    for (long t = start; t < end; t += gap) {
      if (pacer.tryCnp(t)) {
        times.add(t);
      }
    }
    return times;
  }
}
