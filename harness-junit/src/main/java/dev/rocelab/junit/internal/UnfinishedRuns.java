package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.RunLimits;
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
 * The runs of one test (or one class's set-up) that stopped short: at their duration with work
 * unfinished although their scenario {@link Completion#REQUIRED required} it to complete, at the
 * wall-clock budget ({@link RunLimits#wallClock()}) whatever their scenario declared, since such a
 * run did not cover the time it was meant to, or before one of their faults ({@link
 * RunResult#faultsNeverApplied()}), which then checked nothing. The extension fails the test once
 * it has run, whatever its assertions said.
 */
@API(status = INTERNAL, since = "0.1")
public final class UnfinishedRuns {

  /**
   * Keyed by the owning context's id: a store lookup also sees the parents' values, which belong to
   * others.
   */
  private record Key(String contextId) {}

  /** What one account says a run failed to do. */
  private enum Shortfall {
    /** Work unfinished at the scenario's duration. */
    DURATION,
    /** Stopped at the wall-clock budget: what the machine could do, not a verdict. */
    WALL_CLOCK,
    /** A fault scheduled after the run had ended. */
    FAULT
  }

  private record Account(String line, Shortfall shortfall) {}

  /** The accounts of one context's unfinished runs, in the order they finished. */
  private static final class Accounts {
    private final List<Account> accounts = new ArrayList<>();

    synchronized void add(Account account) {
      accounts.add(account);
    }

    synchronized List<Account> all() {
      return List.copyOf(accounts);
    }
  }

  private UnfinishedRuns() {}

  /**
   * Notes a finished run if it stopped short.
   *
   * @param context the context whose end judges the run
   * @param result the run
   */
  static void record(ExtensionContext context, RunResult result) {
    List<Account> found = new ArrayList<>();
    boolean atTheWallClock = result.stopReason() == StopReason.WALL_CLOCK_LIMIT;
    boolean shortOfItsWork =
        result.stopReason() == StopReason.DURATION_REACHED
            && result.scenario().completion() == Completion.REQUIRED;
    if (shortOfItsWork || atTheWallClock) {
      found.add(
          new Account(
              result.scenario().describe() + ": " + result.unfinishedWork().orElseThrow(),
              atTheWallClock ? Shortfall.WALL_CLOCK : Shortfall.DURATION));
    }
    // a run cut short by the wall clock did not reach its faults either: the machine's limit
    for (String fault : result.faultsNeverApplied()) {
      found.add(
          new Account(
              result.scenario().describe() + ": " + fault,
              atTheWallClock ? Shortfall.WALL_CLOCK : Shortfall.FAULT));
    }
    if (found.isEmpty()) {
      return;
    }
    Accounts accounts =
        Contexts.store(context)
            .getOrComputeIfAbsent(
                new Key(context.getUniqueId()), key -> new Accounts(), Accounts.class);
    found.forEach(accounts::add);
  }

  /**
   * Ends a context whose runs stopped short: with a failure if any stopped at its duration (the
   * scenario asked for more than its duration allows: a verdict on the test), or as broken if they
   * all stopped at the wall-clock budget (what the machine could do, not a verdict on the fabric).
   *
   * @param context a method or class context
   * @throws AssertionFailedError naming every such run and what to change
   * @throws FabricBackendException if every such run stopped at the wall-clock budget
   */
  public static void throwIfStoppedShort(ExtensionContext context) {
    Optional<Throwable> stoppedShort = stoppedShort(context);
    if (stoppedShort.isPresent()) {
      if (stoppedShort.get() instanceof Error error) {
        throw error;
      }
      throw (RuntimeException) stoppedShort.get();
    }
  }

  /**
   * A test that tripped over a run that stopped short — indexed a collective's results that the run
   * never measured, say — is failed for the run, not broken for what it tripped over, which is kept
   * as suppressed.
   *
   * @param context a method context
   * @param tripped what the test threw, not an assertion's failure (an assertion's own failure
   *     stays the test's, with the run's account suppressed)
   * @return the failure to end the test with, if a run stopped short
   */
  public static Optional<Throwable> explaining(ExtensionContext context, Throwable tripped) {
    Optional<Throwable> stoppedShort = stoppedShort(context);
    stoppedShort.ifPresent(e -> e.addSuppressed(tripped));
    return stoppedShort;
  }

  /** The failure of a context whose runs stopped short, once: their accounts are taken. */
  private static Optional<Throwable> stoppedShort(ExtensionContext context) {
    Accounts recorded =
        Contexts.store(context).remove(new Key(context.getUniqueId()), Accounts.class);
    if (recorded == null) {
      return Optional.empty();
    }
    List<Account> accounts = recorded.all();
    String runs =
        accounts.size() == 1
            ? ": " + accounts.get(0).line() + "; "
            : " in "
                + accounts.size()
                + " runs:\n  "
                + String.join("\n  ", accounts.stream().map(Account::line).toList())
                + "\n";
    List<String> advice = new ArrayList<>();
    boolean duration = accounts.stream().anyMatch(a -> a.shortfall() == Shortfall.DURATION);
    if (duration) {
      advice.add(
          "raise the scenario's duration or shrink its messages, or declare Completion.WINDOW if the test"
              + " measures a window of traffic");
    }
    boolean fault = accounts.stream().anyMatch(a -> a.shortfall() == Shortfall.FAULT);
    if (fault) {
      advice.add(
          "schedule the fault while the traffic still runs, or give the scenario traffic or a"
              + " duration that reaches it");
    }
    if (accounts.stream().anyMatch(a -> a.shortfall() == Shortfall.WALL_CLOCK)) {
      advice.add(
          "a run took longer in real time than its budget of "
              + RunLimits.wallClock().toSeconds()
              + "s: raise it with -Drocelab.limits.wallClock=… or make the scenario smaller");
    }
    String what =
        fault && accounts.stream().anyMatch(a -> a.shortfall() != Shortfall.FAULT)
            ? "runs fell short"
            : fault ? "fault never applied" : "workload unfinished";
    String message = what + runs + String.join("; ", advice);
    if (duration || fault) {
      return Optional.of(new AssertionFailedError(message));
    }
    return Optional.of(new FabricBackendException(message));
  }
}
