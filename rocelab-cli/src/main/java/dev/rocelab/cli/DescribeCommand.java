package dev.rocelab.cli;

import dev.rocelab.fabricfile.FabricFileReport;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rocelab describe FILE}: what a valid fabric implies, as text or JSON. */
@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Reports what a fabric file implies: inventory, NIC, bisection and per-tier bandwidth, oversubscription,"
          + " PFC headroom per port speed and cable length, buffer left to share per switch profile, QoS,"
          + " firmware in use against the approved versions, and drift.",
      "A file with errors gets every problem instead, as `validate` prints them.",
      "--effective prints the fabric as it runs instead: its fabric file with every default written out."
    })
final class DescribeCommand implements Callable<Integer> {

  @Parameters(paramLabel = "FILE", description = "a fabric file (YAML)")
  private Path file;

  @ArgGroup(exclusive = true)
  private Form form = new Form();

  /** What to print instead of the text description; text when neither is given. */
  static final class Form {
    @Option(names = "--json", description = "print one JSON document instead of text")
    boolean json;

    @Option(
        names = "--effective",
        description =
            "print the effective configuration instead: the fabric file with every default written"
                + " out, which validate loads back")
    boolean effective;
  }

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Optional<FabricFileReport> checked = FabricInput.check(file, spec.commandLine().getErr());
    if (checked.isEmpty()) {
      return Rocelab.ERRORS;
    }
    FabricFileReport report = checked.get();
    if (form.json) {
      out.println(DescribeJson.render(report));
      return report.hasErrors() ? Rocelab.ERRORS : Rocelab.VALID;
    }
    if (report.hasErrors()) {
      return FabricInput.printErrors(report, out);
    }
    if (form.effective) {
      out.print(FabricFiles.write(report.orElseThrow()));
      return Rocelab.VALID;
    }
    DescribeText.render(report, out);
    return Rocelab.VALID;
  }
}
