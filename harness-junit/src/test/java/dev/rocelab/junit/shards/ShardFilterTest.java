package dev.rocelab.junit.shards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.rocelab.junit.internal.Shard;
import dev.rocelab.junit.internal.ShardFilter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * N shards run every test exactly once between them: each class whole in one shard, the same one in
 * any discovery, and a sweep's points spread over all of them.
 */
class ShardFilterTest {

  private static final Class<?>[] FIXTURES = {
    ShardFixtures.Alpha.class,
    ShardFixtures.Bravo.class,
    ShardFixtures.Charlie.class,
    ShardFixtures.Delta.class,
    ShardFixtures.Echo.class
  };

  private static final Class<?>[] WITH_SWEEP = {
    ShardFixtures.Alpha.class, ShardFixtures.Bravo.class, ShardFixtures.Foxtrot.class
  };

  @Test
  void theShardsAreDisjointAndTogetherTheWholeRun() {
    assertDisjointAndWhole(FIXTURES, 15);
  }

  @Test
  void withASweepTooTheShardsAreDisjointAndTogetherTheWholeRun() {
    // two classes of three tests, and a plain test with a sweep of five points
    assertDisjointAndWhole(WITH_SWEEP, 12);
  }

  @Test
  void aSweepsPointsAreDealtRoundRobinOverEveryShard() {
    Set<String> first = run(Optional.of(new Shard(1, 2)), Map.of(), WITH_SWEEP);
    Set<String> second = run(Optional.of(new Shard(2, 2)), Map.of(), WITH_SWEEP);

    assertThat(sweepPoints(first)).containsExactly("incast 2:1", "incast 4:1", "incast 6:1");
    assertThat(sweepPoints(second)).containsExactly("incast 3:1", "incast 5:1");
    // the class's plain test runs in one shard only
    assertThat(
            Stream.of(first, second)
                .filter(shard -> shard.stream().anyMatch(t -> t.endsWith("[method:plain()]"))))
        .hasSize(1);
  }

  @Test
  void aShardWithoutAnyPointOfASmallSweepRunsTheRestOfItsTests() {
    // five points over six shards: the sixth has none, and that is no error
    Set<String> sixth = run(Optional.of(new Shard(6, 6)), Map.of(), WITH_SWEEP);

    assertThat(sweepPoints(sixth)).isEmpty();
  }

  @Test
  void aClassFallsToTheSameShardWhicheverClassesAreDiscoveredWithIt() {
    for (int index = 1; index <= 3; index++) {
      Shard shard = new Shard(index, 3);
      Set<String> together = classes(run(Optional.of(shard), Map.of(), FIXTURES));
      for (Class<?> fixture : FIXTURES) {
        boolean alone = !run(Optional.of(shard), Map.of(), fixture).isEmpty();
        assertThat(alone)
            .as("%s in %s", fixture.getSimpleName(), shard)
            .isEqualTo(together.contains(fixture.getSimpleName()));
      }
    }
  }

  @Test
  void aSecondDiscoveryOfTheClassesTheFirstKeptKeepsThemAll() {
    // Maven Surefire discovers every class, then again only those the first discovery kept
    ShardFilter filter = new ShardFilter(Optional.of(new Shard(2, 2)));
    Set<String> first = classes(run(filter, Optional.of(new Shard(2, 2)), FIXTURES));
    Class<?>[] kept =
        Arrays.stream(FIXTURES)
            .filter(c -> first.contains(c.getSimpleName()))
            .toArray(Class[]::new);

    assertThat(first).isNotEmpty();
    assertThat(classes(run(filter, Optional.of(new Shard(2, 2)), kept))).isEqualTo(first);
  }

  @Test
  void withTimingsTheCostliestClassesAreDealtFirstToTheLeastLoadedShard() {
    // Alpha 10 s to the first, Delta 8 s to the second, which then takes Bravo and Charlie (1 s
    // each) until it has 10 s too; Echo, a tie, goes to the first
    Map<String, Double> timings =
        Map.of(
            fixture("Alpha"), 10.0,
            fixture("Bravo"), 1.0,
            fixture("Charlie"), 1.0,
            fixture("Delta"), 8.0,
            fixture("Echo"), 1.0);

    assertThat(classes(run(Optional.of(new Shard(1, 2)), timings, FIXTURES)))
        .containsExactly("Alpha", "Echo");
    assertThat(classes(run(Optional.of(new Shard(2, 2)), timings, FIXTURES)))
        .containsExactly("Bravo", "Charlie", "Delta");
  }

