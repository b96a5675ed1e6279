package dev.rocelab.junit.shards;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Test classes for the shard test to deal out: static nested classes are test classes of their own,
 * each with an {@code @Nested} class that must stay in its shard. Not run by Surefire (no name here
 * is a test's).
 */
final class ShardFixtures {

  private ShardFixtures() {}

  /** Two tests and a nested one, as every fixture has. */
  abstract static class Fixture {

    @Test
    void one() {}

    @Test
    void two() {}

    @Nested
    class Inner {
      @Test
      void three() {}
    }
  }

  static class Alpha extends Fixture {}

  static class Bravo extends Fixture {}

  static class Charlie extends Fixture {}

  static class Delta extends Fixture {}

  static class Echo extends Fixture {}

  /** A class with a plain test and a sweep of five points, which the shards share out. */
  @FabricTest(fabric = "fabrics/reference.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class Foxtrot {

    @Test
    void plain() {}

    @Incast(
        senders = {2, 3, 4, 5, 6},
        priority = 3)
    void sweep(RunResult run) {}
  }
}
