package dev.rocelab.lab.internal;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.lab.LabException;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs one {@link CollectiveJob} through the lab's launcher, on the launcher's host, and reads the
 * nccl-tests table it prints. A launcher or binary that is missing, a run that fails half way
 * (which keeps the rows it printed), and output that does not parse are {@link LabException}s
 * naming the launcher host and the command.
 */
final class CollectiveRunner {

  private final LaunchCommand launch;
  private final SshConnections ssh;

  CollectiveRunner(LaunchCommand launch, SshConnections ssh) {
    this.launch = launch;
    this.ssh = ssh;
  }

  /**
   * @return the command line that runs the job
   */
  String command(CollectiveJob job) {
    return launch.command(job.ranks(), job.environment(), job.program());
  }

  /**
   * Runs a collective to its end.
   *
   * @param job the collective
   * @param timeout how long the launcher may take
   * @return nccl-tests' table
   */
  CollectiveResult run(CollectiveJob job, Duration timeout) {
    String command = command(job);
    CommandResult result = ssh.run(launch.host(), command, command, timeout);
    if (result.exitStatus() == CommandResult.NOT_FOUND) {
      throw new LabException(
          launch.program()
              + " is not installed on "
              + launch.host()
              + " (exit 127: "
              + FaultCommands.firstLine(result.stderr())
              + ")",
          launch.host(),
          command,
          null);
    }
    return result(job, result, launch.host(), command);
  }

  /**
   * Reads what a launcher printed.
   *
   * @param job the collective that was launched
   * @param result the launcher's exit status and output
   * @param host the launcher host
   * @param command the command that ran
   * @return nccl-tests' table
   * @throws FailedCollectiveException if the run failed, with the rows printed before the failure
   * @throws LabException if the output does not parse
   */
  static CollectiveResult result(
      CollectiveJob job, CommandResult result, String host, String command) {
    // ranks print to the launcher's standard output; launcher and NCCL errors go to standard error
    String output = result.stdout() + "\n" + result.stderr();
    try {
      NcclTestsOutput.Report report = NcclTestsOutput.parse(output);
      Optional<String> failure =
          report
              .failure()
              .or(
                  () ->
                      result.exitStatus() == 0
                          ? Optional.empty()
                          : Optional.of(
                              "the launcher exited with "
                                  + result.exitStatus()
                                  + PerftestOutput.lastLine(output)));
      if (failure.isPresent()) {
        throw new FailedCollectiveException(
            job.binary()
                + " failed after "
                + report.rows().size()
                + " rows (exit "
                + result.exitStatus()
                + "): "
                + failure.get(),
            host,
            command,
            report.rows().isEmpty() ? null : report.result(job.collective(), job.ranks()));
      }
      return report.result(job.collective(), job.ranks());
    } catch (UnparsableOutputException e) {
      throw new LabException(
          job.binary() + " gave no result (exit " + result.exitStatus() + "): " + e.getMessage(),
          host,
          command,
          e);
    }
  }
}
