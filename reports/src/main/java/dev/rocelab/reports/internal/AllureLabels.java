package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.qameta.allure.model.Label;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The names of the Allure labels rocelab writes and the sign-off reads, and how a result gets its
 * phase.
 */
@API(status = INTERNAL, since = "0.3")
public final class AllureLabels {

  /** The phase, by which Allure groups a report's suites; also the epic unless a test names one. */
  static final String PARENT_SUITE = "parentSuite";

  /** The phase again, unless the test names its own epic. */
  static final String EPIC = "epic";

  /** The scenario's name. */
  static final String FEATURE = "feature";

  /** The criterion: the test's name (a sweep point's is its scenario test's). */
  static final String STORY = "story";

  /**
   * The SHA-256 of the fabric file a test ran on, for the sign-off. A label, not a parameter: an
   * edited fabric file keeps its tests' Allure history.
   */
  static final String FABRIC_SHA256 = "fabricSha256";

  /** The test's class, as Allure's JUnit listener writes it. */
  static final String TEST_CLASS = "testClass";

  private AllureLabels() {}

  /**
   * Labels a result with its phase: the parent suite (replacing any, so that Allure groups by
   * phase) and the epic, unless the test names its own.
   *
   * @param labels the result's labels
   * @param phase the phase's display name
   */
  public static void labelPhase(List<Label> labels, String phase) {
    labels.removeIf(l -> PARENT_SUITE.equals(l.getName()));
    labels.add(new Label().setName(PARENT_SUITE).setValue(phase));
    addIfAbsent(labels, EPIC, phase);
  }

  /**
   * @param labels a result's labels
   * @param name a label's name
   * @param value its value, added unless the result has a label of that name
   */
  public static void addIfAbsent(List<Label> labels, String name, String value) {
    if (labels.stream().noneMatch(l -> name.equals(l.getName()))) {
      labels.add(new Label().setName(name).setValue(value));
    }
  }
}
