package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.internal.Texts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Converts YAML values to Java values, reporting what does not fit. Every method returns null after
 * reporting a problem, so callers can go on and find the next one.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Values {

  private static final Pattern WHOLE = Pattern.compile("[-+]?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("[-+]?[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?");

  private final ProblemCollector problems;

  /**
   * Creates the readers; the fabric-file reader makes one per file.
   *
   * @param problems where problems go
   */
  public Values(ProblemCollector problems) {
    this.problems = problems;
  }

  /**
   * @return where problems go, for a rule of the caller's own
   */
  public ProblemCollector problems() {
    return problems;
  }

  /**
   * A scalar taken as written, whatever YAML type it looks like ({@code 28.39.1002}, {@code 1.0}).
   *
   * @param node a scalar
   * @return its text, or null after reporting that it is not a scalar
   */
  public String text(YamlNode node) {
    return node.isScalar() ? node.text() : mismatch(node, "a string");
  }

  /**
   * @param node a scalar
   * @return its whole number, or null after reporting why not
   */
  public Integer wholeNumber(YamlNode node) {
    if (!node.isScalar() || !node.hasTag(Tag.INT) || !WHOLE.matcher(node.text()).matches()) {
      return mismatch(node, "a whole number");
    }
    try {
      return Integer.valueOf(node.text().startsWith("+") ? node.text().substring(1) : node.text());
    } catch (NumberFormatException tooLarge) {
      problems.error(node, Texts.quote(node.text()) + " is too large for a whole number");
      return null;
    }
  }

  /**
   * @param node a scalar
   * @return its number, or null after reporting why not
   */
  public Double number(YamlNode node) {
    if (!node.isScalar()
        || !(node.hasTag(Tag.INT) || node.hasTag(Tag.FLOAT))
        || !DECIMAL.matcher(node.text()).matches()) {
      return mismatch(node, "a number");
    }
    return Double.valueOf(node.text());
  }

  /**
   * @param node a scalar
   * @return its boolean, or null after reporting why not
   */
  public Boolean bool(YamlNode node) {
    if (!node.isScalar() || !node.hasTag(Tag.BOOL)) {
      return mismatch(node, "true or false");
    }
    String text = node.text().toLowerCase(Locale.ROOT);
    return text.equals("true") || text.equals("yes") || text.equals("on");
  }

  /**
   * @param node a scalar such as {@code 4MiB}
   * @return the size, or null after reporting why not
   */
  public DataSize size(YamlNode node) {
    return unit(node, "a size", DataSize::parse);
  }

  /**
   * @param node a scalar such as {@code 400Gbps}
   * @return the rate, or null after reporting why not
   */
  public Rate rate(YamlNode node) {
    return unit(node, "a rate", Rate::parse);
  }

  /**
   * @param node a scalar such as {@code 2ms}
   * @return the duration, or null after reporting why not
   */
  public SimTime duration(YamlNode node) {
    return unit(node, "a duration", SimTime::parse);
  }

  /**
   * @param node a scalar such as {@code 5m}
   * @return the length, or null after reporting why not
   */
  public Length length(YamlNode node) {
    return unit(node, "a length", Length::parse);
  }

  private <T> T unit(YamlNode node, String expected, Function<String, T> parse) {
    if (!node.isScalar()) {
      return mismatch(node, expected);
    }
    try {
      return parse.apply(node.text());
    } catch (IllegalArgumentException e) {
      problems.error(node, e.getMessage());
      return null;
    }
  }

  /**
   * One of a fixed set of words.
   *
   * @param node a scalar
   * @param noun what the word names, for the message ({@code "forwarding mode"})
   * @param choices the accepted words and their values, in the order the message lists them
   * @param <E> the values' type
   * @return the value of the word, or null after reporting the words accepted
   */
  public <E> E choice(YamlNode node, String noun, Map<String, E> choices) {
    if (!node.isScalar()) {
      return mismatch(node, "a " + noun);
    }
    E value = choices.get(node.text());
    if (value == null) {
      problems.error(
          node,
          Texts.quote(node.text())
              + " is not a "
              + noun
              + "; use "
              + String.join(", ", choices.keySet()));
    }
    return value;
  }

  /**
   * A list whose elements all convert.
   *
   * @param node a list
   * @param element reads one element, reporting (and returning null) if it cannot
   * @param <T> the elements' type
   * @return the elements; null if it is not a list or any element fails (all are checked)
   */
  public <T> List<T> list(YamlNode node, Function<YamlNode, T> element) {
    if (!node.isList()) {
      return mismatch(node, "a list");
    }
    List<T> values = new ArrayList<>();
    boolean complete = true;
    for (YamlNode item : node.elements(problems)) {
      T value = element.apply(item);
      complete &= value != null;
      values.add(value);
    }
    return complete ? values : null;
  }

  /**
   * A mapping from names to values, in file order.
   *
   * @param node a mapping
   * @param value reads one entry from its name and value, reporting (and returning null) if it
   *     cannot
   * @param <T> the values' type
   * @return the entries; null if it is not a mapping or any entry fails (all are checked)
   */
  public <T> Map<String, T> namedMap(YamlNode node, BiFunction<String, YamlNode, T> value) {
    return map(node, YamlNode::text, value);
  }

  /**
   * A mapping whose keys are whole numbers ({@code 3: 96KiB}); keys that are not are reported.
   *
   * @param node a mapping
   * @param value reads one value, reporting (and returning null) if it cannot
   * @param <T> the values' type
   * @return the entries in file order; null if it is not a mapping or any key or value fails
   */
  public <T> Map<Integer, T> numberedMap(YamlNode node, Function<YamlNode, T> value) {
    return map(
        node,
        key -> {
          if (!WHOLE.matcher(key.text()).matches()) {
            problems.error(
                key,
                key.path(),
                "expected a whole number as key but found " + Texts.quote(key.text()));
            return null;
          }
          try {
            return Integer.valueOf(
                key.text().startsWith("+") ? key.text().substring(1) : key.text());
          } catch (NumberFormatException tooLarge) {
            problems.error(
                key, key.path(), Texts.quote(key.text()) + " is too large for a whole number");
            return null;
          }
        },
        (k, v) -> value.apply(v));
  }

  private <K, T> Map<K, T> map(
      YamlNode node, Function<YamlNode, K> key, BiFunction<K, YamlNode, T> value) {
    if (!node.isMapping()) {
      return mismatch(node, "a mapping");
    }
    Map<K, T> values = new LinkedHashMap<>();
    boolean complete = true;
    for (YamlNode.Entry entry : node.entries(problems).values()) {
      K k = key.apply(entry.key());
      T v = value.apply(k, entry.value());
      complete &= k != null && v != null;
      if (k != null && v != null) {
        values.put(k, v);
      }
    }
    return complete ? values : null;
  }

  /**
   * The accepted words of a {@link #choice}, in the order messages list them.
   *
   * @param pairs word, value, word, value...
   * @param <V> the values' type
   * @return the words and their values
   */
  @SuppressWarnings("unchecked")
  public static <V> Map<String, V> choices(Object... pairs) {
    Map<String, V> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (V) pairs[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }

  /**
   * The word a file writes for a value of a {@link #choice}: the inverse of {@link #choices}, for
   * writing a section back ({@link SectionReader#write}).
   *
   * @param choices the accepted words and their values
   * @param value one of the values
   * @param <V> the values' type
   * @return its word (the first, if several words mean it)
   * @throws IllegalArgumentException if no word means the value
   */
  public static <V> String word(Map<String, V> choices, V value) {
    for (Map.Entry<String, V> choice : choices.entrySet()) {
      if (choice.getValue().equals(value)) {
        return choice.getKey();
      }
    }
    throw new IllegalArgumentException("no word for " + value + " among " + choices.keySet());
  }

  /**
   * Reports that a node is not what was expected.
   *
   * @param node the node
   * @param expected what was expected, e.g. {@code "a mapping"}
   * @param <T> what the caller returns
   * @return null
   */
  public <T> T mismatch(YamlNode node, String expected) {
    problems.error(node, "expected " + expected + " but found " + node.describe());
    return null;
  }
}
