package dev.rocelab.fabricfile.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FabricValidator;
import dev.rocelab.api.fabric.Finding;
import dev.rocelab.fabricfile.Problem;
import dev.rocelab.fabricfile.spi.ProblemCollector;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads a fabric file in three passes — YAML syntax, binding to the records, then {@link
 * FabricValidator}'s cross-checks — and collects every problem with its position.
 */
@API(status = INTERNAL, since = "0.1")
public final class FabricFileReader {

  /**
   * Fabric files are hand-written; anything larger is a mistake (or an attack on the parser): at
   * most this many characters by default ({@code rocelab.limits.fileBytes}).
   */
  public static final int DEFAULT_MAX_CHARS = 4 * 1024 * 1024;

  /**
   * Lines at most this long by default ({@code rocelab.limits.lineLength}); see {@link
   * BoundedReader}.
   */
  public static final int DEFAULT_MAX_LINE = 65_536;

  private FabricFileReader() {}

  /**
   * The result of reading one file.
   *
   * @param spec the fabric, empty if there are errors
   * @param problems every problem, in file order
   */
  public record Result(Optional<FabricSpec> spec, List<Problem> problems) {}

  /**
   * Reads a fabric file.
   *
   * @param reader the content; read to the end, not closed
   * @param file the name problems carry
   * @return the fabric and the problems
   */
  public static Result read(Reader reader, String file) {
    ProblemCollector problems = new ProblemCollector(file);
    Optional<Node> root = compose(reader, problems);
    if (root.isEmpty()) {
      return new Result(Optional.empty(), problems.problems());
    }
    FabricSpec spec = new FabricBinder(problems).bind(YamlNode.root(root.get(), problems));
    if (spec == null || problems.hasErrors()) {
      return new Result(Optional.empty(), problems.problems());
    }
    try {
      FabricValidator.validate(spec).forEach(f -> problems.finding(writtenAt(f, spec, problems)));
    } catch (IllegalArgumentException unexpandable) {
      // The validator should report rather than throw; if it throws, the content is still at fault.
      problems.error(1, 1, "", unexpandable.getMessage());
    }
    return new Result(
        problems.hasErrors() ? Optional.empty() : Optional.of(spec), problems.problems());
  }

  /**
   * A finding on a NIC profile's key that the profile does not write but its firmware version in
   * {@code firmwareProfiles} does, moved to the version's key: the value comes from there, and so
   * must its fix. Any other finding as it is.
   */
  private static Finding writtenAt(Finding finding, FabricSpec spec, ProblemCollector problems) {
    if (problems.isWritten(finding.path())) {
      return finding;
    }
    String path = finding.path();
    return spec.nicProfiles().entrySet().stream()
        .filter(e -> path.startsWith("nicProfiles." + e.getKey() + "."))
        .max(Comparator.comparingInt(e -> e.getKey().length()))
        .map(
            e ->
                "firmwareProfiles.nic."
                    + e.getValue().firmware()
                    + path.substring(("nicProfiles." + e.getKey()).length()))
        .filter(problems::isWritten)
        .map(version -> new Finding(finding.severity(), version, finding.message()))
        .orElse(finding);
  }

  /**
   * @return the most characters a fabric file may have
   */
  public static int maxChars() {
    return limit("fileBytes", DEFAULT_MAX_CHARS);
  }

  private static int limit(String name, int defaultValue) {
    Integer value = Integer.getInteger("rocelab.limits." + name);
    return value == null || value < 1 ? defaultValue : value;
  }

  private static Optional<Node> compose(Reader reader, ProblemCollector problems) {
    LoaderOptions options = new LoaderOptions();
    int maxChars = maxChars();
    options.setCodePointLimit(maxChars == Integer.MAX_VALUE ? maxChars : maxChars + 1);
    try {
      Node root =
          new Yaml(options)
              .compose(new BoundedReader(reader, maxChars, limit("lineLength", DEFAULT_MAX_LINE)));
      if (root == null) {
        problems.error(
            1,
            1,
            "",
            "the file is empty; a fabric file is a mapping with at least the keys "
                + String.join(", ", Shapes.FABRIC.requiredKeys()));
      }
      return Optional.ofNullable(root);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      problems.error(
          mark == null ? 1 : mark.getLine() + 1,
          mark == null ? 1 : mark.getColumn() + 1,
          "",
          syntaxMessage(e));
      return Optional.empty();
    } catch (YAMLException e) {
      if (e.getCause() instanceof BoundedReader.LimitExceeded limit) {
        problems.error(limit.line(), 1, "", limit.getMessage());
      } else if (e.getCause() instanceof CharacterCodingException) {
        problems.error(1, 1, "", "not a UTF-8 text file: " + e.getCause());
      } else if (e.getCause() instanceof IOException failure) {
        throw new UncheckedIOException(failure);
      } else {
        problems.error(1, 1, "", "not a readable YAML file: " + e.getMessage());
      }
      return Optional.empty();
    }
  }

  /**
   * SnakeYAML splits its messages into a context ("while parsing a flow mapping" or "expected a
   * single document in the stream") and a problem ("but found another document").
   */
  private static String syntaxMessage(MarkedYAMLException e) {
    String problem = e.getProblem() == null ? "invalid YAML" : e.getProblem();
    String context = e.getContext();
    if (context == null) {
      return "YAML syntax error: " + problem;
    }
    if (!context.startsWith("while")) {
      return "YAML syntax error: " + context + " " + problem;
    }
    Mark start = e.getContextMark();
    return "YAML syntax error: "
        + problem
        + " ("
        + context
        + (start != null && e.getProblemMark() != null ? " on line " + (start.getLine() + 1) : "")
        + ")";
  }
}
