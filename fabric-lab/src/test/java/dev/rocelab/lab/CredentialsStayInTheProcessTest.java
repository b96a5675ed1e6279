package dev.rocelab.lab;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.reports.AllureRecording;
import dev.rocelab.reports.SignOff;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * Credentials never leave the process. A fabric file carries a distinct planted secret in every
 * place a credential can be given — Prometheus URL user-info (literal and from the environment), a
 * token query parameter, a token in the URL's path from the environment, a literal and an {@code
 * ${env:…}} request header, a fault command's bearer header, an SSH key passphrase from the
 * environment — and is run as users run it, recording for Allure: on the lab backend against the
 * lab in containers (a healthy run, whose Prometheus ignores the credentials it is sent), on the
 * model backend (the effective configuration of a fabric with a lab section), and on the lab with
 * Prometheus unreachable (a broken test, its error and stack trace recorded). Then the sign-off is
 * written from those results with the real Allure command line. Every file written and everything
 * printed is searched for each secret, and for the basic authentication header made of the
 * user-info: none may appear.
 *
 * <p>The values read through {@code ${env:…}} are set in this module's Surefire configuration.
 */
@Testcontainers(disabledWithoutDocker = true)
class CredentialsStayInTheProcessTest {

  private static final String URL_PASSWORD = "planted-url-password-a41c";
  private static final String QUERY_TOKEN = "planted-query-token-27e9";
  private static final String HEADER_KEY = "planted-header-key-9b3f";
  private static final String RESET_QUERY = "planted-reset-query-c0d2";

  /** The environment variable holding each secret that is read through {@code ${env:…}}. */
  private static final Map<String, String> FROM_ENVIRONMENT =
      Map.of(
          "ROCELAB_TEST_PROM_USER", "planted-env-user-6c2e",
          "ROCELAB_TEST_PROM_TOKEN", "planted-env-token-8f1a",
          "ROCELAB_TEST_PROM_PATH_TOKEN", "planted-env-path-token-e5a7",
          "ROCELAB_TEST_RESET_TOKEN", "planted-env-reset-token-3d97",
          "ROCELAB_TEST_KEY_PASSPHRASE", "planted-env-passphrase-51b0");

  @TempDir static Path written;

  private static LabContainers lab;
  private static final Map<String, TestExecutionSummary> runs = new LinkedHashMap<>();
  private static String printed;
  private static int signOffStatus;

