package dev.rocelab.reports.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a reviewer needs to stand behind a sign-off: when it was written, when the tests ran and for
 * how long, which rocelab, which commit and CI build, and what the tests ran on — each fabric file
 * with the SHA-256 of its bytes, backend, seed, NIC firmware and switch NOS (more than one value
 * means the phases mixed them).
 *
 * @param generated when the sign-off was written
 * @param runStart when the first test started; empty if the results do not say
 * @param runStop when the last test ended; empty if the results do not say
 * @param version the rocelab version
 * @param commit the commit the tests ran from: the CI's variable, else the checkout's HEAD
 * @param build the CI build, when the sign-off is written by one
 * @param fabrics every fabric the tests ran on, as {@code name (location)}, with its SHA-256
 * @param backends every backend
 * @param seeds every seed
 * @param nicFirmware every NIC firmware version
 * @param switchNos every switch NOS version
 */
record AuditRecord(
    Instant generated,
    Optional<Instant> runStart,
    Optional<Instant> runStop,
    String version,
    Optional<String> commit,
    Optional<CiBuild> build,
    Map<String, Set<String>> fabrics,
    Set<String> backends,
    Set<String> seeds,
    Set<String> nicFirmware,
    Set<String> switchNos) {

  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");

  /**
   * A CI build.
   *
   * @param name its name as the CI shows it, e.g. {@code acceptance #42}
   * @param url where it is, if the CI says
   */
  record CiBuild(String name, Optional<String> url) {}

  /**
   * @param results the results the sign-off is made of
   * @param version the rocelab version
   * @param environment the process environment (CI variables)
   * @param workingDirectory where to look for the checkout, upwards
   * @param generated now
   * @return the record
   */
  static AuditRecord of(
      List<AllureResult> results,
      String version,
      Map<String, String> environment,
      Path workingDirectory,
      Instant generated) {
    Map<String, Set<String>> fabrics = new TreeMap<>();
    for (AllureResult r : results) {
      String fabric = r.parameters().get("fabric");
      if (fabric != null) {
        Set<String> hashes = fabrics.computeIfAbsent(fabric, f -> new TreeSet<>());
        Optional.ofNullable(r.labels().get(AllureLabels.FABRIC_SHA256)).ifPresent(hashes::add);
      }
    }
    return new AuditRecord(
        generated,
        instant(results.stream().mapToLong(AllureResult::start).filter(t -> t > 0).min()),
        instant(results.stream().mapToLong(AllureResult::stop).filter(t -> t > 0).max()),
        version,
        commit(environment, workingDirectory),
        build(environment),
        fabrics,
        values(results, "backend"),
        values(results, "seed"),
        values(results, "NIC firmware"),
        values(results, "switch NOS"));
  }

  /** How long the tests ran, first start to last stop; empty if the results do not say. */
  Optional<Duration> runDuration() {
    return runStart.flatMap(start -> runStop.map(stop -> Duration.between(start, stop)));
  }

  private static Optional<Instant> instant(OptionalLong epochMillis) {
    return epochMillis.isPresent()
        ? Optional.of(Instant.ofEpochMilli(epochMillis.getAsLong()))
        : Optional.empty();
  }

  private static Set<String> values(List<AllureResult> results, String parameter) {
    Set<String> values = new TreeSet<>();
    results.forEach(r -> Optional.ofNullable(r.parameters().get(parameter)).ifPresent(values::add));
    return values;
  }

  /**
   * The commit from the CI's variable (GitHub Actions, GitLab CI, Jenkins, Azure Pipelines,
   * Buildkite, CircleCI), else the HEAD of the checkout at or above the working directory.
   */
  static Optional<String> commit(Map<String, String> environment, Path workingDirectory) {
    for (String variable :
        List.of(
            "GITHUB_SHA",
            "CI_COMMIT_SHA",
            "GIT_COMMIT",
            "BUILD_SOURCEVERSION",
            "BUILDKITE_COMMIT",
            "CIRCLE_SHA1")) {
      String value = environment.get(variable);
      if (value != null && COMMIT.matcher(value.strip()).matches()) {
        return Optional.of(value.strip());
      }
    }
    for (Path dir = workingDirectory.toAbsolutePath().normalize();
        dir != null;
        dir = dir.getParent()) {
      Path git = dir.resolve(".git");
      if (Files.exists(git)) {
        return head(git);
      }
    }
    return Optional.empty();
  }

  /** HEAD of a {@code .git} directory (or a worktree's {@code .git} file pointing at one). */
  private static Optional<String> head(Path git) {
    try {
      Path dir = git;
      if (Files.isRegularFile(git)) {
        String pointer = Files.readString(git, StandardCharsets.UTF_8).strip();
        if (!pointer.startsWith("gitdir:")) {
          return Optional.empty();
        }
        dir = git.getParent().resolve(pointer.substring("gitdir:".length()).strip());
      }
      String head = Files.readString(dir.resolve("HEAD"), StandardCharsets.UTF_8).strip();
      if (!head.startsWith("ref:")) {
        return COMMIT.matcher(head).matches() ? Optional.of(head) : Optional.empty();
      }
      String ref = head.substring("ref:".length()).strip();
      Path common = commonDirectory(dir);
      for (Path base : List.of(dir, common)) {
        Path loose = base.resolve(ref);
        if (Files.isRegularFile(loose)) {
          String sha = Files.readString(loose, StandardCharsets.UTF_8).strip();
          return COMMIT.matcher(sha).matches() ? Optional.of(sha) : Optional.empty();
        }
      }
      Path packed = common.resolve("packed-refs");
      if (Files.isRegularFile(packed)) {
        for (String line : Files.readAllLines(packed, StandardCharsets.UTF_8)) {
          String[] parts = line.split(" ", 2);
          if (parts.length == 2 && parts[1].equals(ref) && COMMIT.matcher(parts[0]).matches()) {
            return Optional.of(parts[0]);
          }
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the checkout's HEAD in " + git, e);
    }
  }

  /** A worktree's git directory names the repository's in {@code commondir}. */
  private static Path commonDirectory(Path dir) throws IOException {
    Path commondir = dir.resolve("commondir");
    if (!Files.isRegularFile(commondir)) {
      return dir;
    }
    return dir.resolve(Files.readString(commondir, StandardCharsets.UTF_8).strip()).normalize();
  }

  /** The CI build from its variables: GitHub Actions, GitLab CI, Jenkins, else any CI. */
  static Optional<CiBuild> build(Map<String, String> environment) {
    if (environment.containsKey("GITHUB_RUN_ID")) {
      String name =
          environment.getOrDefault("GITHUB_WORKFLOW", "GitHub Actions")
              + " #"
              + environment.getOrDefault("GITHUB_RUN_NUMBER", environment.get("GITHUB_RUN_ID"));
      Optional<String> url =
          Optional.ofNullable(environment.get("GITHUB_REPOSITORY"))
              .map(
                  repository ->
                      environment.getOrDefault("GITHUB_SERVER_URL", "https://github.com")
                          + "/"
                          + repository
                          + "/actions/runs/"
                          + environment.get("GITHUB_RUN_ID"));
      return Optional.of(new CiBuild(name, url));
    }
    if (environment.containsKey("CI_JOB_ID")) {
      return Optional.of(
          new CiBuild(
              environment.getOrDefault("CI_JOB_NAME", "GitLab CI job")
                  + " #"
                  + environment.get("CI_JOB_ID"),
              Optional.ofNullable(environment.get("CI_JOB_URL"))));
    }
    if (environment.containsKey("BUILD_TAG") || environment.containsKey("BUILD_URL")) {
      return Optional.of(
          new CiBuild(
              environment.getOrDefault("BUILD_TAG", "Jenkins build"),
              Optional.ofNullable(environment.get("BUILD_URL"))));
    }
    if ("true".equalsIgnoreCase(environment.getOrDefault("CI", ""))) {
      return Optional.of(new CiBuild("CI", Optional.empty()));
    }
    return Optional.empty();
  }
}
