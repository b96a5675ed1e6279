package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.report.Check;
import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.report.TestDescription;
import dev.rocelab.api.report.TestReporter;
import dev.rocelab.api.scenario.Phase;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Parameter;
import io.qameta.allure.model.Status;
import io.qameta.allure.model.StatusDetails;
import io.qameta.allure.model.StepResult;
import io.qameta.allure.model.TestResult;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Writes what the JUnit extension tells of each test to the Allure test case being recorded: the
 * phase as epic and parent suite, the scenario as feature, the criterion as story, the fabric
 * file's SHA-256 as a label; fabric, backend, seed, NIC firmware, switch NOS and the scenario's
 * attributes as parameters; the purpose as description; a step per check (measured value, limit and
 * where the limit comes from) and, when the checks end, all of them as data ({@link CheckData}) for
 * the sign-off; texts as attachments. Labels the test already has (from {@code @Epic}, {@code
 * Feature}, {@code @Story}) win, except the parent suite. Registered as a {@link TestReporter}
 * service; does nothing when no test case is being recorded.
 */
@API(status = INTERNAL, since = "0.3")
public final class AllureTestReporter implements TestReporter {

  /**
   * The phase of each test class that started, by binary name, for {@link PhaseHistoryListener}.
   */
  private static final Map<String, String> PHASES = new ConcurrentHashMap<>();

  /** The checks of the test running on this thread, since it was described. */
  private static final ThreadLocal<List<Check>> CHECKS = ThreadLocal.withInitial(ArrayList::new);

  /** Creates the reporter; {@link java.util.ServiceLoader} calls this. */
  public AllureTestReporter() {}

  /**
   * @param testClass a test class's binary name
   * @return the phase its {@code @FabricTest} declares, by display name, once it has started
   */
  static Optional<String> phaseOf(String testClass) {
    return Optional.ofNullable(PHASES.get(testClass));
  }

  @Override
  public void classStarted(String testClass, Phase phase) {
    PHASES.put(testClass, phase.displayName());
  }

  @Override
  public void testStarted(TestDescription test) {
    CHECKS.get().clear();
    AllureLifecycle lifecycle = Allure.getLifecycle();
    Optional<String> uuid = lifecycle.getCurrentTestCase();
    if (uuid.isEmpty()) {
      return;
    }
    lifecycle.updateTestCase(
        uuid.get(),
        result -> {
          test.sweepPoint().ifPresent(id -> identifySweepPoint(result, id));
          // allure-jupiter writes an empty description where the test has no @Description
          String description = result.getDescription();
          if ((description == null || description.isBlank()) && test.purpose().isPresent()) {
            result.setDescription(test.purpose().get());
          }
          List<Label> labels = result.getLabels();
          AllureLabels.labelPhase(labels, test.phase().displayName());
          AllureLabels.addIfAbsent(labels, AllureLabels.FABRIC_SHA256, test.fabricSha256());
          test.scenario().ifPresent(s -> AllureLabels.addIfAbsent(labels, AllureLabels.FEATURE, s));
          AllureLabels.addIfAbsent(labels, AllureLabels.STORY, test.criterion());
          List<Parameter> existing = result.getParameters();
          test.parameters()
              .forEach(
                  (name, value) -> {
                    existing.removeIf(p -> name.equals(p.getName()));
                    existing.add(parameter(name, value));
                  });
        });
  }

  /**
   * A sweep point is one test in Allure's history whichever shard ran it: Allure tells tests apart
   * by their history id, which Allure's JUnit listener derives from JUnit's invocation number, and
   * a shard numbers only its own points (two shards' first invocations would look like one test run
   * twice). The id comes from the point's position in the whole sweep instead; {@link
   * PhaseHistoryListener} folds the phase in when the result is written.
   */
  private static void identifySweepPoint(TestResult result, String pointId) {
    result.setHistoryId(md5(pointId));
    result.getParameters().stream()
        .filter(p -> "UniqueId".equals(p.getName()))
        .forEach(p -> p.setValue(pointId));
  }

  private static String md5(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
      return new BigInteger(1, digest).toString(16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has MD5", e);
    }
  }

  /** A finished step: its name says it all, its parameters give each part on its own. */
  @Override
  public void checked(Check check) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    if (lifecycle.getCurrentTestCase().isEmpty()) {
      return;
    }
    CHECKS.get().add(check);
    List<Parameter> parameters = new ArrayList<>();
    parameters.add(parameter("measured", check.actual()));
    parameters.add(parameter("expected", check.expected()));
    if (!check.where().isEmpty()) {
      parameters.add(parameter("where", check.where()));
    }
    check.limitSource().ifPresent(source -> parameters.add(parameter("limit from", source)));
    check.checkedAt().ifPresent(line -> parameters.add(parameter("checked at", line)));
    StepResult step =
        new StepResult()
            .setName(Secrets.mask(check.summary()))
            .setStatus(check.passed() ? Status.PASSED : Status.FAILED)
            .setParameters(parameters);
    if (!check.passed()) {
      step.setStatusDetails(new StatusDetails().setMessage(Secrets.mask(check.summary())));
    }
    String uuid = UUID.randomUUID().toString();
    lifecycle.startStep(uuid, step);
    lifecycle.stopStep(uuid);
  }

  @Override
  public void checksEnded() {
    List<Check> checks = List.copyOf(CHECKS.get());
    CHECKS.get().clear();
    AllureLifecycle lifecycle = Allure.getLifecycle();
    if (checks.isEmpty() || lifecycle.getCurrentTestCase().isEmpty()) {
      return;
    }
    lifecycle.addAttachment(CheckData.NAME, CheckData.TYPE, "json", CheckData.write(checks));
  }

  @Override
  public void attach(String name, Supplier<String> text) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    if (lifecycle.getCurrentTestCase().isEmpty()) {
      return;
    }
    lifecycle.addAttachment(
        name, "text/plain", "txt", Secrets.mask(text.get()).getBytes(StandardCharsets.UTF_8));
  }

  private static Parameter parameter(String name, String value) {
    return new Parameter().setName(name).setValue(Secrets.mask(value));
  }
}
