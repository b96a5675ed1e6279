package dev.rocelab.junit.shards;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** A class for the shard test to deal out; not run by Surefire (its name is no test's). */
class FixtureCharlie {

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
