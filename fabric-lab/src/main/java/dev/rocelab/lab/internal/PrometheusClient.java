package dev.rocelab.lab.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.lab.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads Prometheus' HTTP API: {@code /api/v1/query} and {@code /api/v1/query_range}. */
final class PrometheusClient {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private final URI base;
  private final String baseQuery;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  /**
   * @param url the server's base URL, filled: its user-info is sent as basic authentication and its
   *     query parameters with every query, and neither is ever shown
   * @param headers request headers for every query, filled
   */
  PrometheusClient(URI url, Map<String, String> headers) {
    String path =
        url.getRawPath() == null || url.getRawPath().isEmpty()
            ? "/"
            : url.getRawPath().endsWith("/") ? url.getRawPath() : url.getRawPath() + "/";
    this.base =
        URI.create(
            url.getScheme()
                + "://"
                + url.getRawAuthority()
                    .substring(url.getRawUserInfo() == null ? 0 : url.getRawUserInfo().length() + 1)
                + path);
    this.baseQuery = url.getRawQuery();
    if (url.getUserInfo() != null
        && headers.keySet().stream().noneMatch("Authorization"::equalsIgnoreCase)) {
      this.headers.put(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString(url.getUserInfo().getBytes(StandardCharsets.UTF_8)));
    }
    this.headers.putAll(headers);
  }

  /**
   * One series of a result.
   *
   * @param labels its labels
   * @param samples its samples, oldest first (one for an instant query)
   */
  record Series(Map<String, String> labels, List<Sample> samples) {}

  /**
   * One sample.
   *
   * @param time when
   * @param value its value
   */
  record Sample(Instant time, double value) {}

  /** Evaluates an instant query at a time. */
  List<Series> query(String promql, Instant at) {
    return get("api/v1/query?query=" + encode(promql) + "&time=" + seconds(at), promql);
  }

  /** Evaluates a range query. */
  List<Series> queryRange(String promql, Instant start, Instant end, Duration step) {
    return get(
        "api/v1/query_range?query="
            + encode(promql)
            + "&start="
            + seconds(start)
            + "&end="
            + seconds(end)
            + "&step="
            + (step.toMillis() / 1000.0),
        promql);
  }

  private List<Series> get(String path, String promql) {
    URI uri = base.resolve(baseQuery == null ? path : path + "&" + baseQuery);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
    headers.forEach(request::header);
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw failure("Prometheus at " + base + " did not answer: " + e, promql, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure("interrupted while querying Prometheus at " + base, promql, e);
    }
    JsonNode root;
    try {
      root = JSON.readTree(response.body());
    } catch (JsonProcessingException e) {
      throw failure(
          "Prometheus at " + base + " answered HTTP " + response.statusCode() + " with no JSON",
          promql,
          e);
    }
    if (!"success".equals(root.path("status").asText())) {
      throw failure(
          "Prometheus rejected the query (HTTP "
              + response.statusCode()
              + ", "
              + root.path("errorType").asText()
              + "): "
              + root.path("error").asText(),
          promql,
          null);
    }
    List<Series> result = new ArrayList<>();
    for (JsonNode series : root.at("/data/result")) {
      Map<String, String> labels = new LinkedHashMap<>();
      series
          .path("metric")
          .properties()
          .forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
      List<Sample> samples = new ArrayList<>();
      if (series.has("value")) {
        samples.add(sample(series.get("value")));
      }
      series.path("values").forEach(v -> samples.add(sample(v)));
      result.add(new Series(labels, samples));
    }
    return result;
  }

  private static Sample sample(JsonNode pair) {
    long millis = Math.round(pair.get(0).asDouble() * 1000);
    return new Sample(Instant.ofEpochMilli(millis), Double.parseDouble(pair.get(1).asText()));
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  private static String seconds(Instant time) {
    return String.valueOf(time.toEpochMilli() / 1000.0);
  }

  private static LabException failure(String problem, String promql, Throwable cause) {
    return new LabException(problem, "prometheus", "query " + promql, cause);
  }
}
