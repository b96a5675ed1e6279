package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Completion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * The runs of one test (or one class's set-up) that stopped at their bound with work unfinished although
 * their scenario {@link Completion#REQUIRED required} it to complete: the extension fails the test once it
 * has run, whatever its assertions said.
 */
@API(status = INTERNAL, since = "0.1")
public final class UnfinishedRuns {

  /** Keyed by the owning context's id: a store lookup also sees the parents' values, which belong to others. */
  private record Key(String contextId) {}

  /** The accounts of one context's unfinished runs, in the order they finished. */
  private static final class Accounts {
    private final List<String> lines = new ArrayList<>();

    synchronized void add(String line) {
      lines.add(line);
    }

    synchronized List<String> all() {
      return List.copyOf(lines);
    }
  }

  private UnfinishedRuns() {}

  /**
   * Notes a finished run if it left required work undone.
   *
   * @param context the context whose end judges the run
   * @param result the run
   */
  static void record(ExtensionContext context, RunResult result) {
    boolean atBound = result.stopReason() == StopReason.DURATION_REACHED
        || result.stopReason() == StopReason.WALL_CLOCK_LIMIT;
    if (!atBound || result.scenario().completion() != Completion.REQUIRED) {
      return;
    }
    Contexts.store(context).getOrComputeIfAbsent(new Key(context.getUniqueId()), key -> new Accounts(), Accounts.class)
        .add(result.scenario().describe() + ": " + result.unfinishedWork().orElseThrow());
  }

  /**
   * The failure of a context whose runs left required work undone.
   *
   * @param context a method or class context
   * @return the failure, naming every such run; empty if there was none
   */
  public static Optional<AssertionFailedError> failure(ExtensionContext context) {
    Accounts recorded = Contexts.store(context).get(new Key(context.getUniqueId()), Accounts.class);
    if (recorded == null) {
      return Optional.empty();
    }
    List<String> accounts = recorded.all();
    String runs = accounts.size() == 1 ? ": " + accounts.get(0) + "; "
        : " in " + accounts.size() + " runs:\n  " + String.join("\n  ", accounts) + "\n";
    return Optional.of(new AssertionFailedError("workload unfinished" + runs + "raise the scenario's duration or"
        + " shrink its messages, or declare Completion.WINDOW if the test measures a window of traffic"));
  }
}
