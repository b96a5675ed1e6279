package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.reports.internal.AuditRecord.CiBuild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditRecordTest {

  private static final String SHA_A = "a".repeat(40);
  private static final String SHA_B = "0123456789abcdef0123456789abcdef01234567";

  @TempDir Path dir;

  @Nested
  class Commit {

    @Test
    void theCisVariableWins() throws IOException {
      checkout(dir, "ref: refs/heads/main", "refs/heads/main", SHA_B);

      assertThat(AuditRecord.commit(Map.of("GITHUB_SHA", SHA_A), dir)).contains(SHA_A);
      assertThat(AuditRecord.commit(Map.of("CI_COMMIT_SHA", SHA_A), dir)).contains(SHA_A);
      assertThat(AuditRecord.commit(Map.of("GIT_COMMIT", SHA_A + "\n"), dir)).contains(SHA_A);
    }

    @Test
    void elseTheBranchHeadOfTheCheckoutAboveTheWorkingDirectory() throws IOException {
      checkout(dir, "ref: refs/heads/main", "refs/heads/main", SHA_B);
      Path module = Files.createDirectories(dir.resolve("validation-suites"));

      assertThat(AuditRecord.commit(Map.of("GITHUB_SHA", "not a commit"), module)).contains(SHA_B);
    }

    @Test
    void aPackedBranchAndADetachedHeadAreRead() throws IOException {
      Path packed = Files.createDirectories(dir.resolve("packed"));
      checkout(packed, "ref: refs/heads/release", null, null);
      Files.writeString(
          packed.resolve(".git/packed-refs"),
          "# pack-refs with: peeled fully-peeled sorted\n" + SHA_A + " refs/heads/release\n");
      Path detached = Files.createDirectories(dir.resolve("detached"));
      checkout(detached, SHA_B, null, null);

      assertThat(AuditRecord.commit(Map.of(), packed)).contains(SHA_A);
      assertThat(AuditRecord.commit(Map.of(), detached)).contains(SHA_B);
    }

    @Test
    void aWorktreeFollowsItsGitFileToTheSharedRefs() throws IOException {
      Path main = Files.createDirectories(dir.resolve("main"));
      checkout(main, "ref: refs/heads/main", "refs/heads/main", SHA_A);
      Path worktreeGit = Files.createDirectories(main.resolve(".git/worktrees/feature"));
      Files.writeString(worktreeGit.resolve("HEAD"), "ref: refs/heads/feature\n");
      Files.writeString(worktreeGit.resolve("commondir"), "../..\n");
      Files.createDirectories(main.resolve(".git/refs/heads"));
      Files.writeString(main.resolve(".git/refs/heads/feature"), SHA_B + "\n");
      Path worktree = Files.createDirectories(dir.resolve("feature"));
      Files.writeString(worktree.resolve(".git"), "gitdir: " + worktreeGit + "\n");

      assertThat(AuditRecord.commit(Map.of(), worktree)).contains(SHA_B);
    }

    @Test
    void withoutEitherItIsUnknown() {
      assertThat(AuditRecord.commit(Map.of(), Path.of("/"))).isEmpty();
    }

    /** A minimal {@code .git}: HEAD, and a loose ref if given. */
    private void checkout(Path root, String head, String ref, String sha) throws IOException {
      Path git = Files.createDirectories(root.resolve(".git"));
      Files.writeString(git.resolve("HEAD"), head + "\n");
      if (ref != null) {
        Path loose = git.resolve(ref);
        Files.createDirectories(loose.getParent());
        Files.writeString(loose, sha + "\n");
      }
    }
  }

  @Nested
  class CiBuilds {

    @Test
    void gitHubActionsNamesTheWorkflowRunAndLinksIt() {
      assertThat(
              AuditRecord.build(
                  Map.of(
                      "GITHUB_RUN_ID", "123456",
                      "GITHUB_RUN_NUMBER", "42",
                      "GITHUB_WORKFLOW", "acceptance",
                      "GITHUB_REPOSITORY", "lab/fabric",
                      "GITHUB_SERVER_URL", "https://github.example.com")))
          .contains(
              new CiBuild(
                  "acceptance #42",
                  Optional.of("https://github.example.com/lab/fabric/actions/runs/123456")));
    }

    @Test
    void gitLabJenkinsAndAnyOtherCi() {
      assertThat(
              AuditRecord.build(
                  Map.of(
                      "CI_JOB_ID", "77",
                      "CI_JOB_NAME", "signoff",
                      "CI_JOB_URL", "https://gitlab.lab/fabric/-/jobs/77")))
          .contains(new CiBuild("signoff #77", Optional.of("https://gitlab.lab/fabric/-/jobs/77")));
      assertThat(
              AuditRecord.build(
                  Map.of("BUILD_TAG", "jenkins-signoff-9", "BUILD_URL", "https://ci/job/9/")))
          .contains(new CiBuild("jenkins-signoff-9", Optional.of("https://ci/job/9/")));
      assertThat(AuditRecord.build(Map.of("CI", "true")))
          .contains(new CiBuild("CI", Optional.empty()));
      assertThat(AuditRecord.build(Map.of("HOME", "/root"))).isEmpty();
    }
  }

  @Test
  void theRunSpansFirstStartToLastStopAndListsWhatItRanOn() {
    AllureResult a = result(1_000, 4_000, "reference (fabrics/reference.yaml)", "f".repeat(64));
    AllureResult b = result(2_000, 9_500, "reference (fabrics/reference.yaml)", "e".repeat(64));
    AllureResult unknown = result(0, 0, "other (other.yaml)", null);

    AuditRecord audit =
        AuditRecord.of(List.of(a, b, unknown), "0.1.0", Map.of(), dir, Instant.ofEpochSecond(60));

    assertThat(audit.runStart()).contains(Instant.ofEpochMilli(1_000));
    assertThat(audit.runStop()).contains(Instant.ofEpochMilli(9_500));
    assertThat(audit.runDuration()).contains(Duration.ofMillis(8_500));
    // the file changed between tests: both hashes stand; a result without the label adds none
    assertThat(audit.fabrics())
        .containsExactly(
            Map.entry("other (other.yaml)", Set.of()),
            Map.entry(
                "reference (fabrics/reference.yaml)", Set.of("e".repeat(64), "f".repeat(64))));
    assertThat(audit.backends()).containsExactly("model");
  }

  @Test
  void durationsReadAsAPersonWouldSayThem() {
    assertThat(SignOffPage.duration(Duration.ofMillis(48_400))).isEqualTo("48 s");
    assertThat(SignOffPage.duration(Duration.ofSeconds(192))).isEqualTo("3 min 12 s");
    assertThat(SignOffPage.duration(Duration.ofMinutes(62))).isEqualTo("1 h 2 min");
  }

  private static AllureResult result(long start, long stop, String fabric, String sha256) {
    return new AllureResult(
        Path.of("r"),
        "u" + start,
        "h" + start,
        "t",
        "passed",
        "",
        sha256 == null ? Map.of() : Map.of(AllureLabels.FABRIC_SHA256, sha256),
        Map.of("fabric", fabric, "backend", "model"),
        Set.of(),
        List.of(),
        start,
        stop);
  }
}
