package dev.rocelab.fabricfile.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/** Message helpers: quoting and "did you mean" suggestions. */
@API(status = INTERNAL, since = "0.1")
public final class Texts {

  private static final int MAX_SUGGESTION_DISTANCE = 3;

  private Texts() {}

  public static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }

  /**
   * The candidate nearest to a misspelt word, if it is within {@value #MAX_SUGGESTION_DISTANCE}
   * edits and nearer than the word is long (so "x" does not suggest "g").
   */
  public static Optional<String> nearest(String word, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance =
          editDistance(word.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return bestDistance <= MAX_SUGGESTION_DISTANCE && bestDistance < word.length()
        ? Optional.of(best)
        : Optional.empty();
  }

  /** Levenshtein distance (insertions, deletions, substitutions). */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
