package dev.rocelab.model.internal.training;

import dev.rocelab.api.scenario.StepOp;
import dev.rocelab.api.scenario.TrainingStep;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link TrainingStep} in arrays for execution: per operation its kind, rank, duration and
 * successors; collectives grouped into communicators (one per distinct group) and instances (the
 * {@code k}-th call on a communicator, made by every rank of it); sends matched with receives into
 * transfers.
 */
final class StepGraph {

  static final byte COMPUTE = 0;
  static final byte COLLECTIVE = 1;
  static final byte SEND = 2;
  static final byte RECV = 3;

  final TrainingStep step;
  final int ops;
  final byte[] kind;
  final int[] rank;
  final long[] durationPs;
  final int[] indegree;
  final int[] successorsFrom;
  final int[] successors;

  /** Per operation: its label's index in {@link #labels}. */
  final int[] labelOf;

  final List<String> labels = new ArrayList<>();

  /** Communicators: their ranks in ring order. */
  final List<List<Integer>> groups = new ArrayList<>();

  /** Per operation: its collective instance, or its transfer, or −1. */
  final int[] instanceOf;

  final int[] transferOf;

  /** Per communicator: the id of its first instance; its instances follow in call order. */
  final int[] firstInstance;

  /** Per instance: its communicator, operation, size and the operations (one per rank) it ends. */
  final int[] communicatorOf;

  final CollectiveOperation[] operationOf;
  final DataSize[] sizeOf;
  final int[][] instanceOps;

  /** Per transfer: sending and receiving rank, bytes, send and receive operation. */
  final int[] from;

  final int[] to;
  final long[] transferBytes;
  final int[] sendOp;
  final int[] recvOp;

  /**
   * @param step the step
   * @param slowdown per rank, how many times as long its compute takes (1 for most)
   */
  StepGraph(TrainingStep step, double[] slowdown) {
    this.step = step;
    List<StepOp> list = step.ops();
    ops = list.size();
    kind = new byte[ops];
    rank = new int[ops];
    durationPs = new long[ops];
    indegree = new int[ops];
    labelOf = new int[ops];
    instanceOf = new int[ops];
    transferOf = new int[ops];
    int[] successorCount = new int[ops];
    Map<String, Integer> labelIndex = new LinkedHashMap<>();
    Map<List<Integer>, Integer> communicator = new LinkedHashMap<>();
    Map<List<Integer>, List<List<Integer>>> instancesOf = new HashMap<>();
    Map<Long, List<Integer>> sends = new LinkedHashMap<>();
    Map<Long, List<Integer>> recvs = new HashMap<>();
    Map<Long, Integer> issued = new HashMap<>();
    for (StepOp op : list) {
      int i = op.id();
      rank[i] = op.rank();
      indegree[i] = op.after().size();
      for (int before : op.after()) {
        successorCount[before]++;
      }
      labelOf[i] =
          labelIndex.computeIfAbsent(
              op.label(),
              l -> {
                labels.add(l);
                return labels.size() - 1;
              });
      instanceOf[i] = -1;
      transferOf[i] = -1;
      if (op instanceof StepOp.Compute c) {
        kind[i] = COMPUTE;
        durationPs[i] = Math.round(c.duration().picos() * slowdown[c.rank()]);
      } else if (op instanceof StepOp.CollectiveCall c) {
        kind[i] = COLLECTIVE;
        int id =
            communicator.computeIfAbsent(
                c.group(),
                g -> {
                  groups.add(g);
                  return groups.size() - 1;
                });
        List<List<Integer>> calls = instancesOf.computeIfAbsent(c.group(), g -> new ArrayList<>());
        // the k-th collective of this rank on this group goes with every member's k-th
        int k = issued.merge(((long) id << 32) | c.rank(), 1, Integer::sum) - 1;
        while (calls.size() <= k) {
          calls.add(new ArrayList<>());
        }
        calls.get(k).add(i);
      } else if (op instanceof StepOp.Send s) {
        kind[i] = SEND;
        sends.computeIfAbsent(pair(s.rank(), s.peer()), p -> new ArrayList<>()).add(i);
      } else {
        StepOp.Recv r = (StepOp.Recv) op;
        kind[i] = RECV;
        recvs.computeIfAbsent(pair(r.peer(), r.rank()), p -> new ArrayList<>()).add(i);
      }
    }
    successorsFrom = new int[ops + 1];
    for (int i = 0; i < ops; i++) {
      successorsFrom[i + 1] = successorsFrom[i] + successorCount[i];
    }
    successors = new int[successorsFrom[ops]];
    int[] filled = new int[ops];
    for (StepOp op : list) {
      for (int before : op.after()) {
        successors[successorsFrom[before] + filled[before]++] = op.id();
      }
    }
    firstInstance = new int[groups.size()];
    List<Integer> communicators = new ArrayList<>();
    List<int[]> opsOfInstance = new ArrayList<>();
    for (int c = 0; c < groups.size(); c++) {
      firstInstance[c] = opsOfInstance.size();
      for (List<Integer> members : instancesOf.get(groups.get(c))) {
        for (int op : members) {
          instanceOf[op] = opsOfInstance.size();
        }
        opsOfInstance.add(members.stream().mapToInt(Integer::intValue).toArray());
        communicators.add(c);
      }
    }
    instanceOps = opsOfInstance.toArray(new int[0][]);
    communicatorOf = communicators.stream().mapToInt(Integer::intValue).toArray();
    operationOf = new CollectiveOperation[instanceOps.length];
    sizeOf = new DataSize[instanceOps.length];
    for (int n = 0; n < instanceOps.length; n++) {
      StepOp.CollectiveCall call = (StepOp.CollectiveCall) list.get(instanceOps[n][0]);
      operationOf[n] = call.operation();
      sizeOf[n] = call.size();
    }
    List<int[]> transfers = new ArrayList<>();
    sends.forEach(
        (key, sent) -> {
          List<Integer> received = recvs.get(key);
          for (int k = 0; k < sent.size(); k++) {
            transfers.add(new int[] {sent.get(k), received.get(k)});
          }
        });
    int t = transfers.size();
    from = new int[t];
    to = new int[t];
    transferBytes = new long[t];
    sendOp = new int[t];
    recvOp = new int[t];
    for (int i = 0; i < t; i++) {
      StepOp.Send s = (StepOp.Send) list.get(transfers.get(i)[0]);
      sendOp[i] = s.id();
      recvOp[i] = transfers.get(i)[1];
      from[i] = s.rank();
      to[i] = s.peer();
      transferBytes[i] = s.size().bytes();
      transferOf[sendOp[i]] = i;
      transferOf[recvOp[i]] = i;
    }
  }

  int instances() {
    return instanceOps.length;
  }

  int transfers() {
    return from.length;
  }

  private static long pair(int from, int to) {
    return ((long) from << 32) | to;
  }
}
