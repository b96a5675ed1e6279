package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Runs one shard of the discovered tests when {@code -Drocelab.shard=K/N} (or {@code
 * ROCELAB_SHARD=K/N}) is set, so a CI matrix of N jobs runs the suites once between them.
 *
 * <p>The top-level test classes are dealt to the shards, each whole with its nested classes and its
 * session: by a hash of the name, or, when {@code -Drocelab.shard.timings=DIR} names the JUnit XML
 * reports of an earlier run, costliest first to the least-loaded shard ({@link ShardAssignment}) —
 * either way the same in every discovery, whichever classes it holds. A scenario test's sweep is
 * the exception: its points are dealt round-robin over all shards (the extension leaves out the
 * others' points), so a sweep of hundreds of scenarios spreads over the matrix; its class then runs
 * in every shard that has a point of it. Every machine deals the same classes alike, so the shards
 * are disjoint and together are the whole run. Without the setting every test runs. Registered as a
 * launcher service.
 */
@API(status = INTERNAL, since = "0.2")
public final class ShardFilter implements PostDiscoveryFilter {

  private final Supplier<Optional<Shard>> shardSource;
  private final Supplier<Map<String, Double>> timingsSource;

  // worked out once per tree (the same root object): its discovery's shard and assignment
  private TestDescriptor root;
  private Optional<Shard> shard = Optional.empty();
  private ShardAssignment assignment;

  /**
   * The filter the launcher loads: each discovery's shard and timings come from its configuration
   * parameters or the environment ({@link Shard#selected()}, {@link ShardTimings#selected()}).
   */
  public ShardFilter() {
    this(Shard::selected, () -> ShardTimings.selected().map(ShardTimings::read).orElse(Map.of()));
  }

  /**
   * @param shard the shard to run; empty to run everything
   */
  public ShardFilter(Optional<Shard> shard) {
    this(shard, Map.of());
  }

  /**
   * @param shard the shard to run; empty to run everything
   * @param timings seconds per test class of an earlier run (see {@link ShardTimings}); empty to
   *     deal round-robin by name
   */
  public ShardFilter(Optional<Shard> shard, Map<String, Double> timings) {
    this(() -> shard, () -> timings);
  }

  private ShardFilter(
      Supplier<Optional<Shard>> shardSource, Supplier<Map<String, Double>> timingsSource) {
    this.shardSource = shardSource;
    this.timingsSource = timingsSource;
  }

  @Override
  public synchronized FilterResult apply(TestDescriptor descriptor) {
    deal(root(descriptor));
    if (shard.isEmpty()) {
      return FilterResult.included("no shard selected");
    }
    Optional<String> owner = topLevelClass(descriptor);
    if (owner.isEmpty()) {
      return FilterResult.included("not a test class");
    }
    Shard s = shard.get();
    if (isSweep(descriptor)) {
      return FilterResult.included("a sweep, its points dealt over every shard");
    }
    return assignment.shardOf(owner.get()) == s.index() - 1
        ? FilterResult.included(owner.get() + " is in " + s)
        : FilterResult.excluded(owner.get() + " is not in " + s);
  }

  /**
   * Reads a discovery's shard and timings, once per tree. Roots are compared by identity: every
   * discovery request builds a new tree, and two trees of one engine are equal by unique id.
   */
  private void deal(TestDescriptor tree) {
    if (tree == root) {
      return;
    }
    root = tree;
    shard = shardSource.get();
    assignment = shard.map(s -> new ShardAssignment(timingsSource.get(), s.count())).orElse(null);
  }

  /** A scenario test with its sweep: a template whose method carries a scenario annotation. */
  private static boolean isSweep(TestDescriptor descriptor) {
    return descriptor.isContainer()
        && descriptor.getSource().orElse(null) instanceof MethodSource m
        && ScenarioAnnotations.isScenarioMethod(m.getJavaMethod());
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
