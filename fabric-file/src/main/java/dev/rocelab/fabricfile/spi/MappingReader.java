package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.fabricfile.internal.Texts;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Reads one mapping of a known {@link Shape}: rejects unknown keys (suggesting the nearest known
 * one), reports missing required keys, converts values and finally builds the record, turning the
 * record's {@code IllegalArgumentException} into a problem at the field it names.
 *
 * <p>Once any value fails, {@link #build} skips the constructor: its complaint would only echo the
 * problem already reported.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MappingReader {

  /**
   * A record's complaint that names its field first: {@code "kmax must be >= ..."}, {@code
   * "gpuToNic[2] must ..."}.
   */
  private static final Pattern NAMED_FIELD = Pattern.compile("(\\S+) (must|key) ");

  /** A record's complaint about a map key: {@code "<field> key must be ... but was <key>"}. */
  private static final Pattern BAD_KEY = Pattern.compile("\\S+ key .* but was (-?[0-9]+)");

  private final YamlNode mapping;
  private final Shape shape;
  private final ProblemCollector problems;
  private final Map<String, YamlNode.Entry> entries;
  private boolean failed;

  private MappingReader(YamlNode mapping, Shape shape, ProblemCollector problems) {
    this.mapping = mapping;
    this.shape = shape;
    this.problems = problems;
    this.entries = mapping.entries(problems);
    Set<String> missing = new LinkedHashSet<>(shape.requiredKeys());
    missing.removeAll(entries.keySet());
    failed = !missing.isEmpty();
    for (YamlNode.Entry entry : entries.values()) {
      String key = entry.key().text();
      if (!shape.accepts(key)) {
        Optional<String> near = Texts.nearest(key, shape.keys().keySet());
        near.ifPresent(missing::remove); // "bufer" is reported once, as a misspelling of "buffer"
        problems.error(
            entry.key(),
            mapping.path(),
            "unknown key "
                + Texts.quote(key)
                + near.map(n -> "; did you mean " + Texts.quote(n) + "?")
                    .orElseGet(() -> "; valid keys: " + String.join(", ", shape.keys().keySet())));
      }
    }
    for (String key : missing) {
      problems.error(mapping, "missing required key " + Texts.quote(key));
    }
  }

  /**
   * Opens a mapping.
   *
   * @param node the node that should be a mapping
   * @param shape the keys it accepts
   * @param values reads its values and reports its problems
   * @return the reader, or empty (after reporting) if the node is not a mapping; an unknown key is
   *     reported as it opens
   */
  public static Optional<MappingReader> open(YamlNode node, Shape shape, Values values) {
    if (!node.isMapping()) {
      values.mismatch(node, "a mapping");
      return Optional.empty();
    }
    return Optional.of(new MappingReader(node, shape, values.problems()));
  }

  /**
   * @return the mapping being read
   */
  public YamlNode node() {
    return mapping;
  }

  /**
   * @param key a key the shape declares
   * @return whether the key was written
   */
  public boolean has(String key) {
    declared(key);
    return entries.containsKey(key);
  }

  /**
   * The converted value of a required key; a missing one is reported when the mapping is built.
   *
   * @param key a key the shape declares required
   * @param convert reads the value, reporting (and returning null) if it cannot
   * @param <T> the value's type
   * @return the value; null if it is missing or does not convert
   */
  public <T> T required(String key, Function<YamlNode, T> convert) {
    if (!shape.requires(key)) {
      throw new IllegalStateException(shape.name() + "." + key + " is not declared required");
    }
    return convert(key, convert, null);
  }

  /**
   * The converted value of an optional key, or the default when absent.
   *
   * @param key a key the shape declares optional
   * @param convert reads the value, reporting (and returning null) if it cannot
   * @param defaultValue what an absent key means
   * @param <T> the value's type
   * @return the value or the default; null if it does not convert
   */
  public <T> T optional(String key, Function<YamlNode, T> convert, T defaultValue) {
    if (!shape.accepts(key) || shape.requires(key)) {
      throw new IllegalStateException(shape.name() + "." + key + " is not declared optional");
    }
    return convert(key, convert, defaultValue);
  }

  private <T> T convert(String key, Function<YamlNode, T> convert, T defaultValue) {
    YamlNode.Entry entry = entries.get(key);
    if (entry == null) {
      return defaultValue;
    }
    T value = convert.apply(entry.value());
    failed |= value == null;
    return value;
  }

  /** Marks the mapping as failed after a problem the caller reported itself. */
  public void fail() {
    failed = true;
  }

  /**
   * Builds the record unless a value failed. A rejection by the record's constructor is reported at
   * the field its message starts with (constructors name the field first), else at the mapping.
   *
   * @param constructor makes the record from the values read
   * @param <T> the record's type
   * @return the record; null if a value failed or the constructor rejected them (reported)
   */
  public <T> T build(Supplier<T> constructor) {
    if (failed) {
      return null;
    }
    try {
      return constructor.get();
    } catch (IllegalArgumentException rejected) {
      reportRejection(rejected.getMessage());
      failed = true;
      return null;
    }
  }

  private void reportRejection(String message) {
    Matcher named = NAMED_FIELD.matcher(message);
    if (!named.lookingAt()) {
      problems.error(mapping, message);
      return;
    }
    String field = named.group(1);
    String base =
        field.contains("[") ? field.substring(0, field.indexOf('[')) : field.split("\\.", 2)[0];
    YamlNode.Entry entry = entries.get(base);
    if (entry == null) {
      problems.error(mapping, message);
      return;
    }
    String path = mapping.childPath(field);
    Matcher badKey = BAD_KEY.matcher(message);
    if (badKey.matches() && problems.isWritten(path + "." + badKey.group(1))) {
      path =
          path
              + "."
              + badKey.group(
                  1); // "dscpToPriority key must be a DSCP 0..63 but was 64": at that entry
    }
    if (!problems.isWritten(path)) {
      path = entry.value().path();
    }
    int[] position = problems.positionOf(path);
    problems.error(position[0], position[1], path, message);
  }

  private void declared(String key) {
    if (!shape.accepts(key)) {
      throw new IllegalStateException(shape.name() + " does not declare key " + key);
    }
  }
}
