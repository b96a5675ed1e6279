package dev.rocelab.junit.shards;

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
}
