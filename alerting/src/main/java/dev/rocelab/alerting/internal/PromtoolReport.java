package dev.rocelab.alerting.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the failures {@code promtool test rules} (Prometheus 2.42, as Debian bookworm ships it)
 * reports for alert rule tests:
 *
 * <pre>
 *     alertname: RocePfcStorm, time: 5m30s,
 *         exp:[],
 *         got:[
 *             0:
 *               Labels:{alertname="RocePfcStorm", device="leaf1", port="eth1", severity="critical"}
 *               Annotations:{summary="..."},
 *             ]
 * </pre>
 *
 * Label and annotation values are Go-quoted strings.
 */
public final class PromtoolReport {

  private static final Pattern HEADER = Pattern.compile("^\\s*alertname: (.*), time: (\\S+),\\s*$");
  private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(ms|[ywdhms])");

  private PromtoolReport() {}

  /**
   * One failed alert rule test: what promtool got at one evaluation.
   *
   * @param alertname the rule tested
   * @param time the evaluation time
   * @param got the alerts firing then, labels including {@code alertname}
   */
  public record Failure(String alertname, Duration time, List<Alert> got) {}

  /**
   * One alert as promtool printed it.
   *
   * @param labels its labels
   * @param annotations its annotations
   */
  public record Alert(Map<String, String> labels, Map<String, String> annotations) {}

  /**
   * @param output promtool's output
   * @return the alert rule test failures it reports, in order
   */
  public static List<Failure> failures(String output) {
    List<Failure> failures = new ArrayList<>();
    String alertname = null;
    Duration time = null;
    List<Alert> got = null;
    Map<String, String> labels = null;
    for (String line : output.split("\n")) {
      Matcher header = HEADER.matcher(line);
      String trimmed = line.strip();
      if (header.matches()) {
        if (alertname != null) {
          failures.add(new Failure(alertname, time, got));
        }
        alertname = header.group(1);
        time = duration(header.group(2));
        got = new ArrayList<>();
        labels = null;
      } else if (alertname != null && trimmed.startsWith("Labels:{")) {
        labels = labelSet(trimmed.substring("Labels:".length()));
      } else if (alertname != null && trimmed.startsWith("Annotations:{") && labels != null) {
        String set = trimmed.substring("Annotations:".length());
        got.add(
            new Alert(
                labels, labelSet(set.endsWith(",") ? set.substring(0, set.length() - 1) : set)));
        labels = null;
      }
    }
    if (alertname != null) {
      failures.add(new Failure(alertname, time, got));
    }
    return failures;
  }

  /**
   * @param text a Prometheus duration as Go prints it, e.g. {@code 1h5m30s}, {@code 0s}, {@code
   *     500ms}
   * @return it
   */
  public static Duration duration(String text) {
    Matcher part = DURATION_PART.matcher(text);
    Duration d = Duration.ZERO;
    int end = 0;
    while (part.find()) {
      if (part.start() != end) {
        break;
      }
      long n = Long.parseLong(part.group(1));
      d =
          d.plus(
              switch (part.group(2)) {
                case "y" -> Duration.ofDays(365 * n);
                case "w" -> Duration.ofDays(7 * n);
                case "d" -> Duration.ofDays(n);
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                case "s" -> Duration.ofSeconds(n);
                default -> Duration.ofMillis(n);
              });
      end = part.end();
    }
    if (end != text.length() || text.isEmpty()) {
      throw new IllegalArgumentException("not a Prometheus duration: \"" + text + "\"");
    }
    return d;
  }

  /**
   * @param text {@code {name="value", ...}} with Go-quoted values
   * @return the names and values, in order
   */
  public static Map<String, String> labelSet(String text) {
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new IllegalArgumentException("not a label set: " + text);
    }
    Map<String, String> labels = new LinkedHashMap<>();
    int i = 1;
    int end = text.length() - 1;
    while (i < end) {
      int eq = text.indexOf("=\"", i);
      if (eq < 0) {
        throw new IllegalArgumentException("not a label set at " + i + ": " + text);
      }
      String name = text.substring(i, eq).strip();
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      while (text.charAt(j) != '"') {
        char c = text.charAt(j);
        if (c == '\\') {
          char next = text.charAt(++j);
          switch (next) {
            case 'n' -> value.append('\n');
            case 't' -> value.append('\t');
            case 'r' -> value.append('\r');
            case 'x' -> {
              value.append((char) Integer.parseInt(text.substring(j + 1, j + 3), 16));
              j += 2;
            }
            case 'u' -> {
              value.append((char) Integer.parseInt(text.substring(j + 1, j + 5), 16));
              j += 4;
            }
            default -> value.append(next);
          }
        } else {
          value.append(c);
        }
        j++;
      }
      labels.put(name, value.toString());
      i = j + 1;
      while (i < end && (text.charAt(i) == ',' || text.charAt(i) == ' ')) {
        i++;
      }
    }
    return labels;
  }
}
