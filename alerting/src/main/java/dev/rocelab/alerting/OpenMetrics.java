package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Writes an {@link OperationalTimeline} as OpenMetrics text (version 1.0.0): per family one {@code
 * # TYPE}, {@code # UNIT} (where it has a unit) and {@code # HELP}, then every sample of its series
 * with a timestamp in seconds, counters with the {@code _total} suffix, and {@code # EOF}. The
 * result loads into a Prometheus TSDB with {@code promtool tsdb create-blocks-from openmetrics FILE
 * DIR}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenMetrics {

  /** Where the timeline starts when no start is given: 2026-01-01T00:00:00Z. */
  public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

  private OpenMetrics() {}

  /**
   * Writes a timeline starting at {@link #DEFAULT_START}.
   *
   * @param timeline the timeline, never null
   * @param naming the metric and label names, never null
   * @return the OpenMetrics text
   */
  public static String write(OperationalTimeline timeline, MetricNaming naming) {
    return write(timeline, naming, DEFAULT_START);
  }

  /**
   * Writes a timeline.
   *
   * @param timeline the timeline, never null
   * @param naming the metric and label names, never null
   * @param start the wall-clock time of the timeline's first scrape, whole milliseconds
   * @return the OpenMetrics text
   */
  public static String write(OperationalTimeline timeline, MetricNaming naming, Instant start) {
    Objects.requireNonNull(timeline, "timeline must not be null");
    Objects.requireNonNull(naming, "naming must not be null");
    Objects.requireNonNull(start, "start must not be null");
    StringBuilder out = new StringBuilder();
    for (Metric metric : Metric.values()) {
      List<ProjectedSeries> family = timeline.series(metric);
      if (family.isEmpty()) {
        continue;
      }
      String name = naming.name(metric);
      out.append("# TYPE ")
          .append(name)
          .append(' ')
          .append(metric.type().name().toLowerCase(java.util.Locale.ROOT))
          .append('\n');
      if (!metric.unit().isEmpty()) {
        out.append("# UNIT ").append(name).append(' ').append(metric.unit()).append('\n');
      }
      out.append("# HELP ").append(name).append(' ').append(metric.help()).append('\n');
      for (ProjectedSeries series : family) {
        String prefix = naming.sampleName(metric) + labels(series.labels(), naming) + ' ';
        for (int i = 0; i < series.size(); i++) {
          if (Double.isNaN(series.value(i))) {
            continue; // no sample at this scrape
          }
          long millis = start.toEpochMilli() + timeline.scrapeTime(i).toMillis();
          out.append(prefix)
              .append(number(series.value(i)))
              .append(' ')
              .append(BigDecimal.valueOf(millis, 3).toPlainString())
              .append('\n');
        }
      }
    }
    return out.append("# EOF\n").toString();
  }

  /**
   * Labels as OpenMetrics and Prometheus write them: {@code {name="value",...}}, the value escaped
   * ({@code \\}, {@code \"}, {@code \n}); empty when there are none.
   *
   * @param labels the labels
   * @param naming their names
   * @return the label set
   */
  public static String labels(Map<MetricLabel, String> labels, MetricNaming naming) {
    if (labels.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("{");
    labels.forEach(
        (label, value) -> {
          if (out.length() > 1) {
            out.append(',');
          }
          out.append(naming.labels().name(label)).append("=\"").append(escape(value)).append('"');
        });
    return out.append('}').toString();
  }

  /**
   * @param value a label value
   * @return it escaped for a quoted label value
   */
  static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  /**
   * @param value a sample value
   * @return the value in plain decimal notation (no exponent), to 15 significant digits
   */
  public static String number(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("sample value must be finite but was " + value);
    }
    if (value == 0) {
      return "0";
    }
    return new BigDecimal(value)
        .round(new java.math.MathContext(15))
        .stripTrailingZeros()
        .toPlainString();
  }
}
