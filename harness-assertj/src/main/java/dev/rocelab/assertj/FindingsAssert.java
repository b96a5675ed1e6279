package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.assertj.internal.CheckLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on configuration {@link Findings}. A failure lists each distinct problem once with the
 * first {@value #SUBJECTS_SHOWN} subjects that have it ("and 60 more like this"), at most {@value
 * #PROBLEMS_SHOWN} problems, so a fleet-wide misconfiguration reads in a few lines.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public class FindingsAssert extends AbstractAssert<FindingsAssert, Findings> {

  /** How many subjects of one problem a failure names. */
  public static final int SUBJECTS_SHOWN = 4;

  /** How many distinct problems a failure shows. */
  public static final int PROBLEMS_SHOWN = 10;

  FindingsAssert(Findings actual) {
    super(actual, FindingsAssert.class);
  }

  /**
   * Checks that nothing was found; recorded as a check either way.
   *
   * @return this assertion
   */
  public FindingsAssert isEmpty() {
    isNotNull();
    String expected = "none";
    if (actual.size() == 0) {
      CheckLog.report(actual.label(), actual.scope(), expected, "none", Optional.empty(), true);
      return myself;
    }
    Map<String, List<String>> groups = actual.byProblem();
    String found =
        actual.size()
            + (actual.size() == 1 ? " finding" : " findings")
            + (groups.size() == 1 ? "" : " of " + groups.size() + " kinds");
    CheckLog.report(actual.label(), actual.scope(), expected, found, Optional.empty(), false);
    List<String> lines = new ArrayList<>();
    lines.add(actual.label() + " in " + actual.scope() + ": " + found);
    int shown = 0;
    for (Map.Entry<String, List<String>> group : groups.entrySet()) {
      if (shown++ == PROBLEMS_SHOWN) {
        lines.add("  … and " + (groups.size() - PROBLEMS_SHOWN) + " more kinds of finding");
        break;
      }
      lines.add("  " + subjects(group.getValue()) + ": " + group.getKey());
    }
    throw new AssertionFailedError(String.join("\n", lines), expected, found);
  }

  private static String subjects(List<String> subjects) {
    if (subjects.size() <= SUBJECTS_SHOWN) {
      return String.join(", ", subjects);
    }
    return String.join(", ", subjects.subList(0, SUBJECTS_SHOWN))
        + " and "
        + (subjects.size() - SUBJECTS_SHOWN)
        + " more like this";
  }
}
