package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.fabricfile.internal.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A SnakeYAML node together with its field path in the fabric file ({@code qos.lossless.ecn.3}) and
 * its 1-based position. Children are created through {@link #entries} and {@link #elements}, which
 * register every path with the {@link ProblemCollector} so later findings can be located.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class YamlNode {

  private final Node node;
  private final String path;
  private final YamlNode parent;

  private YamlNode(Node node, String path, YamlNode parent) {
    this.node = node;
    this.path = path;
    this.parent = parent;
  }

  /**
   * The root of a parsed file.
   *
   * @param node snakeyaml's root node
   * @param problems where positions are registered
   * @return the root
   */
  public static YamlNode root(Node node, ProblemCollector problems) {
    YamlNode root = new YamlNode(node, "", null);
    problems.register(root);
    return root;
  }

  /** A key and its value in a mapping. */
  public record Entry(YamlNode key, YamlNode value) {}

  /**
   * @return the node's path in the file, e.g. {@code lab.hosts.host1}
   */
  public String path() {
    return path;
  }

  /**
   * @return its 1-based line
   */
  public int line() {
    return node.getStartMark().getLine() + 1;
  }

  /**
   * @return its 1-based column
   */
  public int column() {
    return node.getStartMark().getColumn() + 1;
  }

  /**
   * @return whether it is a mapping
   */
  public boolean isMapping() {
    return node instanceof MappingNode;
  }

  /**
   * @return whether it is a list
   */
  public boolean isList() {
    return node instanceof SequenceNode;
  }

  /**
   * @return whether this is a scalar other than null ({@code ~}, {@code null} or nothing at all)
   */
  public boolean isScalar() {
    return node instanceof ScalarNode && !Tag.NULL.equals(node.getTag());
  }

  /**
   * @param tag a YAML type ({@link Tag#INT}, {@link Tag#FLOAT}, ...)
   * @return whether the scalar's resolved YAML type is that one
   */
  public boolean hasTag(Tag tag) {
    return tag.equals(node.getTag());
  }

  /**
   * @return the scalar's text exactly as written (without quotes)
   */
  public String text() {
    return ((ScalarNode) node).getValue();
  }

  /**
   * @return how the value reads in a message: {@code a mapping}, {@code a list}, {@code "text"},
   *     {@code nothing}
   */
  public String describe() {
    if (node instanceof MappingNode) {
      return "a mapping";
    }
    if (node instanceof SequenceNode) {
      return "a list";
    }
    if (!isScalar()) {
      return "nothing";
    }
    ScalarNode scalar = (ScalarNode) node;
    return (scalar.isPlain() ? "" : "the string ") + Texts.quote(scalar.getValue());
  }

  /**
   * The entries of this mapping, keys as written. Reports duplicate keys, non-scalar keys and
   * recursive aliases; merge keys ({@code <<: *base}) contribute the entries not given explicitly.
   *
   * @param problems where the problems go
   * @return the entries in file order
   */
  public Map<String, Entry> entries(ProblemCollector problems) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    List<Entry> merged = new ArrayList<>();
    for (NodeTuple tuple : ((MappingNode) node).getValue()) {
      YamlNode key = new YamlNode(tuple.getKeyNode(), path, this);
      if (Tag.MERGE.equals(tuple.getKeyNode().getTag())) {
        collectMerged(child(tuple.getValueNode(), path), merged, problems);
        continue;
      }
      if (!key.isScalar()) {
        problems.error(key, path, "expected a key but found " + key.describe());
        continue;
      }
      String name = key.text();
      Entry previous = entries.get(name);
      if (previous != null) {
        problems.error(
            key,
            path,
            "duplicate key "
                + Texts.quote(name)
                + " (first given on line "
                + previous.key().line()
                + ")");
        continue;
      }
      YamlNode value = child(tuple.getValueNode(), childPath(name));
      if (value != null) {
        entries.put(name, new Entry(key, value));
        problems.register(value);
      } else {
        problems.error(key, childPath(name), "recursive alias");
      }
    }
    for (Entry entry : merged) {
      String name = entry.key().text();
      if (!entries.containsKey(name)) {
        YamlNode value = new YamlNode(entry.value().node, childPath(name), this);
        entries.put(name, new Entry(entry.key(), value));
        problems.register(value);
      }
    }
    return entries;
  }

  private void collectMerged(YamlNode source, List<Entry> merged, ProblemCollector problems) {
    if (source != null && source.isMapping()) {
      merged.addAll(source.entries(problems).values());
    } else if (source != null && source.isList()) {
      for (YamlNode element : source.elements(problems)) {
        collectMerged(element, merged, problems);
      }
    } else if (source != null) {
      problems.error(source, path, "expected a mapping to merge but found " + source.describe());
    }
  }

  /**
   * The value of a key without reporting anything, for choosing a mapping's shape by one of its
   * keys before reading it ({@code kind}, {@code mode}).
   *
   * @param key the key
   * @return its value, or empty if the mapping has no such key
   */
  public Optional<YamlNode> peek(String key) {
    for (NodeTuple tuple : ((MappingNode) node).getValue()) {
      if (tuple.getKeyNode() instanceof ScalarNode scalar && scalar.getValue().equals(key)) {
        return Optional.ofNullable(child(tuple.getValueNode(), childPath(key)));
      }
    }
    return Optional.empty();
  }

  /**
   * The elements of this list, with paths {@code path[i]}; a recursive alias is reported and left
   * out.
   *
   * @param problems where the problems go
   * @return the elements
   */
  public List<YamlNode> elements(ProblemCollector problems) {
    List<YamlNode> elements = new ArrayList<>();
    List<Node> values = ((SequenceNode) node).getValue();
    for (int i = 0; i < values.size(); i++) {
      YamlNode element = child(values.get(i), path + "[" + i + "]");
      if (element == null) {
        problems.error(this, path + "[" + i + "]", "recursive alias");
        continue;
      }
      problems.register(element);
      elements.add(element);
    }
    return elements;
  }

  /**
   * @param key a key of this mapping
   * @return the path of the value under it
   */
  public String childPath(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** A child node, or null if it is one of its own ancestors (an alias to an enclosing anchor). */
  private YamlNode child(Node child, String childPath) {
    for (YamlNode ancestor = this; ancestor != null; ancestor = ancestor.parent) {
      if (ancestor.node == child) {
        return null;
      }
    }
    return new YamlNode(child, childPath, this);
  }
}
