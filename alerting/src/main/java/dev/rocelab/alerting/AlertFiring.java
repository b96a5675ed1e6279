package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * An alert that fired on an operational timeline: one alert name and label set, when it first and
 * last fired (at the rule evaluations promtool checked, one per scrape interval).
 *
 * @param alertname the alerting rule's name
 * @param labels the alert's labels, without {@code alertname}, sorted by name
 * @param annotations its annotations as of its first firing, sorted by name
 * @param firstFiring the first evaluation at which it was firing, on the timeline
 * @param lastFiring the last evaluation at which it was firing
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AlertFiring(
    String alertname,
    Map<String, String> labels,
    Map<String, String> annotations,
    Duration firstFiring,
    Duration lastFiring) {

  /** Validates the fields and sorts the maps. */
  public AlertFiring {
    Objects.requireNonNull(alertname, "alertname must not be null");
    labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    annotations = Collections.unmodifiableMap(new TreeMap<>(annotations));
    Objects.requireNonNull(firstFiring, "firstFiring must not be null");
    Objects.requireNonNull(lastFiring, "lastFiring must not be null");
    if (lastFiring.compareTo(firstFiring) < 0) {
      throw new IllegalArgumentException(
          "lastFiring " + lastFiring + " must not be before firstFiring " + firstFiring);
    }
  }

  /**
   * @param expected labels the alert must carry
   * @return whether it carries each with the same value
   */
  public boolean hasLabels(Map<String, String> expected) {
    return expected.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
  }

  @Override
  public String toString() {
    return alertname
        + labels
        + " firing from "
        + AlertReport.format(firstFiring)
        + " to "
        + AlertReport.format(lastFiring);
  }
}
