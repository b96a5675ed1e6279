package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One operation of one rank in a {@link TrainingStep}: GPU compute, a collective over a group of
 * ranks, or one side of a point-to-point transfer — the node kinds of an MLCommons Chakra execution
 * trace. An operation starts once the operations it comes {@linkplain #after() after} (on the same
 * rank) have finished; compute then waits for the rank's GPU, a collective for every rank of its
 * group and for the group's earlier collectives, a send for its receive.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public sealed interface StepOp
    permits StepOp.Compute, StepOp.CollectiveCall, StepOp.Send, StepOp.Recv {

  /**
   * @return its index in the step's operations
   */
  int id();

  /**
   * @return the rank that executes it, 0..ranks−1
   */
  int rank();

  /**
   * @return the operations of the same rank it waits for, by id, each smaller than its own
   */
  List<Integer> after();

  /**
   * @return what it is, e.g. {@code "forward"} or {@code "data-parallel gradients"}: results add up
   *     time per label
   */
  String label();

  /**
   * GPU work: the rank's GPU runs one compute operation at a time, in the order they become ready.
   *
   * @param id its index
   * @param rank the rank
   * @param duration how long the GPU is busy
   * @param after the operations it waits for
   * @param label what it is
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record Compute(int id, int rank, SimTime duration, List<Integer> after, String label)
      implements StepOp {

    /** Validates the fields and copies the list. */
    public Compute {
      after = common(id, rank, after, label);
      Objects.requireNonNull(duration, "duration must not be null");
    }
  }

  /**
   * One rank's part of an NCCL collective. The group's ranks each issue one; the {@code k}-th
   * collective a rank issues on a group goes with the {@code k}-th of every other rank of it, and
   * they must agree on operation and size. A group's collectives run one at a time, in order (one
   * NCCL communicator, one stream).
   *
   * @param id its index
   * @param rank the rank
   * @param operation the collective
   * @param size its size as nccl-tests counts it (all-reduce: the buffer each rank reduces)
   * @param group the ranks taking part, in ring order; it includes {@code rank}
   * @param after the operations it waits for
   * @param label what it is
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record CollectiveCall(
      int id,
      int rank,
      Workload.CollectiveOperation operation,
      DataSize size,
      List<Integer> group,
      List<Integer> after,
      String label)
      implements StepOp {

    /** Validates the fields and copies the lists. */
    public CollectiveCall {
      after = common(id, rank, after, label);
      Objects.requireNonNull(operation, "operation must not be null");
      if (operation.rooted()) {
        throw new IllegalArgumentException(
            operation.ncclName() + " has a root; a training step's collectives have none");
      }
      Checks.positive(size, "size");
      group = List.copyOf(group);
      if (group.size() < 2) {
        throw new IllegalArgumentException(
            "a collective's group needs at least 2 ranks but was " + group);
      }
      if (new HashSet<>(group).size() != group.size()) {
        throw new IllegalArgumentException("a collective's group repeats a rank: " + group);
      }
      if (!group.contains(rank)) {
        throw new IllegalArgumentException(
            "rank " + rank + " issues a collective on group " + group + ", which it is not in");
      }
    }
  }

  /**
   * Sends bytes to another rank; it finishes when they have arrived. The {@code k}-th send from a
   * rank to a peer goes with the {@code k}-th receive of that peer from it.
   *
   * @param id its index
   * @param rank the sending rank
   * @param peer the receiving rank
   * @param size the bytes
   * @param after the operations it waits for
   * @param label what it is
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record Send(int id, int rank, int peer, DataSize size, List<Integer> after, String label)
      implements StepOp {

    /** Validates the fields and copies the list. */
    public Send {
      after = common(id, rank, after, label);
      peerOf(rank, peer);
      Checks.positive(size, "size");
    }
  }

  /**
   * Receives bytes from another rank; it finishes when they have arrived.
   *
   * @param id its index
   * @param rank the receiving rank
   * @param peer the sending rank
   * @param size the bytes, as the matching send sends them
   * @param after the operations it waits for
   * @param label what it is
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record Recv(int id, int rank, int peer, DataSize size, List<Integer> after, String label)
      implements StepOp {

    /** Validates the fields and copies the list. */
    public Recv {
      after = common(id, rank, after, label);
      peerOf(rank, peer);
      Checks.positive(size, "size");
    }
  }

  private static List<Integer> common(int id, int rank, List<Integer> after, String label) {
    Checks.nonNegative(id, "id");
    Checks.nonNegative(rank, "rank");
    Checks.name(label, "label");
    List<Integer> copy = List.copyOf(after);
    for (int dependency : copy) {
      if (dependency < 0 || dependency >= id) {
        throw new IllegalArgumentException(
            "operation "
                + id
                + " may only wait for earlier operations but waits for "
                + dependency);
      }
    }
    return copy;
  }

  private static void peerOf(int rank, int peer) {
    Checks.nonNegative(peer, "peer");
    if (peer == rank) {
      throw new IllegalArgumentException("rank " + rank + " cannot send to or receive from itself");
    }
  }
}
