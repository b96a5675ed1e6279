package dev.rocelab.calibration.synthetic;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongBinaryOperator;

/**
 * The synthetic lab's Prometheus: its HTTP API ({@code /api/v1/query} and {@code
 * /api/v1/query_range}, Prometheus' JSON) over the switch counters of every served scenario's model
 * run. A query is the name of one {@link SwitchCounter}'s metric; it returns one series per switch
 * port and priority the model counted on, labelled {@code device}, {@code interface} and {@code
 * priority}.
 *
 * <p>A counter at a time is the sum of the totals of the runs that had begun by then (see {@link
 * ServedRun#begin()}): it steps up the moment a scenario's first client or launcher command runs.
 * The buffer and headroom gauges are what a watermark exporter scraped every {@code scrape}
 * reports: the peak of a run whose commands ran since the scrape before, else 0.
 */
final class PrometheusStandIn implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  static {
    // The JDK's server flushes a response's headers before its body: without TCP_NODELAY, Nagle's
    // algorithm holds the body back until the client's delayed ACK, some 40 ms per query
    // (JDK-6968351). Read once, when the JVM's first HttpServer starts.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private final Duration scrape;
  private final List<ServedRun> runs = new CopyOnWriteArrayList<>();
  private final HttpServer http;

  /**
   * Starts the server on a free port of 127.0.0.1.
   *
   * @param scrape the scrape interval the gauge's watermark spans
   * @throws IOException if it cannot listen
   */
  PrometheusStandIn(Duration scrape) throws IOException {
    this.scrape = scrape;
    http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    http.createContext("/api/v1/", this::handle);
    http.start();
  }

  /**
   * @return the server's base URL
   */
  String url() {
    return "http://127.0.0.1:" + http.getAddress().getPort();
  }

  /**
   * Serves a scenario's counters too, from when its run begins.
   *
   * @param run the scenario's model run
   */
  void add(ServedRun run) {
    runs.add(run);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      Map<String, String> parameters = parameters(exchange.getRequestURI().getRawQuery());
      int status = 200;
      ObjectNode body;
      try {
        SwitchCounter counter =
            SwitchCounter.byMetric(required(parameters, "query"))
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "the synthetic lab serves only the metrics "
                                + Arrays.stream(SwitchCounter.values())
                                    .map(SwitchCounter::metric)
                                    .toList()
                                + ", queried by name; got "
                                + parameters.get("query")));
        body =
            switch (exchange.getRequestURI().getPath()) {
              case "/api/v1/query" -> instant(counter, parameters);
              case "/api/v1/query_range" -> range(counter, parameters);
              default ->
                  throw new IllegalArgumentException(
                      "no such endpoint: " + exchange.getRequestURI().getPath());
            };
      } catch (IllegalArgumentException e) {
        status = 400;
        body = JSON.createObjectNode();
        body.put("status", "error").put("errorType", "bad_data").put("error", e.getMessage());
      }
      byte[] bytes = JSON.writeValueAsBytes(body);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } finally {
      exchange.close();
    }
  }

  private ObjectNode instant(SwitchCounter counter, Map<String, String> parameters) {
    Instant at = parameters.containsKey("time") ? time(parameters.get("time")) : Instant.now();
    ObjectNode body = success("vector");
    ArrayNode result = (ArrayNode) body.get("data").get("result");
    for (SwitchQueue queue : queues()) {
      ObjectNode series = series(result, counter, queue);
      sample(series.putArray("value"), at, value(counter, queue, at));
    }
    return body;
  }

  private ObjectNode range(SwitchCounter counter, Map<String, String> parameters) {
    Instant start = time(required(parameters, "start"));
    Instant end = time(required(parameters, "end"));
    Duration step = Duration.ofMillis(Math.round(seconds(required(parameters, "step")) * 1000));
    if (step.isZero() || step.isNegative()) {
      throw new IllegalArgumentException("step must be positive");
    }
    ObjectNode body = success("matrix");
    ArrayNode result = (ArrayNode) body.get("data").get("result");
    for (SwitchQueue queue : queues()) {
      ArrayNode values = series(result, counter, queue).putArray("values");
      for (Instant t = start; !t.isAfter(end); t = t.plus(step)) {
        sample(values.addArray(), t, value(counter, queue, t));
      }
    }
    return body;
  }

  /**
   * @return the counter's value: the runs' totals summed, or a gauge's largest level
   */
  private long value(SwitchCounter counter, SwitchQueue queue, Instant at) {
    LongBinaryOperator merge = counter.gauge() ? Math::max : Long::sum;
    long value = 0;
    for (ServedRun run : runs) {
      value =
          merge.applyAsLong(
              value,
              counter.gauge()
                  ? run.level(queue, counter, at, scrape)
                  : run.counted(queue, counter, at));
    }
    return value;
  }

  private SortedSet<SwitchQueue> queues() {
    SortedSet<SwitchQueue> queues = new TreeSet<>();
    runs.forEach(run -> queues.addAll(run.queues()));
    return queues;
  }

  private static ObjectNode success(String resultType) {
    ObjectNode body = JSON.createObjectNode().put("status", "success");
    ObjectNode data = body.putObject("data").put("resultType", resultType);
    data.putArray("result");
    return body;
  }

  private static ObjectNode series(ArrayNode result, SwitchCounter counter, SwitchQueue queue) {
    ObjectNode series = result.addObject();
    series
        .putObject("metric")
        .put("__name__", counter.metric())
        .put("device", queue.port().device())
        .put("interface", queue.port().port())
        .put("priority", Integer.toString(queue.priority()));
    return series;
  }

  /** A sample as Prometheus writes one: seconds since the epoch, and the value as a string. */
  private static void sample(ArrayNode pair, Instant at, long value) {
    pair.add(BigDecimal.valueOf(at.toEpochMilli(), 3)).add(Long.toString(value));
  }

  private static Map<String, String> parameters(String rawQuery) {
    Map<String, String> parameters = new HashMap<>();
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&")) {
        int equals = pair.indexOf('=');
        if (equals > 0) {
          parameters.put(
              URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
              URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return parameters;
  }

  private static String required(Map<String, String> parameters, String name) {
    String value = parameters.get(name);
    if (value == null) {
      throw new IllegalArgumentException("parameter " + name + " is missing");
    }
    return value;
  }

  private static Instant time(String text) {
    return Instant.ofEpochMilli(Math.round(seconds(text) * 1000));
  }

  private static double seconds(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number of seconds: " + text, e);
    }
  }

  /** Stops serving. */
  @Override
  public void close() {
    http.stop(0);
  }
}
