package dev.rocelab.assertj.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.description.Description;
import org.opentest4j.AssertionFailedError;

/**
 * What every rocelab assertion of one run shares: the run (which knows the fabric it ran on) and
 * where failures go — thrown, or collected by soft assertions.
 */
@API(status = INTERNAL, since = "0.1")
public final class AssertContext {

  private final RunResult run;
  private final AssertionErrorCollector collector;

  private AssertContext(RunResult run, AssertionErrorCollector collector) {
    this.run = run;
    this.collector = collector;
  }

  /**
   * @param run the run, may be null (the assertion then fails on first use)
   * @param collector where soft assertions collect failures; null to throw them
   * @return the context
   */
  public static AssertContext of(RunResult run, AssertionErrorCollector collector) {
    return new AssertContext(run, collector);
  }

  /**
   * @return the run
   */
  public RunResult run() {
    return run;
  }

  /**
   * @return the fabric the run ran on; only once the run is known not to be null
   */
  public FabricGraph fabric() {
    return run.fabric();
  }

  /**
   * @return true if failures are collected rather than thrown
   */
  public boolean soft() {
    return collector != null;
  }

  /**
   * The speed of a port's link.
   *
   * @param port a port
   * @return its line rate, if the port has a link
   */
  public Optional<Rate> lineRate(Endpoint port) {
    return run.fabric().linkAt(port).map(Link::spec).map(s -> s.speed());
  }

  /**
   * Records a check that held, for {@link dev.rocelab.assertj.Checks} recordings.
   *
   * @param label the quantity
   * @param where where it was measured; empty if the run as a whole
   * @param expected what was expected
   * @param actual what was measured
   * @param bounds the limits compared against, so a named limit's source can be shown
   */
  public void pass(String label, String where, String expected, String actual, Object... bounds) {
    CheckLog.report(label, where, expected, actual, Optional.empty(), true, bounds);
  }

  /**
   * Records a check with the limits it compared against, and fails it if it did not hold.
   *
   * @param holds whether the measured value met the criterion
   * @param bounds the limits compared against
   * @param label the quantity
   * @param where where it was measured; empty if the run as a whole
   * @param expected what was expected
   * @param actual what was measured, as messages show it
   * @param magnitude what was measured as a number with its unit, if it is a quantity
   */
  public void check(
      boolean holds,
      Object[] bounds,
      String label,
      String where,
      String expected,
      String actual,
      Optional<Check.Magnitude> magnitude) {
    CheckLog.report(label, where, expected, actual, magnitude, holds, bounds);
    if (!holds) {
      raise(label, where, expected, actual);
    }
  }

  /**
   * Fails with an {@link AssertionFailedError} carrying the expected and actual texts: throws it,
   * or hands it to the soft assertions. The failure is recorded as a failed check.
   *
   * @param label the quantity, first line of the message
   * @param where where it was measured; empty to leave the line out
   * @param expected what was expected
   * @param actual what was measured
   * @param more further lines, {@code name: text} pairs as {@code {"first drop", "…"}}
   */
  public void fail(String label, String where, String expected, String actual, String[]... more) {
    CheckLog.report(label, where, expected, actual, Optional.empty(), false);
    raise(label, where, expected, actual, more);
  }

  private void raise(String label, String where, String expected, String actual, String[]... more) {
    List<String> lines = new ArrayList<>();
    lines.add(label);
    lines.add(line("run", describeRun()));
    if (run != null) {
      run.unfinishedWork().ifPresent(unfinished -> lines.add(line("unfinished", unfinished)));
    }
    if (!where.isEmpty()) {
      lines.add(line("where", where));
    }
    lines.add(line("expected", expected));
    lines.add(line("actual", actual));
    for (String[] extra : more) {
      lines.add(line(extra[0], extra[1]));
    }
    // expected and actual travel with the error, so an IDE can show them side by side
    AssertionError error = new AssertionFailedError(String.join("\n", lines), expected, actual);
    if (collector != null) {
      collector.collectAssertionError(error);
    } else {
      throw error;
    }
  }

  private String describeRun() {
    if (run == null) {
      return "none";
    }
    return run.scenario().describe()
        + ", seed "
        + run.scenario().seed()
        + ", fabric "
        + run.fabric().spec().name()
        + ", backend "
        + run.backend();
  }

  private static String line(String name, String text) {
    return String.format("  %-11s %s", name + ":", text);
  }

  /**
   * A description shown as it is, without {@link String#format} processing.
   *
   * @param text the label
   * @return the description
   */
  public static Description label(String text) {
    return new Description() {
      @Override
      public String value() {
        return text;
      }
    };
  }
}
