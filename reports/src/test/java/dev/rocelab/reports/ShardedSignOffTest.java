package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.junit.internal.Shard;
import dev.rocelab.junit.internal.ShardFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run sharded over two machines (-Drocelab.shard=1/2 and 2/2) and merged by the sign-off is the
 * unsharded run's sign-off: the same phases, verdicts and counts, test for test, check for check.
 */
class ShardedSignOffTest {

  private static final Class<?>[] FIXTURES = {
    SignOffFixtures.BaselineTestCase.class,
    SignOffFixtures.SyntheticLoadTestCase.class,
    SignOffFixtures.FailuresTestCase.class,
    SignOffFixtures.SweepTestCase.class
  };

  @TempDir Path work;

  @Test
  void twoShardsMergedAreTheUnshardedRunTestForTest() throws IOException {
    Path whole = work.resolve("whole");
    AllureRecording.run(whole, Map.of(), FIXTURES);
    Path first = work.resolve("shard-1");
    Path second = work.resolve("shard-2");
    AllureRecording.run(first, Map.of(Shard.PROPERTY, "1/2"), List.of(shard(1, 2)), FIXTURES);
    AllureRecording.run(second, Map.of(Shard.PROPERTY, "2/2"), List.of(shard(2, 2)), FIXTURES);

    JsonNode unsharded = signOff(work.resolve("signoff-whole"), whole);
    JsonNode merged = signOff(work.resolve("signoff-merged"), first, second);

    assertThat(testsByPhase(first)).isNotEmpty();
    assertThat(testsByPhase(second)).isNotEmpty();
    assertThat(merged.path("verdict")).isEqualTo(unsharded.path("verdict"));
    assertThat(summary(merged)).isEqualTo(summary(unsharded));
  }

  @Test
  void aSweepSpreadOverTwoShardsIsTheSameTestsInAllure() throws IOException {
    Path whole = work.resolve("whole");
    AllureRecording.run(whole, Map.of(), SignOffFixtures.SweepTestCase.class);
    Path first = work.resolve("shard-1");
    Path second = work.resolve("shard-2");
    AllureRecording.run(
        first,
        Map.of(Shard.PROPERTY, "1/2"),
        List.of(shard(1, 2)),
        SignOffFixtures.SweepTestCase.class);
    AllureRecording.run(
        second,
        Map.of(Shard.PROPERTY, "2/2"),
        List.of(shard(2, 2)),
        SignOffFixtures.SweepTestCase.class);

    // Allure takes results with one history id for retries of one test: the shards' points must
    // keep the ids they have in the whole run, and never share one
    List<String> shardIds = new java.util.ArrayList<>(historyIds(first));
    shardIds.addAll(historyIds(second));
    assertThat(historyIds(first)).isNotEmpty();
    assertThat(historyIds(second)).isNotEmpty();
    assertThat(shardIds)
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(historyIds(whole));
  }

  private static List<String> historyIds(Path results) throws IOException {
    List<String> ids = new java.util.ArrayList<>();
    for (String file : testsByPhase(results)) {
      ids.add(new ObjectMapper().readTree(Path.of(file).toFile()).path("historyId").asText());
    }
    return ids;
  }

  private static ShardFilter shard(int index, int count) {
    return new ShardFilter(Optional.of(new Shard(index, count)));
  }

  private static JsonNode signOff(Path output, Path... results) throws IOException {
    List<String> args = new java.util.ArrayList<>();
    for (Path r : results) {
      args.add("--results");
      args.add(r.toString());
    }
    args.addAll(
        List.of(
            "--output", output.toString(), "--allure", System.getProperty("rocelab.allure.home")));
    SignOff.run(
        args.toArray(String[]::new),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        System.err);
    return new ObjectMapper().readTree(output.resolve("signoff.json").toFile());
  }

  /**
   * Per phase: verdict, counts, and each check as test · check · status · measured · expected (the
   * model is deterministic, so a test measures the same in its shard as in the whole run).
   */
  private static Map<String, String> summary(JsonNode signoff) {
    Map<String, String> phases = new TreeMap<>();
    for (JsonNode phase : signoff.path("phases")) {
      List<String> checks = new java.util.ArrayList<>();
      phase
          .path("checks")
          .forEach(
              c ->
                  checks.add(
                      c.path("test").asText()
                          + " · "
                          + c.path("check").asText()
                          + " · "
                          + c.path("status").asText()
                          + " · "
                          + c.path("measured").asText()
                          + " · "
                          + c.path("expected").asText()));
      checks.sort(null);
      phases.put(
          phase.path("phase").asText(),
          phase.path("verdict").asText()
              + " "
              + phase.path("passed")
              + "/"
              + phase.path("failed")
              + "/"
              + phase.path("broken")
              + "/"
              + phase.path("skipped")
              + " "
              + checks);
    }
    return phases;
  }

  private static List<String> testsByPhase(Path results) throws IOException {
    try (var files = Files.list(results)) {
      return files.filter(f -> f.toString().endsWith("-result.json")).map(Path::toString).toList();
    }
  }
}
