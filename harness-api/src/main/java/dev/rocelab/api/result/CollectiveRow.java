package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One line of an nccl-tests table: a size, its element count, the out-of-place and in-place
 * timings, and the algorithm and protocol that size ran with.
 *
 * @param size the size as nccl-tests counts it (the {@code size} column)
 * @param count the element count (the {@code count} column)
 * @param outOfPlace the out-of-place timing
 * @param inPlace the in-place timing
 * @param algorithm the algorithm this size ran with: the one asked for, NCCL's choice for it, or
 *     {@link Algorithm#AUTO} when NCCL chose and the backend does not report what
 * @param protocol the protocol this size ran with, likewise
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record CollectiveRow(
    DataSize size,
    long count,
    CollectiveTiming outOfPlace,
    CollectiveTiming inPlace,
    Algorithm algorithm,
    Protocol protocol) {

  /** Validates the fields. */
  public CollectiveRow {
    Objects.requireNonNull(size, "size must not be null");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0 but was " + count);
    }
    Objects.requireNonNull(outOfPlace, "outOfPlace must not be null");
    Objects.requireNonNull(inPlace, "inPlace must not be null");
    Objects.requireNonNull(algorithm, "algorithm must not be null");
    Objects.requireNonNull(protocol, "protocol must not be null");
  }

  /**
   * A row whose algorithm and protocol are not reported.
   *
   * @param size the size as nccl-tests counts it
   * @param count the element count
   * @param outOfPlace the out-of-place timing
   * @param inPlace the in-place timing
   */
  public CollectiveRow(
      DataSize size, long count, CollectiveTiming outOfPlace, CollectiveTiming inPlace) {
    this(size, count, outOfPlace, inPlace, Algorithm.AUTO, Protocol.AUTO);
  }

  /**
   * @return whether the row says which algorithm and protocol ran (neither is {@code AUTO})
   */
  public boolean choiceKnown() {
    return algorithm != Algorithm.AUTO && protocol != Protocol.AUTO;
  }
}
