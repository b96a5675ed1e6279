package dev.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line as the README and {@code docs/} show it: every block that shows a {@code $
 * ./rocelab …} command with its output is run here and must print what the page shows, and the
 * command-line reference is what picocli generates from the commands. {@code
 * -Drocelab.docs.update=true} writes what the program prints into the pages instead.
 */
class DocumentedCommandsTest {

  private static final Path REPOSITORY = Path.of("..");
  private static final Pattern SHOWN =
      Pattern.compile("(?ms)^```(?:text)?\\n\\$ \\./rocelab ([^\\n]+)\\n(.*?)^```");

  /** The reference fabric with the two typos the error sample shows. */
  private static final String[] BROKEN = {
    "hostLink: {speed:", "hostLink: {sped:", "buffer: 160MiB", "buffer: 64MBs"
  };

  @TempDir Path dir;

  @Test
  void everyShownCommandPrintsWhatItsPageShows() throws IOException {
    List<String> differ = new ArrayList<>();
    int shown = 0;
    for (Path page : pages()) {
      String text = Files.readString(page);
      Matcher block = SHOWN.matcher(text);
      StringBuilder updated = new StringBuilder();
      while (block.find()) {
        shown++;
        String printed = run(block.group(1));
        if (!printed.equals(block.group(2))) {
          differ.add(
              REPOSITORY.relativize(page)
                  + ": ./rocelab "
                  + block.group(1)
                  + "\nshown:\n"
                  + block.group(2)
                  + "printed:\n"
                  + printed);
        }
        block.appendReplacement(
            updated,
            Matcher.quoteReplacement(
                "```\n$ ./rocelab " + block.group(1) + "\n" + printed + "```"));
      }
      block.appendTail(updated);
      if (Boolean.getBoolean("rocelab.docs.update")) {
        Files.writeString(page, updated.toString());
      }
    }
    assertThat(shown).as("commands shown with their output").isGreaterThanOrEqualTo(5);
    assertThat(differ).as("commands whose output the docs show otherwise").isEmpty();
  }

  @Test
  void theCommandLineReferenceIsWhatPicocliGenerates() throws IOException {
    CommandLine rocelab =
        Rocelab.commandLine(
            new java.io.PrintWriter(java.io.Writer.nullWriter()),
            new java.io.PrintWriter(java.io.Writer.nullWriter()));
    StringBuilder page = new StringBuilder();
    page.append("# Command-line reference\n\n")
        .append("<!-- Generated from the picocli commands by DocumentedCommandsTest (rocelab-cli);")
        .append(" do not edit. -->\n\n")
        .append("Every command and option of `./rocelab`, as `--help` prints it. What the commands")
        .append(
            " are for,\nwith their output and exit codes: [The command line](../command-line.md).\n");
    usage(page, "rocelab", rocelab);
    for (CommandLine sub : rocelab.getSubcommands().values()) {
      usage(page, "rocelab " + sub.getCommandName(), sub);
    }
    Path reference = REPOSITORY.resolve("docs/reference/cli.md");
    if (Boolean.getBoolean("rocelab.docs.update")) {
      Files.writeString(reference, page.toString());
    }
    Path expected = Path.of("target", "generated-docs", "reference", "cli.md");
    Files.createDirectories(expected.getParent());
    Files.writeString(expected, page.toString());
    assertThat(Files.exists(reference) ? Files.readString(reference) : "")
        .as(
            "docs/reference/cli.md differs from what picocli generates, %s: copy it over the page"
                + " (or run with -Drocelab.docs.update=true) and review the diff",
            expected.toAbsolutePath())
        .isEqualTo(page.toString());
  }

  private static void usage(StringBuilder page, String title, CommandLine command) {
    page.append("\n## `")
        .append(title)
        .append("`\n\n```text\n")
        .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing())
        .append("\n```\n");
  }

  /** Runs one shown command from the repository's root, as the page's reader would. */
  private String run(String commandLine) throws IOException {
    String[] args = commandLine.split(" ");
    List<String[]> shownAs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("broken.yaml")) {
        Path broken = CommandRun.referenceVariant(dir, "broken.yaml", BROKEN);
        shownAs.add(new String[] {broken.toString(), "broken.yaml"});
        args[i] = broken.toString();
      } else if (args[i].endsWith(".yaml") && Files.exists(REPOSITORY.resolve(args[i]))) {
        String path = REPOSITORY.resolve(args[i]).toString();
        shownAs.add(new String[] {path, args[i]});
        args[i] = path;
      }
    }
    String printed = CommandRun.rocelab(args).out();
    for (String[] path : shownAs) {
      printed = printed.replace(path[0], path[1]);
    }
    return printed;
  }

  /** Every Markdown page of the repository, build output and Git's directory left out. */
  private static List<Path> pages() throws IOException {
    try (Stream<Path> files = Files.walk(REPOSITORY)) {
      return files
          .filter(p -> p.toString().endsWith(".md"))
          .filter(
              p -> !("/" + REPOSITORY.relativize(p)).matches(".*/(target|\\.git|node_modules)/.*"))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
