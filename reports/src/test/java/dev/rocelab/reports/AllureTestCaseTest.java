package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Work that did not run as a JUnit test lands in the results as Allure writes its own. */
class AllureTestCaseTest {

  @TempDir Path results;

  private static AllureTestCase fit(AllureTestCase.Outcome outcome, Optional<String> message) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("suite", "reference");
    labels.put("feature", "calibration");
    return new AllureTestCase(
        "calibration · fitted parameters",
        "rocelab.calibration.reference.fitted parameters",
        outcome,
        message,
        "2 parameters fitted",
        "Calibration",
        labels,
        List.of(new AllureTestCase.Attachment("fitted parameters", "switch latency  600ns")),
        "reference/1/fitted parameters");
  }

  @Test
  void aTestCaseIsWrittenWithItsPhaseLabelsOutcomeAndAttachments() throws IOException {
    List<Path> written =
        fit(AllureTestCase.Outcome.FAILED, Optional.of("no fit")).writeTo(results.resolve("r"));

    assertThat(written).hasSize(2);
    assertThat(written.get(0).getFileName().toString()).endsWith("-attachment.txt");
    assertThat(written.get(1).getFileName().toString()).endsWith("-result.json");
    JsonNode result = new ObjectMapper().readTree(written.get(1).toFile());
    assertThat(result.path("name").asText()).isEqualTo("calibration · fitted parameters");
    assertThat(result.path("status").asText()).isEqualTo("failed");
    assertThat(result.path("stage").asText()).isEqualTo("finished");
    assertThat(result.at("/statusDetails/message").asText()).isEqualTo("no fit");
    assertThat(result.path("description").asText()).isEqualTo("2 parameters fitted");
    assertThat(result.path("historyId").asText()).isEqualTo(result.path("uuid").asText());
    assertThat(result.path("labels").toString())
        .contains(
            "{\"name\":\"parentSuite\",\"value\":\"Calibration\"}",
            "{\"name\":\"epic\",\"value\":\"Calibration\"}",
            "{\"name\":\"suite\",\"value\":\"reference\"}",
            "{\"name\":\"feature\",\"value\":\"calibration\"}");
    JsonNode attachment = result.path("attachments").get(0);
    assertThat(attachment.path("name").asText()).isEqualTo("fitted parameters");
    assertThat(attachment.path("type").asText()).isEqualTo("text/plain");
    assertThat(Files.readString(results.resolve("r").resolve(attachment.path("source").asText())))
        .isEqualTo("switch latency  600ns");
  }

  @Test
  void theSameWorkWrittenAgainIsTheSameTestInAlluresHistory() throws IOException {
    Path first =
        fit(AllureTestCase.Outcome.PASSED, Optional.empty()).writeTo(results.resolve("a")).get(1);
    Path again =
        fit(AllureTestCase.Outcome.FAILED, Optional.empty()).writeTo(results.resolve("b")).get(1);

    assertThat(again.getFileName()).isEqualTo(first.getFileName());
    assertThat(new ObjectMapper().readTree(first.toFile()).has("statusDetails")).isFalse();
  }
}
