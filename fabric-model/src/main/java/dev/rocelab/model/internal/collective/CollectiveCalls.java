package dev.rocelab.model.internal.collective;

import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.SizeSweep;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The collectives of one NCCL communicator of a training job, run one at a time in the order they
 * are called, each with NCCL's algorithm and protocol for its size (BF16 elements, one queue pair
 * per connection, messages whole on it: NCCL's defaults).
 */
public final class CollectiveCalls implements RunSource {

  /** Told when a call has finished. */
  public interface Listener {
    /**
     * @param call the call's id, as given to {@link #call}
     * @param now when it finished
     */
    void collectiveDone(int call, long now);
  }

  private final CollectiveLayout layout;
  private Listener listener;
  private final Map<Long, Workload.Collective> resolved = new HashMap<>();
  private final ArrayDeque<long[]> queue = new ArrayDeque<>();
  private CallRunner runner;
  private boolean running;

  /**
   * @param layout where the communicator's ranks sit
   */
  public CollectiveCalls(CollectiveLayout layout) {
    this.layout = Objects.requireNonNull(layout);
  }

  /**
   * @param listener told of finished calls from now on
   */
  public void listen(Listener listener) {
    this.listener = Objects.requireNonNull(listener);
  }

  /**
   * Closes the communicator's connections: its job has ended.
   *
   * @param now the time
   */
  public void close(long now) {
    if (runner != null) {
      runner.close(now);
    }
  }

  /**
   * @param operation a collective
   * @param size its size as nccl-tests counts it
   * @return the collective as this communicator makes it, algorithm and protocol NCCL's choice
   */
  private static Workload.Collective collective(CollectiveOperation operation, DataSize size) {
    return new Workload.Collective(
        operation,
        SizeSweep.of(size),
        DataType.BFLOAT16,
        Algorithm.AUTO,
        Protocol.AUTO,
        0,
        0,
        0,
        1,
        false,
        Fidelity.PACKET,
        SimTime.ZERO);
  }

  /**
   * @param operation a collective
   * @param size its size as nccl-tests counts it
   * @return the bytes it moves: whole BF16 elements, split evenly where the operation needs it
   */
  public long bytes(CollectiveOperation operation, DataSize size) {
    int element = DataType.BFLOAT16.bytes();
    return Algorithms.elementCount(operation, size.bytes(), element, layout.size()) * element;
  }

  /**
   * @param operation a collective
   * @param size its size
   * @return the collective as it runs at that size: NCCL's algorithm and protocol chosen
   */
  public Workload.Collective resolve(CollectiveOperation operation, DataSize size) {
    long bytes = bytes(operation, size);
    return resolved.computeIfAbsent(
        bytes * CollectiveOperation.values().length + operation.ordinal(),
        k -> NcclTuner.resolve(collective(operation, size), layout, bytes));
  }

  /**
   * @param calls every call the communicator will make, as operation and size
   * @return the distinct collectives they run as (for setting up their connections)
   */
  public List<Workload.Collective> runs(List<Map.Entry<CollectiveOperation, DataSize>> calls) {
    LinkedHashSet<Workload.Collective> runs = new LinkedHashSet<>();
    for (Map.Entry<CollectiveOperation, DataSize> call : calls) {
      runs.add(resolve(call.getKey(), call.getValue()));
    }
    return new ArrayList<>(runs);
  }

  /**
   * Calls a collective: it runs once the communicator's earlier calls have finished.
   *
   * @param id the call's id, given back when it is done
   * @param operation the collective
   * @param size its size
   * @param now the time
   */
  public void call(int id, CollectiveOperation operation, DataSize size, long now) {
    queue.add(new long[] {id, operation.ordinal(), size.bytes()});
    if (!running) {
      running = true;
      runner.runNext(now);
    }
  }

  /**
   * @return the layout of the communicator's ranks
   */
  public CollectiveLayout layout() {
    return layout;
  }

  /**
   * @return the collective its connections are set up for (one queue pair each, NCCL's default)
   */
  public Workload.Collective template() {
    return collective(CollectiveOperation.ALL_REDUCE, DataSize.bytes(1));
  }

  void runBy(CallRunner runner) {
    this.runner = runner;
  }

  @Override
  public boolean hasRun() {
    return !queue.isEmpty();
  }

  @Override
  public boolean nextRunRepeatsLast() {
    return false;
  }

  @Override
  public Workload.Collective current() {
    long[] next = queue.peek();
    return resolve(CollectiveOperation.values()[(int) next[1]], DataSize.bytes(next[2]));
  }

  @Override
  public long bytes() {
    long[] next = queue.peek();
    return bytes(CollectiveOperation.values()[(int) next[1]], DataSize.bytes(next[2]));
  }

  @Override
  public Next record(long timePs, long now) {
    long[] done = queue.poll();
    listener.collectiveDone((int) done[0], now);
    if (queue.isEmpty()) {
      running = false;
      return Next.WAIT;
    }
    return Next.RUN;
  }
}
