package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --json} and {@code validate --sarif}: the same verdicts, for machines. */
class ValidateMachineReadableTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MISCONFIGURED =
      Path.of("..", "fabrics", "examples", "misconfigured.yaml").toString();

  @TempDir Path dir;

  @Nested
  class Json {

    @Test
    void everyFileGetsItsVerdictAndTheWorstExitCodeWins() throws IOException {
      Path syntax = Files.writeString(dir.resolve("syntax.yaml"), "name: x\ntopology: [\n");
      Path missing = dir.resolve("nope.yaml");

      CommandRun run =
          rocelab(
              "validate",
              "--json",
              REFERENCE.toString(),
              MISCONFIGURED,
              syntax.toString(),
              missing.toString());

      assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
      assertThat(run.err()).isEmpty();
      JsonNode json = JSON.readTree(run.out());
      assertThat(json.get("exitCode").asInt()).isEqualTo(Rocelab.ERRORS);
      assertThat(json.get("files").findValuesAsText("verdict"))
          .containsExactly("valid", "drift", "errors", "unreadable");
      assertThat(json.get("files").findValuesAsText("exitCode"))
          .containsExactly("0", "3", "2", "2");
      assertThat(json.at("/files/0/fabric/gpus").asInt()).isEqualTo(64);
      assertThat(json.at("/files/0/problems")).isEmpty();
      assertThat(json.at("/files/1/drift").asInt()).isEqualTo(5);
      assertThat(json.at("/files/1/errors").asInt()).isZero();
      assertThat(json.at("/files/1/problems/0/path").asText())
          .isEqualTo("switchProfiles.spectrum4.headroom");
      assertThat(json.at("/files/1/problems/0/severity").asText()).isEqualTo("drift");
      assertThat(json.at("/files/2/fabric").isMissingNode()).isTrue();
      assertThat(json.at("/files/2/problems/0/line").asInt()).isEqualTo(3);
      assertThat(json.at("/files/3/message").asText()).isEqualTo("no such file: " + missing);
    }

    @Test
    void theProblemsAreTheLinesTheTextFormPrints() throws IOException {
      JsonNode json = JSON.readTree(rocelab("validate", "--json", MISCONFIGURED).out());

      CommandRun text = rocelab("validate", MISCONFIGURED);

      assertThat(json.at("/files/0/problems").findValuesAsText("text"))
          .containsExactlyElementsOf(text.outLines().subList(0, 5));
    }
  }

  @Nested
  class Sarif {

    private final JsonSchema schema = sarifSchema();

    @Test
    void aDriftingAndABrokenFileGiveOneLocatedResultPerProblem() throws IOException {
      Path syntax = Files.writeString(dir.resolve("syntax.yaml"), "name: x\ntopology: [\n");

      CommandRun run = rocelab("validate", "--sarif", MISCONFIGURED, syntax.toString());

      assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
      JsonNode log = JSON.readTree(run.out());
      assertThat(schema.validate(log)).isEmpty();
      JsonNode results = log.at("/runs/0/results");
      assertThat(results.findValuesAsText("ruleId"))
          .containsExactly(
              "fabric-drift",
              "fabric-drift",
              "fabric-drift",
              "fabric-drift",
              "fabric-drift",
              "fabric-error");
      JsonNode first = results.get(0);
      assertThat(first.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
          .isEqualTo("../fabrics/examples/misconfigured.yaml");
      assertThat(first.at("/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(32);
      assertThat(first.at("/locations/0/physicalLocation/region/startColumn").asInt()).isEqualTo(7);
      assertThat(first.at("/locations/0/logicalLocations/0/fullyQualifiedName").asText())
          .isEqualTo("switchProfiles.spectrum4.headroom");
      assertThat(first.at("/message/text").asText()).startsWith("XOFF 48KiB for lossless");
      assertThat(results.get(5).at("/locations/0/physicalLocation/artifactLocation/uri").asText())
          .isEqualTo(syntax.toUri().toString());
      assertThat(log.at("/runs/0/tool/driver/rules").findValuesAsText("id"))
          .containsExactly(ValidateSarif.ERROR_RULE, ValidateSarif.DRIFT_RULE);
      assertThat(log.at("/runs/0/invocations/0/executionSuccessful").asBoolean()).isTrue();
    }

    @Test
    void aValidFabricHasNoResults() throws IOException {
      CommandRun run = rocelab("validate", "--sarif", REFERENCE.toString());

      assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
      JsonNode log = JSON.readTree(run.out());
      assertThat(schema.validate(log)).isEmpty();
      assertThat(log.at("/runs/0/results")).isEmpty();
      assertThat(log.at("/runs/0/tool/driver/version").asText())
          .isEqualTo(VersionProvider.version());
    }

    @Test
    void aMissingFileIsANotificationAndTheRunDidNotSucceed() throws IOException {
      Path missing = dir.resolve("nope.yaml");

      CommandRun run = rocelab("validate", "--sarif", missing.toString());

      assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
      JsonNode log = JSON.readTree(run.out());
      assertThat(schema.validate(log)).isEmpty();
      assertThat(log.at("/runs/0/invocations/0/executionSuccessful").asBoolean()).isFalse();
      assertThat(log.at("/runs/0/invocations/0/toolExecutionNotifications/0/message/text").asText())
          .isEqualTo("no such file: " + missing);
    }

    @Test
    void theSchemaTheseTestsHoldTheLogToRefusesWhatIsNotSarif() throws IOException {
      JsonNode notSarif = JSON.readTree("{\"version\": \"2.1.0\", \"runs\": [{\"results\": []}]}");

      assertThat(schema.validate(notSarif)).singleElement().asString().contains("tool");
    }

    @Test
    void fileNamesBecomeUriReferences() {
      assertThat(ValidateSarif.uri(Path.of("fabrics", "my lab.yaml")))
          .isEqualTo("fabrics/my%20lab.yaml");
      assertThat(ValidateSarif.uri(Path.of("c:fabric.yaml"))).isEqualTo("./c:fabric.yaml");
      assertThat(ValidateSarif.uri(Path.of("/srv/fabric.yaml")))
          .isEqualTo("file:///srv/fabric.yaml");
    }
  }

  @Test
  void jsonAndSarifTogetherAreAUsageError() {
    CommandRun run = rocelab("validate", "--json", "--sarif", REFERENCE.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains("mutually exclusive");
  }

  /** The SARIF 2.1.0 schema (OASIS; the copy @microsoft/jest-sarif ships), draft-04. */
  private static JsonSchema sarifSchema() {
    try (InputStream in =
        ValidateMachineReadableTest.class.getResourceAsStream("/sarif/sarif-2.1.0-rtm.5.json")) {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
