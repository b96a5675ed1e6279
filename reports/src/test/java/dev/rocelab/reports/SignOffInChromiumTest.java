package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import dev.rocelab.reports.internal.ChartFixture;
import java.awt.image.BufferedImage;
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
import javax.imageio.ImageIO;
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

  @Test
  void aChartsMarkersThresholdsAndLegendAreDrawnWhereTheyBelong() throws Exception {
    // a fault marker half way along a 0–100 µs window, a threshold at 40 of 0–50, one line
    Path svg = work.resolve("diagnostic-chart.svg");
    Files.writeString(svg, ChartFixture.svg());
    Path png = work.resolve("diagnostic-chart.png");
    screenshot(svg, png, ChartFixture.WIDTH, ChartFixture.HEIGHT);
    BufferedImage image = ImageIO.read(png.toFile());

    assertThat(
            colouredPixels(image, ChartFixture.MARKER_X, ChartFixture.MARKER_X, 60, 300, 0xc62828))
        .as("red fault marker pixels in its column")
        .isGreaterThan(150);
    assertThat(
            colouredPixels(
                image,
                80,
                640,
                ChartFixture.THRESHOLD_Y - 1,
                ChartFixture.THRESHOLD_Y + 1,
                0x555555))
        .as("grey dashes of the threshold on its row")
        .isGreaterThan(150);
    assertThat(colouredPixels(image, 662, 682, 54, 58, 0x1f77b4))
        .as("the legend's swatch in the line's colour")
        .isGreaterThan(20);
  }

  /** Pixels within a box whose colour is close to an RGB value. */
  private static int colouredPixels(BufferedImage image, int x0, int x1, int y0, int y1, int rgb) {
    int count = 0;
    for (int x = x0; x <= x1; x++) {
      for (int y = y0; y <= y1; y++) {
        int pixel = image.getRGB(x, y);
        if (Math.abs(((pixel >> 16) & 0xff) - ((rgb >> 16) & 0xff)) < 40
            && Math.abs(((pixel >> 8) & 0xff) - ((rgb >> 8) & 0xff)) < 40
            && Math.abs((pixel & 0xff) - (rgb & 0xff)) < 40) {
          count++;
        }
      }
    }
    return count;
  }

  private static void screenshot(Path page, Path png, int width, int height) throws Exception {
    Path profile = Files.createTempDirectory(work, "chromium-profile");
    Process chromium =
        new ProcessBuilder(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height,
                "--screenshot=" + png,
                page.toUri().toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(chromium.waitFor(2, TimeUnit.MINUTES)).as("Chromium finished").isTrue();
    assertThat(png).isRegularFile();
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
