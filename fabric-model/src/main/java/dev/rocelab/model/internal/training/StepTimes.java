package dev.rocelab.model.internal.training;

import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What a step's operations took, for {@link TrainingResult}, and where a stuck step waits. */
final class StepTimes {

  /** The most waiting operations an error names. */
  private static final int NAMED = 5;

  private StepTimes() {}

  /**
   * @param graph the step
   * @param run the execution on the network, with a finished step
   * @param idealStart per operation, when it started on the ideal network
   * @param idealEnd per operation, when it ended on the ideal network
   * @return per label, in order of first appearance: what the last step's operations took
   */
  static List<TrainingResult.OperationTimes> operations(
      StepGraph graph, StepExecutor run, long[] idealStart, long[] idealEnd) {
    List<TrainingResult.OperationTimes> out = new ArrayList<>();
    long[] start = run.lastStart();
    long[] end = run.lastEnd();
    for (int label = 0; label < graph.labels.size(); label++) {
      int count = 0;
      long sum = 0;
      long idealSum = 0;
      long longest = 0;
      boolean communication = false;
      for (int op = 0; op < graph.ops; op++) {
        if (graph.labelOf[op] != label) {
          continue;
        }
        long took = end[op] - start[op];
        count++;
        sum += took;
        idealSum += idealEnd[op] - idealStart[op];
        longest = Math.max(longest, took);
        communication = graph.kind[op] != StepGraph.COMPUTE;
      }
      out.add(
          new TrainingResult.OperationTimes(
              graph.labels.get(label),
              communication,
              count,
              SimTime.picos(sum / count),
              SimTime.picos(idealSum / count),
              SimTime.picos(longest)));
    }
    return out;
  }

  /**
   * @param graph the step
   * @param run the execution on the network
   * @return the last step's operations of at most {@link TrainingResult#TIMELINE_RANKS} ranks,
   *     evenly spread, by rank then start
   */
  static List<TrainingResult.Interval> timeline(StepGraph graph, StepExecutor run) {
    List<TrainingResult.Interval> out = new ArrayList<>();
    long[] start = run.lastStart();
    if (start == null) {
      return out;
    }
    int ranks = graph.step.ranks();
    int shown = Math.min(ranks, TrainingResult.TIMELINE_RANKS);
    boolean[] sampled = new boolean[ranks];
    for (int i = 0; i < shown; i++) {
      sampled[(int) ((long) i * ranks / shown)] = true;
    }
    for (int op = 0; op < graph.ops; op++) {
      if (sampled[graph.rank[op]]) {
        out.add(
            new TrainingResult.Interval(
                graph.rank[op],
                graph.labels.get(graph.labelOf[op]),
                graph.kind[op] != StepGraph.COMPUTE,
                SimTime.picos(start[op]),
                SimTime.picos(run.lastEnd()[op])));
      }
    }
    out.sort(
        Comparator.comparingInt(TrainingResult.Interval::rank)
            .thenComparing(TrainingResult.Interval::start));
    return out;
  }

  /**
   * @param graph the step
   * @param waiting operations issued but never finished
   * @return what the first few wait for, e.g. {@code "rank 3 waits at operation 17 (pipeline
   *     activations: receive from rank 1)"}
   */
  static String stuck(StepGraph graph, List<Integer> waiting) {
    List<String> named = new ArrayList<>();
    for (int op : waiting) {
      if (graph.kind[op] == StepGraph.COMPUTE) {
        continue;
      }
      named.add(
          "rank "
              + graph.rank[op]
              + " waits at operation "
              + op
              + " ("
              + graph.labels.get(graph.labelOf[op])
              + ": "
              + what(graph, op)
              + ")");
      if (named.size() == NAMED) {
        break;
      }
    }
    return named.isEmpty() ? "no operation can start" : String.join("; ", named);
  }

  private static String what(StepGraph graph, int op) {
    return switch (graph.kind[op]) {
      case StepGraph.COLLECTIVE -> {
        int instance = graph.instanceOf[op];
        yield graph.operationOf[instance].ncclName()
            + " on ranks "
            + graph.groups.get(graph.communicatorOf[instance])
            + ", waiting for the rest of the group or its earlier collectives";
      }
      case StepGraph.SEND -> "send to rank " + graph.to[graph.transferOf[op]] + ", not received";
      default -> "receive from rank " + graph.from[graph.transferOf[op]] + ", not sent";
    };
  }
}