  @BeforeAll
  static void runEveryPathAndSignOff() throws Exception {
    FROM_ENVIRONMENT.forEach(
        (name, value) ->
            assertThat(System.getenv(name))
                .as("environment variable %s, set by fabric-lab's Surefire configuration", name)
                .isEqualTo(value));
    lab = new LabContainers();
    Path planted = plant(lab, lab.prometheusAddress(), written.resolve("lab.yaml"));
    // a proxy that takes its token in the path: the error names the server's address, path and all
    Path unreachable =
        plant(
            lab,
            "127.0.0.1:1/${env:ROCELAB_TEST_PROM_PATH_TOKEN}",
            written.resolve("lab-unreachable.yaml"));
    Path results = written.resolve("allure-results");

    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream capture = new PrintStream(console, true, StandardCharsets.UTF_8);
    System.setOut(capture);
    System.setErr(capture);
    try {
      runs.put(
          "lab",
          AllureRecording.run(
              results,
              Map.of(FabricTest.FABRIC_PROPERTY, planted.toString()),
              SuiteTestCase.class));
      runs.put(
          "model",
          AllureRecording.run(
              results,
              Map.of(
                  FabricTest.FABRIC_PROPERTY,
                  planted.toString(),
                  FabricTest.BACKEND_PROPERTY,
                  "model"),
              SuiteTestCase.class));
      runs.put(
          "unreachable",
          AllureRecording.run(
              results,
              Map.of(FabricTest.FABRIC_PROPERTY, unreachable.toString()),
              SuiteTestCase.class));
      signOffStatus =
          SignOff.run(
              new String[] {
                "--results",
                results.toString(),
                "--output",
                written.resolve("signoff").toString(),
                "--allure",
                System.getProperty("rocelab.allure.home")
              },
              capture,
              capture);
    } finally {
      System.setOut(out);
      System.setErr(err);
      printed = console.toString(StandardCharsets.UTF_8);
    }
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void everyPathRanAsExpected() {
    assertThat(runs.get("lab").getTestsSucceededCount())
        .as("lab run passed: %s", failures("lab"))
        .isEqualTo(1);
    assertThat(runs.get("model").getTestsSucceededCount())
        .as("model run passed: %s", failures("model"))
        .isEqualTo(1);
    assertThat(runs.get("unreachable").getTestsFailedCount())
        .as("unreachable lab broke")
        .isEqualTo(1);
    assertThat(runs.get("unreachable").getFailures().get(0).getException())
        .isInstanceOf(LabException.class)
        .hasMessageContaining("Prometheus");
    assertThat(signOffStatus).as("sign-off status: the Baseline phase broke").isEqualTo(1);
  }

  private static List<String> failures(String run) {
    return runs.get(run).getFailures().stream().map(f -> String.valueOf(f.getException())).toList();
  }

  @Test
  void whatWasWrittenShowsTheConfigurationWithItsCredentialsMasked() throws IOException {
    List<String> configurations = new ArrayList<>();
    for (Path file : filesWritten()) {
      String text = Files.readString(file, StandardCharsets.ISO_8859_1);
      if (file.startsWith(written.resolve("allure-results"))
          && text.startsWith("# effective configuration")) {
        configurations.add(text);
      }
    }

    // the secrets' fields were written, masked: a search that finds nothing has looked where they
    // would be
    assertThat(configurations)
        .isNotEmpty()
        .allSatisfy(
            text ->
                assertThat(text)
                    .contains("prometheus: http://***@")
                    .contains("token=***")
                    .contains("Authorization: 'Bearer ${env:ROCELAB_TEST_PROM_TOKEN}'")
                    .contains("X-Api-Key: '***'")
                    .contains("passphraseEnv: ROCELAB_TEST_KEY_PASSPHRASE"));
    assertThat(written.resolve("signoff/index.html")).exists();
  }

  @Test
  void noSecretAppearsInAnyFileWrittenOrAnythingPrinted() throws IOException {
    List<String> secrets =
        new ArrayList<>(List.of(URL_PASSWORD, QUERY_TOKEN, HEADER_KEY, RESET_QUERY));
    secrets.addAll(FROM_ENVIRONMENT.values());
    String user = FROM_ENVIRONMENT.get("ROCELAB_TEST_PROM_USER");
    // the basic authentication header that is sent, never written
    secrets.add(
        Base64.getEncoder()
            .encodeToString((user + ":" + URL_PASSWORD).getBytes(StandardCharsets.UTF_8)));

    List<Path> files = filesWritten();
    assertThat(files).as("files written").hasSizeGreaterThan(20);
    List<String> leaks = new ArrayList<>();
    for (Path file : files) {
      // bytes as Latin-1: a secret is ASCII, and a binary file (a PNG) must not stop the search
      String text = Files.readString(file, StandardCharsets.ISO_8859_1);
      secrets.stream()
          .filter(text::contains)
          .forEach(secret -> leaks.add(secret + " in " + written.relativize(file)));
    }
    secrets.stream().filter(printed::contains).forEach(secret -> leaks.add(secret + " printed"));

    assertThat(leaks).as("secrets written").isEmpty();
  }

  private static List<Path> filesWritten() throws IOException {
    try (Stream<Path> walk = Files.walk(written)) {
      return walk.filter(Files::isRegularFile)
          // the fabric files are the user's own input, where the literal secrets were planted
          .filter(f -> !f.getParent().equals(written))
          .toList();
    }
  }

  /** The containers' fabric file with a credential in every field that takes one. */
  private static Path plant(LabContainers lab, String prometheus, Path to) throws IOException {
    String yaml = Files.readString(lab.fabricFile("id_rsa"));
    yaml =
        replaceOnce(
            yaml,
            "    prometheus: http://" + lab.prometheusAddress() + "\n",
            "    prometheus: http://${env:ROCELAB_TEST_PROM_USER}:"
                + URL_PASSWORD
                + "@"
                + prometheus
                + "/?token="
                + QUERY_TOKEN
                + "\n"
                + "    headers: {Authorization: \"Bearer ${env:ROCELAB_TEST_PROM_TOKEN}\", X-Api-Key: "
                + HEADER_KEY
                + "}\n");
    yaml =
        yaml.replace(
            "      knownHosts: ",
            "      passphraseEnv: ROCELAB_TEST_KEY_PASSPHRASE\n      knownHosts: ");
    yaml =
        replaceOnce(
            yaml,
            "  faults:\n",
            "  faults:\n"
                + "    reset: {via: http, url: \"https://{address}:8765/reset?api_key="
                + RESET_QUERY
                + "\", method: POST,"
                + " headers: {Authorization: \"Bearer ${env:ROCELAB_TEST_RESET_TOKEN}\"}}\n");
    try {
      return Files.writeString(to, yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String replaceOnce(String text, String what, String with) {
    assertThat(text).as("the containers' fabric file").containsOnlyOnce(what);
    return text.replace(what, with);
  }

  /**
   * A Baseline suite; its fabric, and whether it runs on the lab or the model, is given when it
   * runs.
   */
  @FabricTest(fabric = "container-lab.yaml", backend = "lab", phase = Phase.BASELINE)
  static class SuiteTestCase {

    @Baseline(flowSize = "16MiB")
    void baselineIsLossless(RunResult run) {
      assertThat(run).isLossless();
      assertThat(run).flows().allCompleted();
    }
  }
}
