package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.Rate;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The results of one collective's size sweep: an nccl-tests table. {@link NcclTestsFormat} prints
 * it as nccl-tests does, or as JSON.
 *
 * @param operation the collective
 * @param dataType the element type
 * @param ranks the rank count
 * @param root the root rank of a broadcast or reduce (ignored otherwise)
 * @param algorithm the algorithm asked for ({@link Algorithm#AUTO}: NCCL's choice, per row)
 * @param protocol the protocol asked for ({@link Protocol#AUTO}: NCCL's choice, per row)
 * @param rows one per size, in sweep order; at least one
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record CollectiveResult(
    CollectiveOperation operation,
    DataType dataType,
    int ranks,
    int root,
    Algorithm algorithm,
    Protocol protocol,
    List<CollectiveRow> rows) {

  /** Validates the fields and copies the rows. */
  public CollectiveResult {
    Objects.requireNonNull(operation, "operation must not be null");
    Objects.requireNonNull(dataType, "dataType must not be null");
    if (ranks < 1) {
      throw new IllegalArgumentException("ranks must be >= 1 but was " + ranks);
    }
    Objects.requireNonNull(algorithm, "algorithm must not be null");
    Objects.requireNonNull(protocol, "protocol must not be null");
    rows = List.copyOf(rows);
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("a collective result needs at least one row");
    }
  }

  /**
   * @return the reduction nccl-tests prints: {@code sum} for reducing collectives, else {@code
   *     none}
   */
  public String redop() {
    return operation.reduces() ? "sum" : "none";
  }

  /**
   * @return the root nccl-tests prints: the root rank for broadcast and reduce, else −1
   */
  public int rootColumn() {
    return operation.rooted() ? root : -1;
  }

  /**
   * @return the row of the largest size
   */
  public CollectiveRow largest() {
    return rows.get(rows.size() - 1);
  }

  /**
   * The "Avg bus bandwidth" line of nccl-tests: the mean of the bus bandwidths of every timing,
   * out-of-place and in-place.
   *
   * @return the mean bus bandwidth
   */
  public Rate averageBusBandwidth() {
    double sum = 0;
    for (CollectiveRow row : rows) {
      sum += row.outOfPlace().busBandwidth().bitsPerSecond();
      sum += row.inPlace().busBandwidth().bitsPerSecond();
    }
    return Rate.bps(Math.round(sum / (2.0 * rows.size())));
  }

  /**
   * @return a one-line summary, e.g. {@code all_reduce · 16 ranks · ring · SIMPLE} or {@code
   *     all_reduce · 16 ranks · auto}
   */
  public String describe() {
    return operation.ncclName() + " · " + ranks + " ranks · " + algorithm.describe(protocol);
  }

  /**
   * @return whether NCCL chose the algorithm or the protocol (either was asked as {@code AUTO})
   */
  public boolean tuned() {
    return algorithm == Algorithm.AUTO || protocol == Protocol.AUTO;
  }
}
