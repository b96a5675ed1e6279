package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.qameta.allure.listener.TestLifecycleListener;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.TestResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Gives each result its phase and folds the phase into its ids, just before the result is written.
 * A result the extension never labelled — one written for a failure before or after a class's tests
 * ran (a {@code @BeforeAll} whose container did not start, a scenario source that threw, an
 * extension that failed), which Allure records as a broken test of the class — gets the phase its
 * class declared ({@link AllureTestReporter#phaseOf}): without it the sign-off could not count the
 * failure in that phase, and the phase could pass without the tests that never ran. Then the phase
 * (the {@code parentSuite} label) is folded into the history id and test case id: without it, a
 * report combining several phases takes the same test run in two phases for retries of one test;
 * with it they stay two tests, each with its own history. Registered as an Allure {@link
 * TestLifecycleListener} service.
 */
@API(status = INTERNAL, since = "0.1")
public final class PhaseHistoryListener implements TestLifecycleListener {

  /** Creates the listener; Allure's service loading calls this. */
  public PhaseHistoryListener() {}

  @Override
  public void beforeTestWrite(TestResult result) {
    List<Label> labels = result.getLabels();
    if (labels.stream().noneMatch(l -> AllureLabels.PARENT_SUITE.equals(l.getName()))) {
      labels.stream()
          .filter(l -> AllureLabels.TEST_CLASS.equals(l.getName()) && l.getValue() != null)
          .findFirst()
          .flatMap(l -> AllureTestReporter.phaseOf(l.getValue()))
          .ifPresent(phase -> AllureLabels.labelPhase(labels, phase));
    }
    labels.stream()
        .filter(l -> AllureLabels.PARENT_SUITE.equals(l.getName()))
        .map(Label::getValue)
        .filter(Objects::nonNull)
        .findFirst()
        .ifPresent(
            phase -> {
              String base =
                  Objects.requireNonNullElse(
                      result.getHistoryId(), Objects.toString(result.getFullName(), ""));
              result.setHistoryId(phased(phase, base));
              result.setTestCaseId(
                  phased(phase, Objects.requireNonNullElse(result.getTestCaseId(), base)));
            });
  }

  /**
   * @param phase a phase's name
   * @param id an id
   * @return the MD5 of both, in hex, the form Allure's own ids take
   */
  static String phased(String phase, String id) {
    try {
      byte[] digest =
          MessageDigest.getInstance("MD5")
              .digest((phase + "\n" + id).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is missing from this JDK", e);
    }
  }
}
