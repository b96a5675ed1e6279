package dev.rocelab.suites;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The thresholds of one phase's suites, read from the class path resource {@code
 * criteria/<phase>.yaml} (a flat map of criterion → value, e.g. {@code p99Latency: 10us}), each
 * overridable by the system property {@code rocelab.criteria.<phase>.<criterion>}, e.g. {@code
 * -Drocelab.criteria.baseline.p99Latency=5us}.
 *
 * <p>The phase id is the phase's name in lower case with hyphens ({@code synthetic-load}, {@code
 * ai-workload}), as in the sign-off's report directories. An override that names no criterion of
 * the file is an error, so a typo cannot silently leave a default in force.
 *
 * <p>Every value read is named to {@link Checks#limitFrom} with its origin ({@code
 * criteria/baseline.yaml:3 p99Latency}, or the overriding {@code -D} property), so the report's
 * step for a check against it says where the limit comes from.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Criteria {

  /** The prefix of the system properties that override a criterion. */
  public static final String PROPERTY_PREFIX = "rocelab.criteria.";

  private final String file;
  private final String phaseId;
  private final Map<String, String> values;
  private final Map<String, String> origins;

  private Criteria(
      String file, String phaseId, Map<String, String> values, Map<String, String> origins) {
    this.file = file;
    this.phaseId = phaseId;
    this.values = values;
    this.origins = origins;
  }

  /**
   * Loads a phase's criteria with the system properties' overrides.
   *
   * @param phase the phase, never null
   * @return its criteria
   * @throws IllegalArgumentException when the file is missing or malformed, or an override names no
   *     criterion
   */
  public static Criteria of(Phase phase) {
    return of(phase, System.getProperties());
  }

  /**
   * Loads a phase's criteria with the given overrides.
   *
   * @param phase the phase, never null
   * @param overrides properties, of which those named {@code rocelab.criteria.<phase>.*} apply
   * @return its criteria
   * @throws IllegalArgumentException when the file is missing or malformed, or an override names no
   *     criterion
   */
  public static Criteria of(Phase phase, Properties overrides) {
    String phaseId = phase.name().toLowerCase(Locale.ROOT).replace('_', '-');
    String file = "criteria/" + phaseId + ".yaml";
    Map<String, String> values = new TreeMap<>();
    Map<String, String> origins = new TreeMap<>();
    for (NodeTuple entry : read(file).getValue()) {
      int line = entry.getKeyNode().getStartMark().getLine() + 1;
      if (!(entry.getKeyNode() instanceof ScalarNode key)
          || !(entry.getValueNode() instanceof ScalarNode value)
          || value.getTag().equals(Tag.NULL)) {
        throw new IllegalArgumentException(
            file
                + ":"
                + line
                + ": a criterion must be a name with one value, e.g. p99Latency: 10us");
      }
      values.put(key.getValue(), value.getValue());
      origins.put(key.getValue(), file + ":" + line);
    }
    String prefix = PROPERTY_PREFIX + phaseId + ".";
    for (String name : new TreeMap<>(toMap(overrides)).keySet()) {
      if (!name.startsWith(prefix)) {
        continue;
      }
      String key = name.substring(prefix.length());
      if (!values.containsKey(key)) {
        throw new IllegalArgumentException(
            "-D" + name + " names no criterion of " + file + "; known: " + values.keySet());
      }
      values.put(key, overrides.getProperty(name));
      origins.put(key, "-D" + name);
    }
    return new Criteria(file, phaseId, values, origins);
  }

  private static Map<String, String> toMap(Properties properties) {
    Map<String, String> map = new TreeMap<>();
    properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
    return map;
  }

  /** The file's top-level map as YAML nodes, which know their lines. */
  private static MappingNode read(String file) {
    try (InputStream in = Criteria.class.getClassLoader().getResourceAsStream(file)) {
      if (in == null) {
        throw new IllegalArgumentException("no criteria file " + file + " on the class path");
      }
      Node document =
          new Yaml(new SafeConstructor(new LoaderOptions()))
              .compose(new InputStreamReader(in, StandardCharsets.UTF_8));
      if (!(document instanceof MappingNode map)) {
        throw new IllegalArgumentException(file + ": expected a map of criterion: value");
      }
      return map;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /**
   * @param criterion a criterion of the file
   * @return where its value comes from: {@code criteria/<phase>.yaml:<line>}, or the overriding
   *     {@code -D} property
   */
  public String origin(String criterion) {
    String origin = origins.get(criterion);
    if (origin == null) {
      throw new IllegalArgumentException(
          file + " has no criterion " + criterion + "; known: " + values.keySet());
    }
    return origin;
  }

  /**
   * @param criterion a criterion of the file
   * @return its value as a duration
   */
  public SimTime time(String criterion) {
    return parse(criterion, "a duration such as 10us", SimTime::parse);
  }

  /**
   * @param criterion a criterion of the file
   * @return its value as a size
   */
  public DataSize size(String criterion) {
    return parse(criterion, "a size such as 160KiB", DataSize::parse);
  }

  /**
   * @param criterion a criterion of the file
   * @return its value as a rate
   */
  public Rate rate(String criterion) {
    return parse(criterion, "a rate such as 400Gbps", Rate::parse);
  }

  /**
   * @param criterion a criterion of the file
   * @return its value as a number, e.g. a fraction
   */
  public double number(String criterion) {
    return parse(criterion, "a number such as 0.9", Double::parseDouble);
  }

  private <T> T parse(String criterion, String expected, Function<String, T> parser) {
    String text = values.get(criterion);
    if (text == null) {
      throw new IllegalArgumentException(
          file + " has no criterion " + criterion + "; known: " + values.keySet());
    }
    try {
      T value = parser.apply(text.trim());
      // so a report can say where the limit of a check comes from
      Checks.limitFrom(value, origins.get(criterion) + " " + criterion);
      return value;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "criterion "
              + phaseId
              + "."
              + criterion
              + " = \""
              + text
              + "\" (from "
              + origins.get(criterion)
              + ") is not "
              + expected
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
