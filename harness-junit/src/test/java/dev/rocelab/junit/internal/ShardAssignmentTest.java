package dev.rocelab.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dealing classes to shards: by name, or by an earlier run's timings. */
class ShardAssignmentTest {

  private static final List<String> CLASSES = List.of("a.A", "a.B", "a.C", "a.D", "a.E");

  @Test
  void withoutTimingsTheClassesAreDealtRoundRobinInNameOrder() {
    assertThat(ShardAssignment.of(CLASSES, Map.of(), 2))
        .isEqualTo(Map.of("a.A", 0, "a.B", 1, "a.C", 0, "a.D", 1, "a.E", 0));
  }

  @Test
  void theCostliestClassGoesFirstToTheShardWithTheLeastTimeSoFar() {
    Map<String, Integer> shardOf =
        ShardAssignment.of(
            CLASSES, Map.of("a.A", 6.0, "a.B", 5.0, "a.C", 4.0, "a.D", 3.0, "a.E", 2.0), 2);

    // 6 | 5 → 6 | 9 → 9 | 9 → 11 | 9 (a tie goes to the lower shard)
    assertThat(shardOf).isEqualTo(Map.of("a.A", 0, "a.B", 1, "a.C", 1, "a.D", 0, "a.E", 0));
  }

  @Test
  void aNestedClassCountsTowardsItsOuterClassUnlessItIsDealtItself() {
    // a.A$Inner is a @Nested class of a.A; a.B$Static is a test class of its own
    List<String> classes = List.of("a.A", "a.B", "a.B$Static");
    Map<String, Integer> shardOf =
        ShardAssignment.of(
            classes, Map.of("a.A", 1.0, "a.A$Inner", 9.0, "a.B", 4.0, "a.B$Static", 5.0), 2);

    // A costs 10: alone in the first shard; B (4) and B$Static (5) share the second
    assertThat(shardOf).isEqualTo(Map.of("a.A", 0, "a.B$Static", 1, "a.B", 1));
  }

  @Test
  void aClassTheTimingsDoNotKnowCostsTheMeanOfThoseTheyDo() {
    // known: A 8, B 2 (mean 5); C new, costs 5: after A (8 | 0) it goes to the second, B then too
    Map<String, Integer> shardOf =
        ShardAssignment.of(List.of("a.A", "a.B", "a.C"), Map.of("a.A", 8.0, "a.B", 2.0), 2);

    assertThat(shardOf).isEqualTo(Map.of("a.A", 0, "a.C", 1, "a.B", 1));
  }

  @Test
  void timingsOfClassesNoLongerThereAreIgnored() {
    assertThat(ShardAssignment.of(List.of("a.A", "a.B"), Map.of("gone.X", 100.0), 2))
        .isEqualTo(Map.of("a.A", 0, "a.B", 1));
  }
}
