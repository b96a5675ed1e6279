package dev.rocelab.suites.aiworkload;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.suites.Criteria;

/**
 * The criteria's training step, sized for the fabric's hosts: the step's activations, gradients and
 * bucket are given for GPUs with {@code trainingNicBandwidthPerGpu} of NIC bandwidth each, and
 * scale with the bandwidth per GPU the fabric's hosts have, so the step keeps its balance of
 * compute and communication (on a host with one 100G NIC per GPU a quarter of the reference's
 * sizes). The exposed-communication check then measures the fabric, not a job sized for other
 * hardware.
 */
final class TrainingShape {

  private TrainingShape() {}

  /**
   * @param criteria the AI workload criteria
   * @param fabric the fabric the job runs on
   * @param name the job's name
   * @param parallelism its parallelism
   * @return the dense job, sized for the fabric's first host
   */
  static TrainingJob dense(
      Criteria criteria, FabricGraph fabric, String name, Parallelism parallelism) {
    double scale = scale(criteria, fabric);
    return TrainingJob.dense(
            name,
            parallelism,
            (int) criteria.number("trainingMicrobatches"),
            criteria.time("trainingForward"),
            criteria.time("trainingBackward"),
            scaled(criteria.size("trainingActivations"), scale),
            scaled(criteria.size("trainingGradients"), scale))
        .withBucket(scaled(criteria.size("trainingBucket"), scale));
  }

  /** The fabric's NIC bandwidth per GPU over the bandwidth per GPU the shape is sized for. */
  static double scale(Criteria criteria, FabricGraph fabric) {
    String host = fabric.hosts().get(0).name();
    HostProfile profile = fabric.hostProfileOf(host);
    double perGpu =
        fabric.nics().stream()
                .filter(n -> n.device().equals(host))
                .mapToDouble(n -> fabric.nicProfileOf(n).speed().bitsPerSecond())
                .sum()
            / profile.gpus();
    return perGpu / criteria.rate("trainingNicBandwidthPerGpu").bitsPerSecond();
  }

  private static DataSize scaled(DataSize size, double scale) {
    return DataSize.bytes(Math.max(1, Math.round(size.bytes() * scale)));
  }
}
