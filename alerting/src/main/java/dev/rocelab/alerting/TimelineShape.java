package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The operational timeline a run is projected onto: how often Prometheus scrapes and how long each
 * phase of the run is held — before the fault, the fault itself, after recovery. A run with no
 * fault is one steady phase held for the sum of the three.
 *
 * <p>The defaults ({@link #DEFAULT}): a 15 s scrape interval (Prometheus' usual setting for switch
 * exporters) and 5 minutes per phase — long enough for rules with {@code for:} clauses of a few
 * minutes to fire or stay silent on the phase's steady state.
 *
 * @param scrapeInterval time between scrapes, > 0
 * @param before how long the pre-fault phase is held, a positive multiple of the scrape interval
 * @param during how long the fault is held, a positive multiple of the scrape interval; a fault
 *     that escalates (a second fault strikes before the first recovered) holds each of its phases
 *     this long, and a degradation (a degrading optic) is held as five steps of a fifth of it each
 *     when it is a multiple of five scrape intervals (otherwise as one level)
 * @param after how long the post-recovery phase is held, a positive multiple of the scrape interval
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TimelineShape(
    Duration scrapeInterval, Duration before, Duration during, Duration after) {

  /** 15 s scrapes; 5 minutes before, during and after the fault. */
  public static final TimelineShape DEFAULT =
      new TimelineShape(
          Duration.ofSeconds(15),
          Duration.ofMinutes(5),
          Duration.ofMinutes(5),
          Duration.ofMinutes(5));

  /** Validates the durations. */
  public TimelineShape {
    Objects.requireNonNull(scrapeInterval, "scrapeInterval must not be null");
    if (scrapeInterval.isNegative() || scrapeInterval.isZero() || scrapeInterval.toMillis() == 0) {
      throw new IllegalArgumentException(
          "scrapeInterval must be at least 1ms but was " + scrapeInterval);
    }
    check("before", before, scrapeInterval);
    check("during", during, scrapeInterval);
    check("after", after, scrapeInterval);
  }

  private static void check(String field, Duration phase, Duration scrape) {
    Objects.requireNonNull(phase, field + " must not be null");
    if (phase.isNegative()
        || phase.isZero()
        || phase.toMillis() % scrape.toMillis() != 0
        || phase.toNanos() % 1_000_000 != 0) {
      throw new IllegalArgumentException(
          field
              + " must be a positive multiple of the scrape interval "
              + scrape
              + " but was "
              + phase);
    }
  }

  /**
   * @param interval a scrape interval
   * @return a copy scraping at that interval
   */
  public TimelineShape withScrapeInterval(Duration interval) {
    return new TimelineShape(interval, before, during, after);
  }

  /**
   * @param before how long the pre-fault phase is held
   * @param during how long the fault is held
   * @param after how long the post-recovery phase is held
   * @return a copy with those phase durations
   */
  public TimelineShape withPhases(Duration before, Duration during, Duration after) {
    return new TimelineShape(scrapeInterval, before, during, after);
  }
}
