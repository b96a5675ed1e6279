package dev.rocelab.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Dealing classes to shards: by a hash of the name, or by an earlier run's timings. */
class ShardAssignmentTest {

  @Test
  void withoutTimingsAClassesShardIsAFunctionOfItsNameAlone() {
    ShardAssignment assignment = new ShardAssignment(Map.of(), 4);
    List<String> classes =
        IntStream.range(0, 200).mapToObj(i -> "dev.example.Suite" + i + "Test").toList();

    Map<Integer, Integer> perShard = new HashMap<>();
    for (String c : classes) {
      int shard = assignment.shardOf(c);
      assertThat(shard).isBetween(0, 3);
      assertThat(new ShardAssignment(Map.of(), 4).shardOf(c)).as(c).isEqualTo(shard);
      perShard.merge(shard, 1, Integer::sum);
    }
    // 200 names spread over four shards, none far from 50
    assertThat(perShard.values()).allSatisfy(n -> assertThat(n).isBetween(35, 65));
  }

  @Test
  void theCostliestClassGoesFirstToTheShardWithTheLeastTimeSoFar() {
    ShardAssignment assignment =
        new ShardAssignment(Map.of("a.A", 6.0, "a.B", 5.0, "a.C", 4.0, "a.D", 3.0, "a.E", 2.0), 2);

    // 6 | 5 → 6 | 9 → 9 | 9 → 11 | 9 (a tie goes to the lower shard)
    assertThat(List.of("a.A", "a.B", "a.C", "a.D", "a.E").stream().map(assignment::shardOf))
        .containsExactly(0, 1, 1, 0, 0);
  }

  @Test
  void aNestedClassCountsTowardsItsOuterClassWhenTheReportsNameThatToo() {
    // a.A$Inner is a @Nested class of a.A (which has tests of its own); b.Holder$Static is a test
    // class of its own in a holder without tests
    ShardAssignment assignment =
        new ShardAssignment(
            Map.of("a.A", 1.0, "a.A$Inner", 9.0, "b.B", 4.0, "b.Holder$Static", 5.0), 2);

    // A costs 10: alone in the first shard; B (4) and Holder$Static (5) share the second
    assertThat(assignment.shardOf("a.A")).isZero();
    assertThat(assignment.shardOf("b.Holder$Static")).isOne();
    assertThat(assignment.shardOf("b.B")).isOne();
  }

  @Test
  void aClassTheTimingsDoNotNameFallsBackToTheHash() {
    ShardAssignment timed = new ShardAssignment(Map.of("a.A", 8.0, "a.B", 2.0), 3);
    ShardAssignment untimed = new ShardAssignment(Map.of(), 3);

    assertThat(timed.shardOf("a.New")).isEqualTo(untimed.shardOf("a.New"));
  }
}
