package dev.rocelab.suites;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.CriterionNames;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * On the built-in model and the reference fabric, a 16:1 incast of 10 GB per sender bounded by the
 * default 10 ms delivers a fraction of its data without loss: "lossless" holds, yet the incast that
 * was asked for did not happen, so the test fails and says so. Declared as a window, the same run
 * passes and its result says how much completed.
 *
 * <p>Not part of the published suites (the test jar leaves it out).
 */
@DisplayNameGeneration(CriterionNames.class)
class UnfinishedWorkTest {

  @Test
  void anIncastThatCannotFinishWithinItsDurationFailsUnlessItMeasuresAWindow() {
    var events =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(TooLongIncastTestCase.class))
            .execute()
            .testEvents();

    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("asAnIncast"),
                finishedWithFailure(
                    message(
                        "workload unfinished: incast 16:1 · 10GB: 0 of 16 flows completed in 10ms (duration reached);"
                            + " raise the scenario's duration or shrink its messages, or declare Completion.WINDOW if the"
                            + " test measures a window of traffic"))))
        .haveExactly(1, event(test("asAWindow"), finishedSuccessfully()));
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class TooLongIncastTestCase {

    @Incast(senders = 16, message = "10GB")
    void asAnIncast(RunResult run) {
      assertThat(run).isLossless();
    }

    @Incast(senders = 16, message = "10GB", completion = Completion.WINDOW)
    void asAWindow(RunResult run) {
      assertThat(run).isLossless();
      assertThat(run.unfinishedWork())
          .contains("0 of 16 flows completed in 10ms (duration reached)");
      long delivered = run.flows().stream().mapToLong(f -> f.delivered().bytes()).sum();
      assertThat(delivered)
          .as("bytes delivered through the receiver's 400 Gb/s link in 10 ms")
          .isBetween(400_000_000L, 500_000_000L);
    }
  }
}
