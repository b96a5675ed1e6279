package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.alerting.internal.FabricThresholds;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.unit.Rate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A Prometheus rule file: its name (as promtool and reports show it) and its content.
 *
 * @param name the file name, e.g. {@code roce-fabric.rules.yaml}; no directory
 * @param content the YAML content
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RuleFile(String name, String content) {

  /** The class path resource of the example rules shipped with rocelab. */
  public static final String EXAMPLE_RULES = "rules/roce-fabric.rules.yaml";

  /** Validates the fields. */
  public RuleFile {
    Objects.requireNonNull(name, "name must not be null");
    Objects.requireNonNull(content, "content must not be null");
    if (name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
      throw new IllegalArgumentException("name must be a plain file name but was \"" + name + "\"");
    }
  }

  /**
   * @param file a rule file on disk
   * @return it, named by its file name
   */
  public static RuleFile of(Path file) {
    try {
      return new RuleFile(file.getFileName().toString(), Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read rule file " + file, e);
    }
  }

  /**
   * @param resource a class path resource, e.g. {@code rules/roce-fabric.rules.yaml}
   * @return it, named by the last segment of the resource name
   */
  public static RuleFile resource(String resource) {
    try (InputStream in = RuleFile.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no rule file " + resource + " on the class path");
      }
      return new RuleFile(
          resource.substring(resource.lastIndexOf('/') + 1),
          new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read rule file " + resource, e);
    }
  }

  /**
   * @return the example rules for RoCE fabrics shipped in this module
   */
  public static RuleFile exampleRules() {
    return resource(EXAMPLE_RULES);
  }

  /**
   * The example rules with the thresholds that follow from the fabric worked out for it, each by
   * the reasoning its comment gives for the reference fabric: CNP surge at five queue pairs at the
   * full CNP rate, buffer near full at half each switch's shared pool, busbw regression at 80% of a
   * host's NICs. A header lists the figures. The ECN surge, a share of the packets a port sends, is
   * the same on every fabric. On the reference fabric the rules are those of {@link
   * #exampleRules()}.
   *
   * @param fabric the fabric the rules are for, never null
   * @return the rules, named as the example
   * @since 0.3
   */
  public static RuleFile exampleRules(FabricGraph fabric) {
    Objects.requireNonNull(fabric, "fabric must not be null");
    return rendered(FabricThresholds.of(fabric));
  }

  /**
   * {@link #exampleRules(FabricGraph)}, with the busbw regression set from what a healthy
   * all-reduce reaches on the fabric (a nccl-tests baseline, as operators set this rule) where that
   * is more than a host's NICs' line rate: NCCL's tree and NVLS, with NVLink taking part of the
   * reduction, reach beyond it, and 80% of the NICs would page only for a regression of half or
   * more. Below the NICs' rate the NICs stay the reference, so a fabric that never reaches them
   * pages.
   *
   * @param fabric the fabric the rules are for, never null
   * @param healthyBusbw the busbw of a healthy all-reduce of the rule's sizes (1 GiB and up) on it,
   *     never null
   * @return the rules, named as the example
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static RuleFile exampleRules(FabricGraph fabric, Rate healthyBusbw) {
    Objects.requireNonNull(fabric, "fabric must not be null");
    Objects.requireNonNull(healthyBusbw, "healthyBusbw must not be null");
    return rendered(FabricThresholds.of(fabric).withHealthyBusbw(healthyBusbw));
  }

  private static RuleFile rendered(FabricThresholds thresholds) {
    RuleFile shipped = exampleRules();
    return new RuleFile(shipped.name(), thresholds.render(shipped.content()));
  }

  /**
   * The alerting rules' names, in file order. Call after promtool accepted the file.
   *
   * @return every {@code alert:} of every group
   */
  public List<String> alertNames() {
    List<String> names = new ArrayList<>();
    Object document = new Yaml(new SafeConstructor(new LoaderOptions())).load(content);
    if (document instanceof Map<?, ?> map && map.get("groups") instanceof List<?> groups) {
      for (Object group : groups) {
        if (group instanceof Map<?, ?> g && g.get("rules") instanceof List<?> rules) {
          for (Object rule : rules) {
            if (rule instanceof Map<?, ?> r
                && r.get("alert") != null
                && !names.contains(r.get("alert").toString())) {
              names.add(r.get("alert").toString());
            }
          }
        }
      }
    }
    return names;
  }
}
