package dev.rocelab.cli;

import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFileReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rocelab validate FILE...}: one verdict per file, every problem of a broken one. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Checks fabric files: structure, references, units, PFC/ECN/MTU consistency, headroom against"
          + " the cables, buffers and firmware pins.",
      "A valid file gets a one-line summary; a drifting one (it runs, but the Laboratory phase fails it)"
          + " gets its drift findings, then the summary; a broken one gets every problem as"
          + " file:line:column path: message, then a count."
    })
final class ValidateCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "fabric files (YAML)")
  private List<Path> files;

  @ArgGroup(exclusive = true)
  private Form form = new Form();

  @Spec private CommandSpec spec;

  /** The machine-readable forms; text when neither is given. */
  static final class Form {
    @Option(
        names = "--json",
        description = "print one JSON document for all files: verdict, counts and every problem")
    boolean json;

    @Option(
        names = "--sarif",
        description = "print a SARIF 2.1.0 log, for code scanning (GitHub, GitLab, IDEs)")
    boolean sarif;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int exit = Rocelab.VALID;
    List<ValidatedFile> validated = files.stream().map(ValidatedFile::check).toList();
    for (ValidatedFile file : validated) {
      exit = Rocelab.worst(exit, file.exit());
    }
    if (form.json) {
      out.println(ValidateJson.render(validated, exit));
    } else if (form.sarif) {
      out.println(ValidateSarif.render(validated, VersionProvider.version()));
    } else {
      validated.forEach(file -> printText(file, out, err));
    }
    return exit;
  }

  private static void printText(ValidatedFile file, PrintWriter out, PrintWriter err) {
    if (file.report().isEmpty()) {
      String trouble = file.trouble().orElseThrow();
      err.println(
          file.exit() == Rocelab.FAILURE ? "rocelab: " + file.file() + ": " + trouble : trouble);
      return;
    }
    FabricFileReport report = file.report().get();
    if (report.hasErrors()) {
      FabricInput.printErrors(report, out);
      return;
    }
    report.drift().forEach(out::println);
    out.println(report.file() + ": " + summary(report, file.facts().orElseThrow()));
  }

  private static String summary(FabricFileReport report, FabricFacts facts) {
    FabricSpec fabric = report.orElseThrow();
    String verdict =
        report.drift().isEmpty()
            ? "valid"
            : "drifts: "
                + Text.count(report.drift().size(), "finding", "findings")
                + " the Laboratory phase fails on";
    return verdict
        + " — "
        + Text.kind(fabric.topology())
        + ", "
        + Text.count(facts.hosts(), "host", "hosts")
        + ", "
        + Text.count(facts.gpus(), "GPU", "GPUs")
        + ", "
        + Text.count(facts.nics(), "NIC", "NICs")
        + ", "
        + Text.count(facts.switches(), "switch", "switches")
        + ", "
        + Text.count(facts.links(), "link", "links");
  }
}
