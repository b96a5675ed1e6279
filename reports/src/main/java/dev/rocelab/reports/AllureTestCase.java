package dev.rocelab.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.report.Secrets;
import dev.rocelab.reports.internal.AllureLabels;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Stage;
import io.qameta.allure.model.Status;
import io.qameta.allure.model.StatusDetails;
import io.qameta.allure.model.TestResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apiguardian.api.API;

/**
 * A finished piece of work that did not run as a JUnit test — a calibration step, a fit — written
 * as an Allure test result beside the suites' results, so one Allure report shows both. Its uuid
 * and history id come from {@code identity}: the same work written again is the same test in
 * Allure's history.
 *
 * <pre>{@code
 * new AllureTestCase(
 *         "calibration · ping-pong", "rocelab.calibration.reference.ping-pong",
 *         AllureTestCase.Outcome.PASSED, Optional.empty(), "", "Calibration",
 *         Map.of("suite", "reference"), List.of(new AllureTestCase.Attachment("table", text)),
 *         "reference/1/ping-pong")
 *     .writeTo(Path.of("target/allure-results"));
 * }</pre>
 *
 * @param name the test's name
 * @param fullName its full name, unique in the report
 * @param outcome how it ended
 * @param message why it failed, was broken or skipped, if it says
 * @param description what it is, empty for none
 * @param phase the phase (Allure's parent suite, and the epic), e.g. {@code Calibration}
 * @param labels further labels, e.g. {@code suite} or {@code feature}, in order
 * @param attachments its texts, in order
 * @param identity what makes it the same test from one writing to the next
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record AllureTestCase(
    String name,
    String fullName,
    Outcome outcome,
    Optional<String> message,
    String description,
    String phase,
    Map<String, String> labels,
    List<Attachment> attachments,
    String identity) {

  /** Checks that no component is null; keeps the labels' order. */
  public AllureTestCase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(fullName, "fullName");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(phase, "phase");
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    attachments = List.copyOf(attachments);
    Objects.requireNonNull(identity, "identity");
  }

  /** How a test case ended, as Allure tells them apart. */
  public enum Outcome {
    /** It met its criteria. */
    PASSED,
    /** It did not meet them. */
    FAILED,
    /** It could not be judged: the infrastructure failed. */
    BROKEN,
    /** It was left out. */
    SKIPPED
  }

  /**
   * A text attached to a test case.
   *
   * @param name its title
   * @param text the text
   */
  public record Attachment(String name, String text) {

    /** Checks that neither is null. */
    public Attachment {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * Writes the result and its attachments into an Allure results directory, creating it if need be,
   * with Allure's own results writer.
   *
   * @param results the directory
   * @return the files written, the attachments first
   * @throws java.io.UncheckedIOException if they cannot be written
   */
  public List<Path> writeTo(Path results) {
    try {
      Files.createDirectories(results);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + results, e);
    }
    FileSystemResultsWriter writer = new FileSystemResultsWriter(results);
    String uuid = uuid(identity);
    List<Path> written = new ArrayList<>();
    List<io.qameta.allure.model.Attachment> allureAttachments = new ArrayList<>();
    for (Attachment attachment : attachments) {
      String source = uuid(identity + "/attachment " + attachment.name()) + "-attachment.txt";
      writer.write(
          source,
          new ByteArrayInputStream(
              Secrets.mask(attachment.text()).getBytes(StandardCharsets.UTF_8)));
      written.add(results.resolve(source));
      allureAttachments.add(
          new io.qameta.allure.model.Attachment()
              .setName(attachment.name())
              .setSource(source)
              .setType("text/plain"));
    }
    List<Label> allureLabels = new ArrayList<>();
    AllureLabels.labelPhase(allureLabels, phase);
    labels.forEach((label, value) -> AllureLabels.addIfAbsent(allureLabels, label, value));
    TestResult result =
        new TestResult()
            .setUuid(uuid)
            .setHistoryId(uuid)
            .setName(name)
            .setFullName(fullName)
            .setStatus(status(outcome))
            .setStage(Stage.FINISHED)
            .setLabels(allureLabels)
            .setAttachments(allureAttachments);
    message.ifPresent(m -> result.setStatusDetails(new StatusDetails().setMessage(m)));
    if (!description.isEmpty()) {
      result.setDescription(description);
    }
    writer.write(result);
    written.add(results.resolve(uuid + "-result.json"));
    return written;
  }

  private static Status status(Outcome outcome) {
    return switch (outcome) {
      case PASSED -> Status.PASSED;
      case FAILED -> Status.FAILED;
      case BROKEN -> Status.BROKEN;
      case SKIPPED -> Status.SKIPPED;
    };
  }

  private static String uuid(String identity) {
    return UUID.nameUUIDFromBytes(identity.getBytes(StandardCharsets.UTF_8)).toString();
  }
}
