package dev.rocelab.api.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Phase;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Is told what the tests of {@code @FabricTest} classes are and what they checked, to write them to
 * a test report. The JUnit extension calls every reporter listed in {@code
 * META-INF/services/dev.rocelab.api.report.TestReporter} (found with {@link
 * java.util.ServiceLoader}; a public no-argument constructor is needed); module {@code reports}
 * writes Allure results this way. Every call but {@link #classStarted} is made on the test's own
 * thread while it runs, so a reporter can add to the test case it is recording; with no test case
 * being recorded, a reporter does nothing.
 *
 * <p>Implementations must be thread-safe: tests of several classes may run in parallel. Runs are
 * reported through {@link RunObserver}.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public interface TestReporter {

  /**
   * A test class of a phase is about to run: results written for it before any of its tests is
   * described (a failing {@code @BeforeAll}, an extension that failed) belong to that phase.
   *
   * @param testClass the class's binary name
   * @param phase the phase its {@code @FabricTest} declares
   */
  void classStarted(String testClass, Phase phase);

  /**
   * The running test is a fabric test: its phase, criterion, scenario and parameters.
   *
   * @param test the test
   */
  void testStarted(TestDescription test);

  /**
   * The running test made a check.
   *
   * @param check the check, passed or failed
   */
  void checked(Check check);

  /** The running test's body has ended: the checks it made so far are all it made. */
  void checksEnded();

  /**
   * A text about the running test, e.g. how a run compares with another backend's. The text is made
   * only if there is a test case to add it to: making it may cost a run.
   *
   * @param name its title
   * @param text makes the text
   */
  void attach(String name, Supplier<String> text);
}
