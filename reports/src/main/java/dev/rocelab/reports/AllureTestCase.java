package dev.rocelab.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.reports.internal.FinishedTestCases;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
   * Writes the result and its attachments into an Allure results directory, creating it if need be.
   *
   * @param results the directory
   * @return the files written, the attachments first
   * @throws java.io.UncheckedIOException if they cannot be written
   */
  public List<Path> writeTo(Path results) {
    return FinishedTestCases.write(this, results);
  }
}