  @Test
  void theLauncherServicesReadTheShardFromJUnitsConfigurationAsTheExtensionDoes() {
    // the filter and the discovery listener as the launcher loads them, the shard set only as a
    // configuration parameter (as junit-platform.properties or Surefire's configurationParameters
    // would): classes and sweep points are dealt alike
    Set<String> second = run(null, Optional.of(new Shard(2, 2)), WITH_SWEEP);

    assertThat(second).isEqualTo(run(Optional.of(new Shard(2, 2)), Map.of(), WITH_SWEEP));
    assertThat(sweepPoints(second)).containsExactly("incast 3:1", "incast 5:1");
  }

  @Test
  void aShardIsWrittenKOfN() {
    assertThatThrownBy(() -> new Shard(3, 2)).hasMessageContaining("1 <= K <= N");
    assertThatThrownBy(() -> new Shard(0, 0)).hasMessageContaining("K/N");
  }

  private static void assertDisjointAndWhole(Class<?>[] fixtures, int tests) {
    Set<String> whole = run(Optional.empty(), Map.of(), fixtures);
    assertThat(whole).hasSize(tests);
    for (int count = 1; count <= 4; count++) {
      Set<String> union = new TreeSet<>();
      int total = 0;
      for (int index = 1; index <= count; index++) {
        Set<String> shard = run(Optional.of(new Shard(index, count)), Map.of(), fixtures);
        total += shard.size();
        union.addAll(shard);
      }
      assertThat(union).as("%d shards together", count).isEqualTo(whole);
      assertThat(total).as("%d shards, no test twice", count).isEqualTo(whole.size());
    }
  }

  private static String fixture(String simpleName) {
    return ShardFixtures.class.getName() + "$" + simpleName;
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

  /** The sweep points that ran, by display name up to the first " · ". */
  private static List<String> sweepPoints(Set<String> tests) {
    return tests.stream()
        .filter(t -> t.contains("[test-template:sweep"))
        .map(t -> t.substring(t.lastIndexOf(" → ") + 3).split(" · ")[0])
        .sorted()
        .toList();
  }

  private static Set<String> run(
      Optional<Shard> shard, Map<String, Double> timings, Class<?>... fixtures) {
    return run(new ShardFilter(shard, timings), shard, fixtures);
  }

  /**
   * The tests that ran successfully: by unique id, a sweep point by its sweep's unique id and its
   * display name (JUnit numbers a shard's invocations 1, 2… whichever points they are).
   *
   * @param filter the shard filter; null for the one the launcher loads as a service
   * @param shard the shard, also given to the extension as a configuration parameter
   */
  private static Set<String> run(ShardFilter filter, Optional<Shard> shard, Class<?>... fixtures) {
    Launcher launcher =
        filter == null
            ? LauncherFactory.create()
            : LauncherFactory.create(
                LauncherConfig.builder()
                    .enablePostDiscoveryFilterAutoRegistration(false)
                    .addPostDiscoveryFilters(filter)
                    .build());
    Set<String> passed = new TreeSet<>();
    List<String> failures = new ArrayList<>();
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(Arrays.stream(fixtures).map(c -> selectClass(c)).toList());
    shard.ifPresent(
        s -> request.configurationParameter(Shard.PROPERTY, s.index() + "/" + s.count()));
    launcher.execute(
        request.build(),
        new TestExecutionListener() {
          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
              failures.add(test.getDisplayName() + ": " + result.getThrowable().orElse(null));
            } else if (test.isTest()) {
              passed.add(
                  test.getUniqueIdObject()
                          .getLastSegment()
                          .getType()
                          .equals("test-template-invocation")
                      ? test.getParentId().orElseThrow() + " → " + test.getDisplayName()
                      : test.getUniqueId());
            }
          }
        });
    assertThat(failures).isEmpty();
    return passed;
  }
}
