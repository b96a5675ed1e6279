package dev.rocelab.cli;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationListener;
import dev.rocelab.calibration.CalibrationReport;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Calibrator;
import dev.rocelab.fabricfile.FabricFileReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rocelab calibrate FABRIC --backend lab}: runs the calibration suite on a lab, fits the
 * model's parameters to it and writes the calibrated profile and its report.
 */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
      "Makes the model a lab's twin: runs a short calibration suite on the lab (ping-pong, line rate, the"
          + " pause response to a receiver's PFC storm, 2:1 and N:1 incasts with ECN, a victim's DCQCN recovery from bursts, a 2-node all-reduce), fits the model's parameters a datasheet does"
          + " not give (switch latency, ECN thresholds, CNP interval, DCQCN increase timer and byte counter, and the α gain where the file's does not reproduce the lab, NIC pause reaction, NVLink and PCIe bandwidth) and writes"
          + " calibration.json, Allure results and, for a fit, profile.yaml and calibrated.yaml.",
      "Examples:",
      "  rocelab calibrate lab.yaml --backend lab --out target/calibration",
      "  rocelab calibrate lab.yaml --backend lab --steps ping-pong,pause-response --out target/pause"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      " 0:the fit reproduces every measurement; profile.yaml and calibrated.yaml written",
      " 1:no fit: the fitted model does not reproduce the lab, or the lab is beyond its reach",
      " 2:the fabric file has errors or does not exist",
      " 3:the fabric file drifts (its findings are printed) and --allow-drift was not given",
      " 5:a calibration step broke or the lab could not run it (what was measured is kept)",
      "64:usage error"
    })
final class CalibrateCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "FABRIC", description = "the lab's fabric file (YAML)")
  private Path file;

  @Option(
      names = "--backend",
      paramLabel = "ID",
      defaultValue = "lab",
      description = "the lab's backend (default ${DEFAULT-VALUE})")
  private String backend;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "calibration",
      description = "where to write (default ${DEFAULT-VALUE})")
  private Path out;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "the runs' seed")
  private long seed;

  @Option(
      names = "--noise",
      paramLabel = "FRACTION",
      defaultValue = "0.03",
      description =
          "the least relative spread of a lab run's measurement (default ${DEFAULT-VALUE})")
  private double noise;

  @Option(
      names = "--repeats",
      paramLabel = "N",
      defaultValue = "" + Calibrator.DEFAULT_REPEATS,
      description =
          "how many times the lab runs each step DCQCN shapes (the incasts and the recovery), whose"
              + " counts swing from run to run; the fit compares their mean (default"
              + " ${DEFAULT-VALUE})")
  private int repeats;

  @Option(
      names = "--steps",
      paramLabel = "STEP",
      split = ",",
      description =
          "run only these steps (default every one): ping-pong, line-rate, pause-response,"
              + " ecn-incast (2:1), deep-incast (N:1), rate-recovery, all-reduce; parameters only"
              + " the others inform are not fitted and keep the file's values")
  private List<String> steps = List.of();

  @Option(
      names = "--dcqcn-known",
      description =
          "the lab's NICs run the file's DCQCN settings (read from them): hold the α gain and test"
              + " no other, and count no other value of the settings the fit holds, which is"
              + " quicker")
  private boolean dcqcnKnown;

  @Option(
      names = "--allow-drift",
      description =
          "calibrate a fabric whose validation finds drift (the findings are printed first;"
              + " without this the command stops there with exit 3)")
  private boolean allowDrift;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outText = spec.commandLine().getOut();
    FabricBackend lab;
    Calibrator calibrator;
    Optional<FabricFileReport> checked = FabricInput.check(file, err);
    if (checked.isEmpty()) {
      return Rocelab.ERRORS;
    }
    if (checked.get().hasErrors()) {
      return FabricInput.printErrors(checked.get(), outText);
    }
    FabricFileReport checkedFile = checked.get();
    FabricInput.printDrift(
        checkedFile,
        allowDrift,
        "a calibration would fit the model of a fabric that is not the approved one: fix the file,"
            + " or calibrate anyway with --allow-drift",
        outText);
    if (!checkedFile.drift().isEmpty() && !allowDrift) {
      return Rocelab.DRIFT;
    }
    FabricSpec fabric = checkedFile.orElseThrow();
    try {
      lab = FabricBackends.require(backend);
      calibrator =
          new Calibrator(fabric)
              .seed(seed)
              .noise(noise)
              .repeats(repeats)
              .dcqcnKnown(dcqcnKnown)
              .listener(progress(err));
      if (!steps.isEmpty()) {
        calibrator =
            calibrator.steps(steps.stream().map(CalibrationStep::byId).collect(Collectors.toSet()));
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Calibration calibration = calibrator.calibrate(lab);
    CalibrationReport report =
        new CalibrationReport(calibration, LocalDate.now(ZoneOffset.UTC).toString());
    report.writeTo(out);
    outText.print(report.summary());
    outText.println(
        (calibration.fitted() ? "fitted; wrote " : "no fit; wrote ")
            + out.resolve("calibration.json")
            + (calibration.fitted() ? ", " + out.resolve("profile.yaml") : "")
            + " and the Allure results in "
            + out.resolve("allure-results"));
    if (!calibration.lab().broken().isEmpty()) {
      return Rocelab.BROKEN;
    }
    return calibration.fitted() ? Rocelab.VALID : Rocelab.FAILURE;
  }

  private static CalibrationListener progress(PrintWriter err) {
    return new CalibrationListener() {
      private final Map<CalibrationStep, Integer> runsSoFar = new EnumMap<>(CalibrationStep.class);

      @Override
      public void stepStarting(CalibrationStep step, Scenario scenario) {
        int run = runsSoFar.merge(step, 1, Integer::sum);
        err.println("calibrate: " + step.title() + (run > 1 ? " (run " + run + ")" : "") + " …");
        err.flush();
      }

      @Override
      public void stepEnded(CalibrationStep step, Optional<String> broken) {
        broken.ifPresent(b -> err.println("calibrate: " + step.title() + ": " + b));
        err.flush();
      }

      @Override
      public void fitting() {
        err.println("calibrate: fitting the model …");
        err.flush();
      }
    };
  }
}
