package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Finding;
import dev.rocelab.api.fabric.Finding.Severity;
import dev.rocelab.fabricfile.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Collects the problems of one file and remembers where every field path was written, so that
 * findings about the finished {@code FabricSpec} can be pointed at the line they come from.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProblemCollector {

  private final String file;
  private final Set<Problem> problems = new LinkedHashSet<>();
  private final Map<String, int[]> positions = new HashMap<>();

  /**
   * @param file the file name as the user gave it
   */
  public ProblemCollector(String file) {
    this.file = file;
  }

  /**
   * Remembers where a node is, so that problems found later at its path point at it.
   *
   * @param node a node of the file
   */
  public void register(YamlNode node) {
    positions.putIfAbsent(node.path(), new int[] {node.line(), node.column()});
  }

  /**
   * Reports an error at a node: its line, column and path.
   *
   * @param at where
   * @param message the rule broken, e.g. {@code "must be > 0"}
   */
  public void error(YamlNode at, String message) {
    error(at, at.path(), message);
  }

  /**
   * Reports an error at a node's position under another path.
   *
   * @param at where
   * @param path the field the message names
   * @param message the rule broken
   */
  public void error(YamlNode at, String path, String message) {
    problems.add(new Problem(file, at.line(), at.column(), path, message, Severity.ERROR));
  }

  /**
   * Reports an error at a position.
   *
   * @param line 1-based
   * @param column 1-based
   * @param path the field
   * @param message the rule broken
   */
  public void error(int line, int column, String path, String message) {
    problems.add(new Problem(file, line, column, path, message, Severity.ERROR));
  }

  /**
   * Reports a validator finding at the position of its path, or of the nearest enclosing path
   * written.
   *
   * @param finding what the validator found
   */
  public void finding(Finding finding) {
    int[] position = positionOf(finding.path());
    problems.add(
        new Problem(
            file, position[0], position[1], finding.path(), finding.message(), finding.severity()));
  }

  /**
   * @param path a field path in key notation ({@code topology.links[2].a})
   * @return whether the path was written in the file
   */
  public boolean isWritten(String path) {
    return positions.containsKey(path);
  }

  /**
   * @return the position of a path, or of its nearest written parent; 1:1 if none
   */
  int[] positionOf(String path) {
    String candidate = path;
    while (!candidate.isEmpty()) {
      int[] position = positions.get(candidate);
      if (position != null) {
        return position;
      }
      candidate = parentOf(candidate);
    }
    return positions.getOrDefault("", new int[] {1, 1});
  }

  private static String parentOf(String path) {
    if (path.endsWith("]")) {
      return path.substring(0, path.lastIndexOf('['));
    }
    int dot = path.lastIndexOf('.');
    return dot < 0 ? "" : path.substring(0, dot);
  }

  /**
   * @return whether any error was reported
   */
  public boolean hasErrors() {
    return problems.stream().anyMatch(Problem::isError);
  }

  /**
   * @return the problems in file order (discovery order among problems at the same position)
   */
  public List<Problem> problems() {
    List<Problem> sorted = new ArrayList<>(problems);
    sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
    return sorted;
  }
}
