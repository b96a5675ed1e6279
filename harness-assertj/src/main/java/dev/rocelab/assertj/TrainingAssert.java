package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a training job's steps: step time, the share of it the GPUs waited on
 * communication, and the network tax (how much longer than on an ideal network).
 *
 * <pre>{@code
 * assertThat(run).training().stepTime().isLessThan("120ms");
 * assertThat(run).training().exposedCommunication().isLessThan(0.10);
 * assertThat(run).training().networkTax().isAtMost(0.05);
 * assertThat(run).training().operation("data-parallel gradients").slowdown().isAtMost(1.2);
 * }</pre>
 *
 * @since 0.2
 * @see TrainingResult
 */
@API(status = EXPERIMENTAL, since = "0.2")
public class TrainingAssert extends AbstractAssert<TrainingAssert, TrainingResult> {

  private final AssertContext context;

  TrainingAssert(AssertContext context, TrainingResult result) {
    super(result, TrainingAssert.class);
    this.context = context;
  }

  /**
   * @return the mean step time
   */
  public TimeAssert stepTime() {
    return new TimeAssert(finished(TrainingResult::stepTime), context, "step time", where());
  }

  /**
   * @return the longest step
   */
  public TimeAssert slowestStep() {
    return new TimeAssert(finished(TrainingResult::slowestStep), context, "slowest step", where());
  }

  /**
   * @return the exposed communication as a share of the step time, 0..1: the time the GPUs waited
   *     on communication (the step time minus the step with communication taking no time)
   */
  public NumberAssert exposedCommunication() {
    Optional<TrainingResult> done = done();
    return new NumberAssert(
        done.map(TrainingResult::exposedCommunicationShare).orElse(null),
        context,
        "exposed communication (share of the step)",
        where(),
        "",
        done.map(
                t ->
                    " ("
                        + show(t.exposedCommunication())
                        + " of "
                        + show(t.stepTime())
                        + ", compute-only step "
                        + show(t.computeOnly())
                        + ")")
            .orElse(""));
  }

  /**
   * @return the network tax as a share of the ideal step: the step time over the step on an ideal
   *     network (the job's hosts alone on one non-blocking switch), minus one
   */
  public NumberAssert networkTax() {
    Optional<TrainingResult> compared = done().filter(t -> t.ideal().isPresent());
    return new NumberAssert(
        compared.map(TrainingResult::networkTaxShare).orElse(null),
        context,
        "network tax (share of the ideal step)",
        where() + (done().isPresent() && compared.isEmpty() ? " · ideal step not measured" : ""),
        "",
        compared
            .map(
                t ->
                    " (step "
                        + show(t.stepTime())
                        + ", on an ideal network "
                        + show(t.ideal().orElseThrow())
                        + ")")
            .orElse(""));
  }

  /**
   * Isolation: this run's step time over the same job's step time in another run — alone on the
   * fabric, say, when this run puts a neighbour beside it.
   *
   * <pre>{@code
   * assertThat(beside).training().stepTimeRelativeTo(alone).isAtMost(1.05);
   * }</pre>
   *
   * @param other the other run, with one training job
   * @return the ratio: 1 when the step takes as long as there
   */
  public NumberAssert stepTimeRelativeTo(RunResult other) {
    Optional<TrainingResult> reference =
        other.trainings().size() == 1
            ? Optional.of(other.trainings().get(0)).filter(TrainingResult::finished)
            : Optional.empty();
    Optional<TrainingResult> done = done();
    return new NumberAssert(
        done.isPresent() && reference.isPresent()
            ? done.get().stepTime().ratioTo(reference.get().stepTime())
            : null,
        context,
        "step time relative to " + other.scenario().name(),
        where()
            + (reference.isEmpty()
                ? " · " + other.scenario().name() + " has no finished training step"
                : ""),
        "×",
        done.isPresent() && reference.isPresent()
            ? " ("
                + show(done.get().stepTime())
                + " against "
                + show(reference.get().stepTime())
                + ")"
            : "");
  }

  /**
   * @param label an operation label, e.g. {@code "data-parallel gradients"} ({@link
   *     dev.rocelab.api.scenario.TrainingJob} names its labels)
   * @return assertions on those operations in the last step
   */
  public OperationAssert operation(String label) {
    isNotNull();
    Optional<TrainingResult.OperationTimes> times =
        actual.operations().stream().filter(o -> o.label().equals(label)).findFirst();
    if (times.isEmpty()) {
      context.fail(
          "training operation",
          where(),
          "operations labelled '" + label + "'",
          actual.operations().isEmpty()
              ? "no step compared with the ideal network"
              : "labels "
                  + actual.operations().stream()
                      .map(TrainingResult.OperationTimes::label)
                      .toList());
    }
    return new OperationAssert(times.orElse(null), where() + " · " + label);
  }

  /** Assertions on the operations of one label. */
  @API(status = EXPERIMENTAL, since = "0.2")
  public final class OperationAssert {
    private final TrainingResult.OperationTimes times;
    private final String where;

    private OperationAssert(TrainingResult.OperationTimes times, String where) {
      this.times = times;
      this.where = where;
    }

    /**
     * @return their mean time
     */
    public TimeAssert meanTime() {
      return new TimeAssert(times == null ? null : times.mean(), context, "mean time", where);
    }

    /**
     * @return their mean time over their mean time on the ideal network (1: as on the ideal one)
     */
    public NumberAssert slowdown() {
      return new NumberAssert(
          times == null ? null : times.slowdown(),
          context,
          "slowdown against the ideal network",
          where,
          "×",
          times == null
              ? ""
              : " (mean "
                  + show(times.mean())
                  + ", on an ideal network "
                  + show(times.idealMean())
                  + ")");
    }
  }

  private Optional<TrainingResult> done() {
    return Optional.ofNullable(actual).filter(TrainingResult::finished);
  }

  private SimTime finished(Function<TrainingResult, SimTime> value) {
    return done().map(value).orElse(null);
  }

  private String where() {
    if (actual == null) {
      return "no training job";
    }
    return actual.job()
        + " · "
        + actual.steps().size()
        + (actual.steps().size() == 1 ? " step" : " steps")
        + (actual.finished() ? "" : " finished");
  }

  private static String show(SimTime time) {
    return Display.time(time);
  }
}
