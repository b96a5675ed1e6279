package dev.rocelab.lab.internal;

import dev.rocelab.lab.LabLauncher;
import java.util.Map;
import java.util.Objects;

/**
 * Wraps a program in the lab's own multi-node launcher, so every rank starts the way the lab's
 * users start their jobs: Open MPI's {@code mpirun} with the lab's host file, or Slurm's {@code
 * srun} inside an allocation. Environment variables reach every rank ({@code -x NAME=value} for
 * mpirun, {@code --export=ALL,NAME=value} for srun).
 */
final class LaunchCommand {

  private final LabLauncher launcher;

  LaunchCommand(LabLauncher launcher) {
    this.launcher = Objects.requireNonNull(launcher, "launcher must not be null");
  }

  /**
   * @return the inventory host the launcher runs on
   */
  String host() {
    return launcher.host();
  }

  /**
   * @return the launcher's program, {@code mpirun} or {@code srun}
   */
  String program() {
    return launcher.kind() == LabLauncher.Kind.MPIRUN ? "mpirun" : "srun";
  }

  /**
   * The shell command that starts a program on {@code ranks} ranks.
   *
   * @param ranks how many processes, one per GPU
   * @param environment variables every rank sees, in order
   * @param program the program and its arguments
   * @return the command line, run on {@link #host()}
   */
  String command(int ranks, Map<String, String> environment, String program) {
    StringBuilder line = new StringBuilder();
    if (launcher.kind() == LabLauncher.Kind.MPIRUN) {
      line.append("mpirun --hostfile ").append(launcher.hostFile()).append(" -np ").append(ranks);
      options(line);
      environment.forEach(
          (name, value) -> line.append(" -x ").append(name).append('=').append(value));
    } else {
      line.append("srun --ntasks=").append(ranks).append(" --export=ALL");
      environment.forEach((name, value) -> line.append(',').append(name).append('=').append(value));
      options(line);
    }
    return line.append(' ').append(program).toString();
  }

  private void options(StringBuilder line) {
    if (!launcher.options().isBlank()) {
      line.append(' ').append(launcher.options().strip());
    }
  }
}
