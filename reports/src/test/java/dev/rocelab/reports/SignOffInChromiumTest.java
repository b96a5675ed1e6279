package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a generated sign-off in Debian's headless Chromium, served over HTTP as a CI artefact
 * server would: the sign-off page must show the verdicts, the phase report must render Allure's
 * charts, and a chart attached to a run must render as SVG. Skipped, saying why, where Chromium is
 * not installed; CI installs it ({@code .ci/run}).
 */
class SignOffInChromiumTest {

  static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  @TempDir static Path work;

  static Path output;
  static HttpServer server;

  @BeforeAll
  static void signOffAndServe() throws IOException {
    assumeTrue(
        Files.isExecutable(CHROMIUM),
        "Chromium is not installed at "
            + CHROMIUM
            + " (apt-get install -y chromium); CI installs it");
    Path results = work.resolve("allure-results");
    AllureRecording.run(
        results,
        SignOffFixtures.BaselineTestCase.class,
        SignOffFixtures.SyntheticLoadTestCase.class,
        SignOffFixtures.FailuresTestCase.class);
    output = work.resolve("signoff");
    SignOff.run(
        new String[] {
          "--results",
          results.toString(),
          "--output",
          output.toString(),
          "--allure",
          System.getProperty("rocelab.allure.home")
        },
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        System.err);

    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Path file = output.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          if (Files.isDirectory(file)) {
            file = file.resolve("index.html");
          }
          if (!file.startsWith(output) || !Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
            return;
          }
          exchange.getResponseHeaders().set("Content-Type", contentType(file));
          exchange.sendResponseHeaders(200, Files.size(file));
          try (OutputStream body = exchange.getResponseBody()) {
            Files.copy(file, body);
          }
        });
    server.start();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void theSignOffPageShowsEachPhasesVerdict() throws Exception {
    String dom = dumpDom("/index.html");

    assertThat(dom).contains("<title>rocelab sign-off: failed</title>");
    assertThat(dom).containsPattern("data-phase=\"Baseline\">.*?verdict-passed\">passed<");
    assertThat(dom).containsPattern("data-phase=\"Synthetic load\">.*?verdict-failed\">failed<");
    assertThat(dom).containsPattern("data-phase=\"Failures\">.*?verdict-broken\">broken<");
    assertThat(dom).containsPattern("data-phase=\"Laboratory\">.*?verdict-not-run\">not run<");
    assertThat(dom).contains("Latency regression");
    assertThat(dom)
        .containsPattern("(?s)<dl id=\"audit\">\\s*<dt>signed off</dt>.*?<dt>commit</dt>")
        .containsPattern(
            "<dt>fabric</dt><dd>reference \\(fabrics/reference.yaml\\) · SHA-256 [0-9a-f]{64}</dd>");
  }

  @Test
  void thePhaseReportRendersAllureChartsInTheBrowser() throws Exception {
    String dom = dumpDom("/synthetic-load/index.html");

    // the overview is drawn by the report's scripts: without them the body is empty
    assertThat(dom).contains("rocelab · Synthetic load");
    // the status pie chart, drawn with d3 once the report's data has loaded
    assertThat(dom)
        .containsPattern(
            "(?s)<svg class=\"chart__svg\">.*?<path class=\"chart__arc chart__fill_status_failed\"");
  }

  @Test
  void aRunsChartAttachmentRendersAsSvg() throws Exception {
    Path chart;
    try (Stream<Path> files = Files.list(output.resolve("synthetic-load/data/attachments"))) {
      chart =
          files
              .filter(f -> f.toString().endsWith(".svg") && contains(f, "Egress queue depth"))
              .findFirst()
              .orElseThrow(
                  () ->
                      new AssertionError(
                          "no queue depth chart among the phase report's attachments"));
    }
    String dom = dumpDom("/synthetic-load/data/attachments/" + chart.getFileName());

    assertThat(dom)
        .contains("<svg")
        .contains("Egress queue depth · incast")
        .contains("class=\"series\"");
  }

  private static boolean contains(Path file, String text) {
    try {
      return Files.readString(file).contains(text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Loads a page in headless Chromium, lets its scripts run for a few seconds of virtual time, and
   * returns the DOM.
   */
  static String dumpDom(String path) throws Exception {
    Path profile = Files.createTempDirectory(work, "chromium-profile");
    List<String> command =
        new ArrayList<>(
            List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--user-data-dir=" + profile,
                "--virtual-time-budget=15000",
                "--dump-dom",
                "http://127.0.0.1:" + server.getAddress().getPort() + path));
    Process chromium =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    chromium.getOutputStream().close();
    String dom;
    try (InputStream in = chromium.getInputStream()) {
      dom = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(chromium.waitFor(2, TimeUnit.MINUTES)).as("Chromium finished").isTrue();
    assertThat(chromium.exitValue()).as("Chromium's exit status for " + path).isZero();
    return dom;
  }

  private static String contentType(Path file) {
    String name = file.getFileName().toString();
    if (name.endsWith(".html")) {
      return "text/html; charset=utf-8";
    }
    if (name.endsWith(".svg")) {
      return "image/svg+xml";
    }
    if (name.endsWith(".js")) {
      return "application/javascript";
    }
    if (name.endsWith(".css")) {
      return "text/css";
    }
    if (name.endsWith(".json")) {
      return "application/json";
    }
    return "application/octet-stream";
  }
}
