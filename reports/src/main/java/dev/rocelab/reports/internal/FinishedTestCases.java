package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.report.Secrets;
import dev.rocelab.reports.AllureTestCase;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.Attachment;
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
import java.util.List;
import java.util.UUID;
import org.apiguardian.api.API;

/** Writes {@link AllureTestCase}s with Allure's own results writer. */
@API(status = INTERNAL, since = "0.3")
public final class FinishedTestCases {

  private FinishedTestCases() {}

  /**
   * @param test the test case
   * @param results the Allure results directory
   * @return the files written, the attachments first
   */
  public static List<Path> write(AllureTestCase test, Path results) {
    try {
      Files.createDirectories(results);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + results, e);
    }
    FileSystemResultsWriter writer = new FileSystemResultsWriter(results);
    String uuid = uuid(test.identity());
    List<Path> written = new ArrayList<>();
    List<Attachment> attachments = new ArrayList<>();
    for (AllureTestCase.Attachment attachment : test.attachments()) {
      String source =
          uuid(test.identity() + "/attachment " + attachment.name()) + "-attachment.txt";
      writer.write(
          source,
          new ByteArrayInputStream(
              Secrets.mask(attachment.text()).getBytes(StandardCharsets.UTF_8)));
      written.add(results.resolve(source));
      attachments.add(
          new Attachment().setName(attachment.name()).setSource(source).setType("text/plain"));
    }
    List<Label> labels = new ArrayList<>();
    AllureLabels.labelPhase(labels, test.phase());
    test.labels().forEach((name, value) -> AllureLabels.addIfAbsent(labels, name, value));
    TestResult result =
        new TestResult()
            .setUuid(uuid)
            .setHistoryId(uuid)
            .setName(test.name())
            .setFullName(test.fullName())
            .setStatus(status(test.outcome()))
            .setStage(Stage.FINISHED)
            .setLabels(labels)
            .setAttachments(attachments);
    test.message().ifPresent(m -> result.setStatusDetails(new StatusDetails().setMessage(m)));
    if (!test.description().isEmpty()) {
      result.setDescription(test.description());
    }
    writer.write(result);
    written.add(results.resolve(uuid + "-result.json"));
    return written;
  }

  private static Status status(AllureTestCase.Outcome outcome) {
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
