package dev.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One in-process run of the {@code rocelab} command line, with what it printed. */
record CommandRun(int exitCode, String out, String err) {

  /** The reference fabric, as seen from the module directory surefire runs in. */
  static final Path REFERENCE = Path.of("..", "fabrics", "reference.yaml");

  /** The example that validates with five drift findings. */
  static final Path MISCONFIGURED = Path.of("..", "fabrics", "examples", "misconfigured.yaml");

  static CommandRun rocelab(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        Rocelab.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    return new CommandRun(exitCode, out.toString(), err.toString());
  }

  /**
   * Writes the reference fabric with each {@code from, to} pair replaced once.
   *
   * @param dir where to write
   * @param name the file name
   * @param fromTo pairs of texts: the reference's, and what to put instead
   * @return the written file
   */
  static Path referenceVariant(Path dir, String name, String... fromTo) throws IOException {
    String text = Files.readString(REFERENCE);
    for (int i = 0; i < fromTo.length; i += 2) {
      assertThat(text).as("reference fabric text to replace").contains(fromTo[i]);
      text = text.replaceFirst(Pattern.quote(fromTo[i]), Matcher.quoteReplacement(fromTo[i + 1]));
    }
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  List<String> outLines() {
    return out.lines().toList();
  }

  List<String> errLines() {
    return err.lines().toList();
  }
}
