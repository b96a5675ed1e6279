package dev.rocelab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rocelab signoff [FABRIC]}: runs the six phases' validation suites on a fabric and writes
 * the sign-off — the main job, {@code ./mvnw -B verify -Psignoff}, with the fabric, backend and
 * seed given as the suites' overrides. The suites are JUnit tests and stay so: this command runs
 * them through the project's Maven wrapper (found beside the jar's module), exactly as CI does,
 * rather than bundling a second way to run them.
 */
@Command(
    name = "signoff",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Runs the validation suites of all six phases on a fabric and writes the sign-off (per-phase Allure"
          + " reports, index.html, signoff.json): the main job, ./mvnw -B verify -Psignoff, run from the"
          + " rocelab checkout this command belongs to.",
      "Exit status: 0 when every phase that ran passed, 4 when one failed or broke, 1 when the build itself"
          + " failed before a sign-off was written."
    })
final class SignoffCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "FABRIC",
      arity = "0..1",
      description = "a fabric file (default: the suites' own, fabrics/reference.yaml)")
  private Path fabric;

  @Option(names = "--backend", paramLabel = "ID", description = "the backend, e.g. lab")
  private String backend;

  @Option(names = "--seed", paramLabel = "N", description = "the scenarios' seed")
  private Long seed;

  @Option(
      names = "--output",
      paramLabel = "DIR",
      description = "where the sign-off goes (default: target/rocelab-signoff in the checkout)")
  private Path output;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter err = spec.commandLine().getErr();
    if (fabric != null) {
      Optional<String> unreadable = FabricInput.unreadable(fabric);
      if (unreadable.isPresent()) {
        err.println(unreadable.get());
        return Rocelab.ERRORS;
      }
    }
    Optional<Path> checkout = checkout();
    if (checkout.isEmpty()) {
      err.println(
          "rocelab signoff runs the suites with the Maven wrapper of a rocelab checkout, and this"
              + " rocelab.jar is not inside one; run ./mvnw -B verify -Psignoff there");
      return Rocelab.FAILURE;
    }
    List<String> command = command(checkout.get());
    err.println("rocelab: " + String.join(" ", command));
    err.flush();
    Path signoff =
        (output == null
                ? checkout.get().resolve("target/rocelab-signoff")
                : output.toAbsolutePath())
            .resolve("signoff.json");
    // a sign-off left from an earlier run must not pass for this one's
    FileTime before = Files.isRegularFile(signoff) ? Files.getLastModifiedTime(signoff) : null;
    int maven =
        new ProcessBuilder(command)
            .directory(checkout.get().toFile())
            .inheritIO()
            .start()
            .waitFor();
    if (!Files.isRegularFile(signoff)
        || (before != null && Files.getLastModifiedTime(signoff).compareTo(before) <= 0)) {
      err.println("rocelab: the build ended (exit " + maven + ") without writing " + signoff);
      return Rocelab.FAILURE;
    }
    JsonNode verdict = new ObjectMapper().readTree(signoff.toFile());
    spec.commandLine()
        .getOut()
        .println(
            "sign-off "
                + verdict.path("verdict").asText()
                + ": "
                + signoff.resolveSibling("index.html"));
    return verdict.path("verdict").asText().equals("passed") ? Rocelab.VALID : Rocelab.LOSSY;
  }

  /** The Maven command line of the main job with this command's overrides. */
  List<String> command(Path checkout) {
    List<String> command = new ArrayList<>();
    command.add(checkout.resolve("mvnw").toString());
    command.add("-B");
    command.add("verify");
    command.add("-Psignoff");
    if (fabric != null) {
      command.add("-Drocelab.fabric=" + fabric.toAbsolutePath().normalize());
    }
    if (backend != null) {
      command.add("-Drocelab.backend=" + backend);
    }
    if (seed != null) {
      command.add("-Drocelab.seed=" + seed);
    }
    if (output != null) {
      command.add("-Drocelab.signoff.directory=" + output.toAbsolutePath().normalize());
    }
    return command;
  }

  /** The checkout this jar was built in: the first directory above it with mvnw and pom.xml. */
  private static Optional<Path> checkout() {
    try {
      Path jar =
          Path.of(SignoffCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      for (Path dir = jar.toAbsolutePath().getParent(); dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("mvnw"))
            && Files.isRegularFile(dir.resolve("pom.xml"))) {
          return Optional.of(dir);
        }
      }
      return Optional.empty();
    } catch (URISyntaxException | SecurityException e) {
      return Optional.empty();
    }
  }
}
