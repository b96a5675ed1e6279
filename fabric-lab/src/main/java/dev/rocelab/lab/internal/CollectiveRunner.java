package dev.rocelab.lab.internal;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.lab.LabException;
import java.time.Duration;

/**
 * Runs one {@link CollectiveJob} through the lab's launcher, on the launcher's host, and reads the
 * nccl-tests table it prints. A launcher or binary that is missing, a run that fails half way, and
 * output that does not parse are {@link LabException}s naming the launcher host and the command.
 */
final class CollectiveRunner {

  private final LaunchCommand launch;
  private final SshConnections ssh;

  CollectiveRunner(LaunchCommand launch, SshConnections ssh) {
    this.launch = launch;
    this.ssh = ssh;
  }

  /** @return the command line that runs the job */
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
      throw new LabException(launch.program() + " is not installed on " + launch.host() + " (exit 127: "
          + FaultCommands.firstLine(result.stderr()) + ")", launch.host(), command, null);
    }
    // ranks print to the launcher's standard output; launcher and NCCL errors go to standard error
    String output = result.stdout() + "\n" + result.stderr();
    try {
      NcclTestsOutput.Report report = NcclTestsOutput.parse(output);
      if (result.exitStatus() != 0) {
        throw new UnparsableOutputException("the launcher exited with " + result.exitStatus()
            + PerftestOutput.lastLine(output));
      }
      return report.result(job.collective(), job.ranks());
    } catch (UnparsableOutputException e) {
      throw new LabException(job.binary() + " gave no result (exit " + result.exitStatus() + "): " + e.getMessage(),
          launch.host(), command, e);
    }
  }
}
