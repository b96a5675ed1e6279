package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One step of a training job as its ranks execute it: per rank a graph of compute, collectives and
 * point-to-point transfers ({@link StepOp}), the shape of an MLCommons Chakra execution trace. Rank
 * {@code r} is GPU {@code r mod g} of the job's {@code r div g}-th host, {@code g} GPUs per host.
 *
 * <p>The graph is checked when it is made: every rank's collectives on a group agree with the other
 * ranks' in number, operation and size, and every send has its receive. Whether it can finish (no
 * circular waits across ranks) is checked when it runs.
 *
 * @param name what it is, e.g. {@code "llama3-8b tp8 pp2 dp4"}
 * @param ranks how many ranks (GPUs) the job has, &ge; 2
 * @param ops the operations, operation {@code i} at index {@code i}
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record TrainingStep(String name, int ranks, List<StepOp> ops) {

  /** Validates the graph and copies the list. */
  public TrainingStep {
    Checks.name(name, "name");
    if (ranks < 2) {
      throw new IllegalArgumentException("a training step needs at least 2 ranks but has " + ranks);
    }
    ops = List.copyOf(ops);
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("training step " + name + " has no operations");
    }
    Map<List<Integer>, List<List<StepOp.CollectiveCall>>> callsOn = new HashMap<>();
    Map<Long, List<StepOp>> sends = new HashMap<>();
    Map<Long, List<StepOp>> recvs = new HashMap<>();
    for (int i = 0; i < ops.size(); i++) {
      StepOp op = ops.get(i);
      if (op.id() != i) {
        throw new IllegalArgumentException("operation at index " + i + " has id " + op.id());
      }
      checkRank(op.rank(), ranks, op);
      for (int before : op.after()) {
        if (ops.get(before).rank() != op.rank()) {
          throw new IllegalArgumentException(
              "operation "
                  + i
                  + " of rank "
                  + op.rank()
                  + " waits for operation "
                  + before
                  + " of rank "
                  + ops.get(before).rank()
                  + "; ranks wait for each other through communication only");
        }
      }
      if (op instanceof StepOp.CollectiveCall c) {
        for (int member : c.group()) {
          checkRank(member, ranks, op);
        }
        callsOn
            .computeIfAbsent(c.group(), g -> emptyLists(g.size()))
            .get(c.group().indexOf(c.rank()))
            .add(c);
      } else if (op instanceof StepOp.Send s) {
        checkRank(s.peer(), ranks, op);
        sends.computeIfAbsent(pair(s.rank(), s.peer()), k -> new ArrayList<>()).add(s);
      } else if (op instanceof StepOp.Recv r) {
        checkRank(r.peer(), ranks, op);
        recvs.computeIfAbsent(pair(r.peer(), r.rank()), k -> new ArrayList<>()).add(r);
      }
    }
    callsOn.forEach(TrainingStep::checkAgreement);
    checkPairs(sends, recvs);
  }

  /**
   * @param name what it is
   * @param ranks how many ranks
   * @return a builder adding operations in order
   */
  public static Builder builder(String name, int ranks) {
    return new Builder(name, ranks);
  }

  /**
   * @param rank a rank
   * @return its operations in id order
   */
  public List<StepOp> opsOf(int rank) {
    return ops.stream().filter(op -> op.rank() == rank).toList();
  }

  private static void checkRank(int rank, int ranks, StepOp op) {
    if (rank >= ranks) {
      throw new IllegalArgumentException(
          "operation " + op.id() + " names rank " + rank + " but the step has " + ranks + " ranks");
    }
  }

  private static List<List<StepOp.CollectiveCall>> emptyLists(int n) {
    List<List<StepOp.CollectiveCall>> lists = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lists.add(new ArrayList<>());
    }
    return lists;
  }

  private static void checkAgreement(
      List<Integer> group, List<List<StepOp.CollectiveCall>> perMember) {
    List<StepOp.CollectiveCall> first = perMember.get(0);
    for (int m = 1; m < group.size(); m++) {
      List<StepOp.CollectiveCall> calls = perMember.get(m);
      if (calls.size() != first.size()) {
        throw new IllegalArgumentException(
            "on group "
                + group
                + " rank "
                + group.get(0)
                + " issues "
                + first.size()
                + " collectives but rank "
                + group.get(m)
                + " issues "
                + calls.size());
      }
      for (int k = 0; k < calls.size(); k++) {
        StepOp.CollectiveCall a = first.get(k);
        StepOp.CollectiveCall b = calls.get(k);
        if (a.operation() != b.operation() || !a.size().equals(b.size())) {
          throw new IllegalArgumentException(
              "collective "
                  + k
                  + " on group "
                  + group
                  + " is "
                  + a.operation().ncclName()
                  + " of "
                  + a.size()
                  + " on rank "
                  + a.rank()
                  + " (operation "
                  + a.id()
                  + ") but "
                  + b.operation().ncclName()
                  + " of "
                  + b.size()
                  + " on rank "
                  + b.rank()
                  + " (operation "
                  + b.id()
                  + ")");
        }
      }
    }
  }

  private static void checkPairs(Map<Long, List<StepOp>> sends, Map<Long, List<StepOp>> recvs) {
    for (Map.Entry<Long, List<StepOp>> e : sends.entrySet()) {
      List<StepOp> received = recvs.getOrDefault(e.getKey(), List.of());
      List<StepOp> sent = e.getValue();
      for (int k = 0; k < Math.max(sent.size(), received.size()); k++) {
        if (k >= received.size() || k >= sent.size()) {
          StepOp unmatched = k >= received.size() ? sent.get(k) : received.get(k);
          throw new IllegalArgumentException(
              "operation " + unmatched.id() + " (" + describe(unmatched) + ") has no counterpart");
        }
        DataSize s = ((StepOp.Send) sent.get(k)).size();
        DataSize r = ((StepOp.Recv) received.get(k)).size();
        if (!s.equals(r)) {
          throw new IllegalArgumentException(
              "operation "
                  + sent.get(k).id()
                  + " sends "
                  + s
                  + " but its receive, operation "
                  + received.get(k).id()
                  + ", expects "
                  + r);
        }
      }
    }
    for (Map.Entry<Long, List<StepOp>> e : recvs.entrySet()) {
      if (!sends.containsKey(e.getKey())) {
        StepOp r = e.getValue().get(0);
        throw new IllegalArgumentException(
            "operation " + r.id() + " (" + describe(r) + ") has no counterpart");
      }
    }
  }

  private static String describe(StepOp op) {
    if (op instanceof StepOp.Send s) {
      return "rank " + s.rank() + " sends " + s.size() + " to rank " + s.peer();
    }
    StepOp.Recv r = (StepOp.Recv) op;
    return "rank " + r.rank() + " receives " + r.size() + " from rank " + r.peer();
  }

  private static long pair(int from, int to) {
    return ((long) from << 32) | to;
  }

  /**
   * Adds a step's operations in order; each method returns the new operation's id.
   *
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static final class Builder {
    private final String name;
    private final int ranks;
    private final List<StepOp> ops = new ArrayList<>();

    private Builder(String name, int ranks) {
      this.name = Objects.requireNonNull(name, "name must not be null");
      this.ranks = ranks;
    }

    /**
     * @param rank the rank
     * @param duration how long its GPU is busy
     * @param label what it is
     * @param after the operations it waits for; negative ids stand for none
     * @return its id
     */
    public int compute(int rank, SimTime duration, String label, int... after) {
      return add(new StepOp.Compute(ops.size(), rank, duration, list(after), label));
    }

    /**
     * @param rank the rank
     * @param operation the collective
     * @param size its size
     * @param group the ranks taking part, in ring order
     * @param label what it is
     * @param after the operations it waits for; negative ids stand for none
     * @return its id
     */
    public int collective(
        int rank,
        Workload.CollectiveOperation operation,
        DataSize size,
        List<Integer> group,
        String label,
        int... after) {
      return add(
          new StepOp.CollectiveCall(ops.size(), rank, operation, size, group, list(after), label));
    }

    /**
     * @param rank the sending rank
     * @param peer the receiving rank
     * @param size the bytes
     * @param label what it is
     * @param after the operations it waits for; negative ids stand for none
     * @return its id
     */
    public int send(int rank, int peer, DataSize size, String label, int... after) {
      return add(new StepOp.Send(ops.size(), rank, peer, size, list(after), label));
    }

    /**
     * @param rank the receiving rank
     * @param peer the sending rank
     * @param size the bytes
     * @param label what it is
     * @param after the operations it waits for; negative ids stand for none
     * @return its id
     */
    public int recv(int rank, int peer, DataSize size, String label, int... after) {
      return add(new StepOp.Recv(ops.size(), rank, peer, size, list(after), label));
    }

    /**
     * @return the step
     * @throws IllegalArgumentException if the operations do not fit together
     */
    public TrainingStep build() {
      return new TrainingStep(name, ranks, ops);
    }

    private int add(StepOp op) {
      ops.add(op);
      return op.id();
    }

    private static List<Integer> list(int... after) {
      return Arrays.stream(after).filter(id -> id >= 0).boxed().toList();
    }
  }
}
