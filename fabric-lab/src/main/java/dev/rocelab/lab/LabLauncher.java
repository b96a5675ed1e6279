package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How a lab launches multi-node jobs (nccl-tests): through its own launcher, run on one host.
 *
 * @param kind {@code mpirun} or Slurm's {@code srun}
 * @param host the inventory host the launcher runs on
 * @param hostFile the host file given to {@code mpirun --hostfile}; empty for {@code srun}
 * @param options extra launcher options, e.g. {@code -x NCCL_IB_HCA=mlx5}; may be empty
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabLauncher(Kind kind, String host, String hostFile, String options) {

  /** Validates the fields: {@code mpirun} needs a host file. */
  public LabLauncher {
    Checks.notNull(kind, "kind");
    Checks.name(host, "host");
    Checks.notNull(hostFile, "hostFile");
    Checks.notNull(options, "options");
    if (kind == Kind.MPIRUN && hostFile.isBlank()) {
      throw new IllegalArgumentException("hostFile must be given for the mpirun launcher");
    }
  }

  /** The launchers. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Kind {
    /** Open MPI's {@code mpirun --hostfile}. */
    MPIRUN,
    /** Slurm's {@code srun} inside an allocation. */
    SRUN
  }
}
