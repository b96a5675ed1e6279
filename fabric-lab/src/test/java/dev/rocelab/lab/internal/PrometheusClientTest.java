package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.rocelab.lab.LabException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus client over real HTTP (the JDK's server standing in for Prometheus' API): a URL's
 * user-info goes as basic authentication and its query parameters with every query, configured
 * headers are sent, and no failure message shows a credential.
 */
class PrometheusClientTest {

  private static final String ANSWER =
      "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":"
          + "[{\"metric\":{\"device\":\"leaf1\"},\"value\":[1700000000.5,\"42\"]}]}}";

  private HttpServer server;
  private final List<String> seen = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          seen.add(
              exchange.getRequestURI()
                  + " | "
                  + exchange.getRequestHeaders().getFirst("Authorization")
                  + " | "
                  + exchange.getRequestHeaders().getFirst("X-Scope-OrgID"));
          byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void userInfoIsSentAsBasicAuthenticationAndTheUrlsQueryWithEveryQuery() {
    URI url =
        URI.create(
            "http://alice:pw-1f9c@127.0.0.1:" + server.getAddress().getPort() + "/prom?tenant=t1");
    PrometheusClient client = new PrometheusClient(url, Map.of("X-Scope-OrgID", "lab"));

    List<PrometheusClient.Series> series = client.query("up", Instant.ofEpochSecond(1_700_000_000));

    assertThat(series)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.labels()).containsEntry("device", "leaf1");
              assertThat(s.samples().get(0).value()).isEqualTo(42.0);
            });
    String basic =
        "Basic "
            + Base64.getEncoder().encodeToString("alice:pw-1f9c".getBytes(StandardCharsets.UTF_8));
    assertThat(seen)
        .singleElement()
        .asString()
        .startsWith("/prom/api/v1/query?query=up&time=1.7E9&tenant=t1 | " + basic + " | lab");
  }

  @Test
  void aConfiguredAuthorizationHeaderWinsOverUserInfo() {
    URI url = URI.create("http://alice:pw@127.0.0.1:" + server.getAddress().getPort());
    new PrometheusClient(url, Map.of("Authorization", "Bearer tok-77aa"))
        .query("up", Instant.EPOCH);

    assertThat(seen).singleElement().asString().contains("| Bearer tok-77aa |");
  }

  @Test
  void aFailureNamesTheServerWithoutItsCredentials() {
    int port = server.getAddress().getPort();
    server.stop(0);
    PrometheusClient client =
        new PrometheusClient(
            URI.create("http://alice:pw-5e5e@127.0.0.1:" + port + "/?access_token=tok-5e5e"),
            Map.of());

    assertThatThrownBy(() -> client.query("up", Instant.EPOCH))
        .isInstanceOf(LabException.class)
        .hasMessageContaining("Prometheus at http://127.0.0.1:" + port + "/ did not answer")
        .hasMessageNotContaining("pw-5e5e")
        .hasMessageNotContaining("tok-5e5e");
  }
}
