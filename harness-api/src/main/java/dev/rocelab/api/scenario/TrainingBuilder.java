package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Builds training steps of a job. Defaults: one step, on the fabric's hosts in fabric order,
 * starting at zero.
 *
 * <pre>{@code
 * TrainingJob job = ModelShape.LLAMA3_8B.job(Parallelism.of(8, 1, 8), 4, 1, 8192, Gpu.H100_SXM);
 * Scenario step = Scenario.training(job).steps(2).duration("10s").build();
 * }</pre>
 *
 * @since 0.2
 * @see Workload.Training
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class TrainingBuilder extends ScenarioBuilder<TrainingBuilder> {

  private final Workload.Training w;

  TrainingBuilder(TrainingStep step) {
    this(
        Settings.defaults(),
        new Workload.Training(step, 1, List.of(), SimTime.ZERO, List.of(), Fidelity.PACKET));
  }

  private TrainingBuilder(Settings settings, Workload.Training workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param count how many steps run, &ge; 1
   * @return a changed copy
   */
  public TrainingBuilder steps(int count) {
    return new TrainingBuilder(
        settings(),
        new Workload.Training(w.step(), count, w.hosts(), w.start(), w.slowGpus(), w.fidelity()));
  }

  /**
   * Places the job: its ranks on the GPUs of these hosts, in this order.
   *
   * @param hosts host names of the fabric
   * @return a changed copy
   */
  public TrainingBuilder hosts(String... hosts) {
    return new TrainingBuilder(
        settings(),
        new Workload.Training(
            w.step(), w.steps(), List.of(hosts), w.start(), w.slowGpus(), w.fidelity()));
  }

  /**
   * @param time when the first step starts, e.g. {@code "100us"}
   * @return a changed copy
   */
  public TrainingBuilder start(String time) {
    return new TrainingBuilder(
        settings(),
        new Workload.Training(
            w.step(), w.steps(), w.hosts(), SimTime.parse(time), w.slowGpus(), w.fidelity()));
  }

  /**
   * Makes one GPU a straggler: its compute takes {@code slowdown} times as long.
   *
   * @param host the host
   * @param gpu the GPU's index in the host
   * @param slowdown how many times as long, &gt; 1
   * @return a changed copy
   */
  public TrainingBuilder slowGpu(String host, int gpu, double slowdown) {
    List<Workload.SlowGpu> slow = new ArrayList<>(w.slowGpus());
    slow.add(new Workload.SlowGpu(host, gpu, slowdown));
    return new TrainingBuilder(
        settings(),
        new Workload.Training(w.step(), w.steps(), w.hosts(), w.start(), slow, w.fidelity()));
  }

  /**
   * @param level {@link Fidelity#FLOW} for jobs of thousands of GPUs: links and routes, no queues
   * @return a changed copy
   */
  public TrainingBuilder fidelity(Fidelity level) {
    return new TrainingBuilder(
        settings(),
        new Workload.Training(w.step(), w.steps(), w.hosts(), w.start(), w.slowGpus(), level));
  }

  @Override
  public Workload.Training workload() {
    return w;
  }

  @Override
  String kind() {
    return "training";
  }

  @Override
  TrainingBuilder copy(Settings changed) {
    return new TrainingBuilder(changed, w);
  }
}
