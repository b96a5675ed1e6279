package dev.rocelab.junit.shards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.rocelab.junit.internal.ShardFilter;
import dev.rocelab.junit.internal.ShardFilter.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** N shards run every test exactly once between them, each class whole in one shard. */
class ShardFilterTest {

  private static final Class<?>[] FIXTURES = {
    ShardFixtures.Alpha.class,
    ShardFixtures.Bravo.class,
    ShardFixtures.Charlie.class,
    ShardFixtures.Delta.class,
    ShardFixtures.Echo.class
  };

  @Test
  void theShardsAreDisjointAndTogetherTheWholeRun() {
    Set<String> whole = run(Optional.empty());
    assertThat(whole).hasSize(15);
    for (int count = 1; count <= 4; count++) {
      Set<String> union = new TreeSet<>();
      int total = 0;
      for (int index = 1; index <= count; index++) {
        Set<String> shard = run(Optional.of(new Shard(index, count)));
        total += shard.size();
        union.addAll(shard);
      }
      assertThat(union).as("%d shards together", count).isEqualTo(whole);
      assertThat(total).as("%d shards, no test twice", count).isEqualTo(whole.size());
    }
  }

  @Test
  void classesAreDealtRoundRobinByNameSoTheShardsAreBalanced() {
    // five classes over two shards: three and two, nested classes with their outer class
    assertThat(classes(run(Optional.of(new Shard(1, 2)))))
        .containsExactly("Alpha", "Charlie", "Echo");
    assertThat(classes(run(Optional.of(new Shard(2, 2))))).containsExactly("Bravo", "Delta");
  }

  @Test
  void aFilterUsedForSeveralDiscoveriesDealsEachTreeAfresh() {
    // one launcher, as a build tool may use it, discovering one class and then all five
    ShardFilter filter = new ShardFilter(Optional.of(new Shard(2, 2)));
    assertThat(run(filter, ShardFixtures.Alpha.class)).isEmpty();
    assertThat(classes(run(filter, FIXTURES))).containsExactly("Bravo", "Delta");
  }

  @Test
  void aShardIsWrittenKOfN() {
    assertThatThrownBy(() -> new Shard(3, 2)).hasMessageContaining("1 <= K <= N");
    assertThatThrownBy(() -> new ShardFilter.Shard(0, 0)).hasMessageContaining("K/N");
  }

  /** The fixture classes that tests ran in: Alpha, Bravo… */
  private static Set<String> classes(Set<String> tests) {
    Set<String> classes = new TreeSet<>();
    Matcher fixture = Pattern.compile("\\[class:[^\\]]*\\$(\\w+)\\]").matcher("");
    tests.forEach(
        t -> {
          if (fixture.reset(t).find()) {
            classes.add(fixture.group(1));
          }
        });
    return classes;
  }

  /** The tests that ran successfully, by unique id. */
  private static Set<String> run(Optional<Shard> shard) {
    return run(new ShardFilter(shard), FIXTURES);
  }

  private static Set<String> run(ShardFilter filter, Class<?>... fixtures) {
    Launcher launcher =
        LauncherFactory.create(
            LauncherConfig.builder()
                .enablePostDiscoveryFilterAutoRegistration(false)
                .addPostDiscoveryFilters(filter)
                .build());
    Set<String> passed = new TreeSet<>();
    List<String> failures = new ArrayList<>();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(java.util.Arrays.stream(fixtures).map(c -> selectClass(c)).toList())
            .build(),
        new TestExecutionListener() {
          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
              failures.add(test.getDisplayName());
            } else if (test.isTest()) {
              passed.add(test.getUniqueId());
            }
          }
        });
    assertThat(failures).isEmpty();
    return passed;
  }
}
