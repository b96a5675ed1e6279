package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.apiguardian.api.API;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Runs one shard of the discovered test classes when {@code -Drocelab.shard=K/N} (or {@code
 * ROCELAB_SHARD=K/N}) is set, so a CI matrix of N jobs runs the suites once between them: the test
 * classes (top-level or static nested), sorted by name, are dealt round-robin, shard K taking the
 * K-th, (K+N)-th… Every machine discovers the same classes from the same commit, so the shards are
 * disjoint and together are the whole run; a class (with its {@code @Nested} classes, its session
 * and its sweeps) stays in one shard. Without the setting every test runs. Registered as a launcher
 * service.
 */
@API(status = INTERNAL, since = "0.2")
public final class ShardFilter implements PostDiscoveryFilter {

  /** The system property that selects a shard, e.g. {@code 2/4}. */
  public static final String PROPERTY = "rocelab.shard";

  /** The environment variable that selects a shard when the property is not set. */
  public static final String ENVIRONMENT_VARIABLE = "ROCELAB_SHARD";

  private final Optional<Shard> shard;

  // the classes of the tree being filtered, worked out once per tree (the same root object)
  private TestDescriptor root;
  private List<String> classes = List.of();

  /** The filter the launcher loads: the shard from the property or the environment. */
  public ShardFilter() {
    this(
        Shard.parse(
            Optional.ofNullable(System.getProperty(PROPERTY))
                .or(() -> Optional.ofNullable(System.getenv(ENVIRONMENT_VARIABLE)))));
  }

  /**
   * @param shard the shard to run; empty to run everything
   */
  public ShardFilter(Optional<Shard> shard) {
    this.shard = shard;
  }

  /**
   * One shard of N.
   *
   * @param index 1..count
   * @param count how many shards, &ge; 1
   */
  public record Shard(int index, int count) {

    /** Checks {@code 1 <= index <= count}. */
    public Shard {
      if (count < 1 || index < 1 || index > count) {
        throw new IllegalArgumentException(
            "-D" + PROPERTY + "=" + index + "/" + count + ": a shard is K/N with 1 <= K <= N");
      }
    }

    /**
     * @param text e.g. {@code 2/4}; empty or blank for none
     * @return the shard
     * @throws IllegalArgumentException saying how a shard is written
     */
    static Optional<Shard> parse(Optional<String> text) {
      if (text.isEmpty() || text.get().isBlank()) {
        return Optional.empty();
      }
      String[] parts = text.get().strip().split("/", -1);
      try {
        if (parts.length == 2) {
          return Optional.of(new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
        }
      } catch (NumberFormatException e) {
        // said below
      }
      throw new IllegalArgumentException(
          "-D" + PROPERTY + "=" + text.get() + ": a shard is K/N, e.g. 2/4 for the second of four");
    }
  }

  @Override
  public FilterResult apply(TestDescriptor descriptor) {
    if (shard.isEmpty()) {
      return FilterResult.included("no shard selected");
    }
    Optional<String> owner = topLevelClass(descriptor);
    if (owner.isEmpty()) {
      return FilterResult.included("not a test class");
    }
    List<String> classes = classesUnder(root(descriptor));
    int position = classes.indexOf(owner.get());
    Shard s = shard.get();
    String name = "shard " + s.index() + "/" + s.count();
    return position % s.count() == s.index() - 1
        ? FilterResult.included(owner.get() + " is in " + name)
        : FilterResult.excluded(owner.get() + " is not in " + name);
  }

  /**
   * The test classes of a tree, sorted. Roots are compared by identity: every discovery request
   * builds a new tree, and two trees of one engine are equal by unique id.
   */
  private synchronized List<String> classesUnder(TestDescriptor tree) {
    if (tree != root) {
      TreeSet<String> names = new TreeSet<>();
      tree.getDescendants().forEach(d -> topLevelClass(d).ifPresent(names::add));
      root = tree;
      classes = new ArrayList<>(names);
    }
    return classes;
  }

  private static TestDescriptor root(TestDescriptor descriptor) {
    TestDescriptor root = descriptor;
    while (root.getParent().isPresent()) {
      root = root.getParent().get();
    }
    return root;
  }

  /**
   * The test class a descriptor belongs to, as dealt to shards: the class directly under the
   * engine's root (a top-level or static nested test class), whose {@code @Nested} classes, methods
   * and invocations go with it.
   */
  private static Optional<String> topLevelClass(TestDescriptor descriptor) {
    TestDescriptor owner = descriptor;
    while (owner.getParent().flatMap(TestDescriptor::getParent).isPresent()) {
      owner = owner.getParent().get();
    }
    if (owner.getParent().isEmpty()) {
      return Optional.empty(); // the root itself
    }
    Optional<TestSource> source = owner.getSource();
    if (source.isPresent() && source.get() instanceof ClassSource c) {
      return Optional.of(c.getClassName());
    }
    if (source.isPresent() && source.get() instanceof MethodSource m) {
      return Optional.of(m.getClassName());
    }
    return Optional.empty();
  }
}
