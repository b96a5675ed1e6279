package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a training job's steps took, and what they would have taken without the network in the way:
 *
 * <ul>
 *   <li><b>compute-only step</b>: the same step with every communication taking no time — the
 *       pipeline's bubbles and the compute itself;
 *   <li><b>ideal step</b>: the same step on an ideal network — the job's hosts, with their NICs,
 *       NIC settings and cables, on one non-blocking switch with nothing else on it and nothing
 *       failing (a backend that simulates runs it; others leave it out);
 *   <li><b>exposed communication</b>: the step time minus the compute-only step — how long the GPUs
 *       waited on communication;
 *   <li><b>network tax</b>: the step time minus the ideal step — what this fabric costs beyond an
 *       ideal one.
 * </ul>
 *
 * @param job the step's name
 * @param ranks the job's ranks
 * @param steps how long each step took, in order (fewer than asked if the run ended early)
 * @param computeOnly the compute-only step
 * @param ideal the ideal step, if measured
 * @param operations per label of the step's operations (forward, data-parallel gradients, …), what
 *     they took in the last step and on the ideal network, in order of first appearance; empty
 *     until a step has finished on both
 * @param timeline the last step's operations of a sample of ranks (at most {@link #TIMELINE_RANKS},
 *     evenly spread), in rank then start order, times from the step's start
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record TrainingResult(
    String job,
    int ranks,
    List<SimTime> steps,
    SimTime computeOnly,
    Optional<SimTime> ideal,
    List<OperationTimes> operations,
    List<Interval> timeline) {

  /** The most ranks a timeline shows. */
  public static final int TIMELINE_RANKS = 32;

  /** Validates the fields and copies the lists. */
  public TrainingResult {
    Checks.name(job, "job");
    Checks.positive(ranks, "ranks");
    steps = List.copyOf(steps);
    Objects.requireNonNull(computeOnly, "computeOnly must not be null");
    Objects.requireNonNull(ideal, "ideal must not be null");
    operations = List.copyOf(operations);
    timeline = List.copyOf(timeline);
  }

  /**
   * @return whether at least one step finished
   */
  public boolean finished() {
    return !steps.isEmpty();
  }

  /**
   * @return the mean of the steps' times
   * @throws IllegalStateException if no step finished
   */
  public SimTime stepTime() {
    if (steps.isEmpty()) {
      throw new IllegalStateException("no step of " + job + " finished");
    }
    long sum = 0;
    for (SimTime step : steps) {
      sum += step.picos();
    }
    return SimTime.picos(sum / steps.size());
  }

  /**
   * @return the longest step
   * @throws IllegalStateException if no step finished
   */
  public SimTime slowestStep() {
    return steps.stream()
        .max(SimTime::compareTo)
        .orElseThrow(() -> new IllegalStateException("no step of " + job + " finished"));
  }

  /**
   * @return the step time minus the compute-only step (zero if the step was not longer)
   */
  public SimTime exposedCommunication() {
    return SimTime.picos(Math.max(0, stepTime().picos() - computeOnly.picos()));
  }

  /**
   * @return the exposed communication as a share of the step time, 0..1
   */
  public double exposedCommunicationShare() {
    return exposedCommunication().ratioTo(stepTime());
  }

  /**
   * @return the step time minus the ideal step (zero if the step was not longer)
   * @throws IllegalStateException if no step finished, or the ideal step was not measured
   */
  public SimTime networkTax() {
    return SimTime.picos(Math.max(0, stepTime().picos() - idealStep().picos()));
  }

  /**
   * @return the network tax as a share of the ideal step: 0.1 means steps take 10 % longer than on
   *     an ideal network
   * @throws IllegalStateException if no step finished, or the ideal step was not measured
   */
  public double networkTaxShare() {
    return networkTax().ratioTo(idealStep());
  }

  private SimTime idealStep() {
    return ideal.orElseThrow(
        () ->
            new IllegalStateException(
                "the ideal step of " + job + " was not measured (the backend does not simulate)"));
  }

  /**
   * @param label an operation label, e.g. {@code "data-parallel gradients"}
   * @return what the operations with that label took
   * @throws IllegalArgumentException if the step has none
   */
  public OperationTimes operation(String label) {
    return operations.stream()
        .filter(o -> o.label().equals(label))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    job
                        + " has no operation labelled '"
                        + label
                        + "'; it has "
                        + operations.stream().map(OperationTimes::label).toList()));
  }

  /**
   * What the operations with one label took in the last step. A communication's time runs from when
   * it could start — every rank of its group (both ends of a transfer) had issued it and its
   * group's earlier collectives had finished — to when it finished; a compute's is its duration.
   *
   * @param label the label
   * @param communication whether they communicate
   * @param count how many there were, over all ranks (a collective counts once per rank)
   * @param mean their mean time
   * @param idealMean their mean time on the ideal network
   * @param longest the longest
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public record OperationTimes(
      String label,
      boolean communication,
      int count,
      SimTime mean,
      SimTime idealMean,
      SimTime longest) {

    /** Validates the fields. */
    public OperationTimes {
      Checks.name(label, "label");
      Checks.positive(count, "count");
      Objects.requireNonNull(mean, "mean must not be null");
      Objects.requireNonNull(idealMean, "idealMean must not be null");
      Objects.requireNonNull(longest, "longest must not be null");
    }

    /**
     * @return the mean time over the ideal one (1 on an ideal network; 0 if both are zero)
     */
    public double slowdown() {
      return idealMean.picos() == 0 ? 0 : mean.ratioTo(idealMean);
    }
  }

  /**
   * One operation of one rank on the timeline.
   *
   * @param rank the rank
   * @param label its label
   * @param communication whether it communicates
   * @param start when it started, from the step's start (communication: when it could start)
   * @param end when it finished, from the step's start
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public record Interval(
      int rank, String label, boolean communication, SimTime start, SimTime end) {

    /** Validates the fields. */
    public Interval {
      Checks.nonNegative(rank, "rank");
      Checks.name(label, "label");
      Objects.requireNonNull(start, "start must not be null");
      Objects.requireNonNull(end, "end must not be null");
      if (end.isBefore(start)) {
        throw new IllegalArgumentException("end " + end + " is before start " + start);
      }
    }
  }
}
