package dev.rocelab.cli;

import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFileReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rocelab validate FILE...}: one verdict per file, every problem of a broken one. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks fabric files: structure, references, units, PFC/ECN/MTU consistency, buffers and firmware pins.",
      "A valid file gets a one-line summary; a drifting one (it runs, but the Laboratory phase fails it)"
          + " gets its drift findings, then the summary; a broken one gets every problem as"
          + " file:line:column path: message, then a count."
    })
final class ValidateCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "fabric files (YAML)")
  private List<Path> files;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int exit = Rocelab.VALID;
    for (Path file : files) {
      exit = Rocelab.worst(exit, validate(file, out, err));
    }
    return exit;
  }

  /** One file; a failure is reported and the next file still gets its verdict. */
  private static int validate(Path file, PrintWriter out, PrintWriter err) {
    try {
      Optional<FabricFileReport> checked = FabricInput.check(file, err);
      if (checked.isEmpty()) {
        return Rocelab.ERRORS;
      }
      FabricFileReport report = checked.get();
      if (report.hasErrors()) {
        return FabricInput.printErrors(report, out);
      }
      String summary = summary(report);
      report.drift().forEach(out::println);
      out.println(report.file() + ": " + summary);
      return report.drift().isEmpty() ? Rocelab.VALID : Rocelab.DRIFT;
    } catch (RuntimeException e) {
      err.println("rocelab: " + file + ": unexpected failure: " + e);
      return Rocelab.FAILURE;
    }
  }

  private static String summary(FabricFileReport report) {
    FabricSpec fabric = report.spec().orElseThrow();
    FabricFacts facts = FabricFacts.of(FabricGraph.of(fabric));
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
