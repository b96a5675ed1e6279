package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.analysis.TelemetrySummary;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.report.RunObserver;
import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.result.RunResult;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apiguardian.api.API;

/**
 * Attaches a run's telemetry summary, charts and telemetry to the Allure test case being recorded,
 * and the fabric's topology and effective configuration once per test; a test that ran scenarios
 * through its session gets the first one's name as its feature. Registered as a {@link RunObserver}
 * service; does nothing when no test case is being recorded (Allure not listening).
 */
@API(status = INTERNAL, since = "0.1")
public final class AllureRunObserver implements RunObserver {

  /** Creates the observer; {@link java.util.ServiceLoader} calls this. */
  public AllureRunObserver() {}

  @Override
  public void runFinished(FabricSpec fabric, RunResult result) {
    AllureLifecycle lifecycle = Allure.getLifecycle();
    Optional<String> test = lifecycle.getCurrentTestCase();
    if (test.isEmpty()) {
      return;
    }
    List<Attachment> fabricAttachments = RunAttachments.ofFabric(fabric);
    AtomicBoolean fabricAttached = new AtomicBoolean();
    String topologyName = fabricAttachments.get(0).name();
    lifecycle.updateTestCase(
        test.get(),
        r -> {
          AllureLabels.addIfAbsent(r.getLabels(), AllureLabels.FEATURE, result.scenario().name());
          fabricAttached.set(
              r.getAttachments().stream().anyMatch(a -> topologyName.equals(a.getName())));
        });
    lifecycle.addAttachment(
        "telemetry · " + result.scenario().name(),
        "text/plain",
        "txt",
        Secrets.mask(TelemetrySummary.of(result)).getBytes(StandardCharsets.UTF_8));
    for (Attachment attachment : RunAttachments.ofRun(result)) {
      attach(lifecycle, attachment);
    }
    if (!fabricAttached.get()) {
      for (Attachment attachment : fabricAttachments) {
        attach(lifecycle, attachment);
      }
    }
  }

  private static void attach(AllureLifecycle lifecycle, Attachment attachment) {
    lifecycle.addAttachment(
        attachment.name(), attachment.type(), attachment.extension(), attachment.bytes());
  }
}
