package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One line of an nccl-tests table: a size, its element count, and the out-of-place and in-place
 * timings.
 *
 * @param size the size as nccl-tests counts it (the {@code size} column)
 * @param count the element count (the {@code count} column)
 * @param outOfPlace the out-of-place timing
 * @param inPlace the in-place timing
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record CollectiveRow(
    DataSize size, long count, CollectiveTiming outOfPlace, CollectiveTiming inPlace) {

  /** Validates the fields. */
  public CollectiveRow {
    Objects.requireNonNull(size, "size must not be null");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0 but was " + count);
    }
    Objects.requireNonNull(outOfPlace, "outOfPlace must not be null");
    Objects.requireNonNull(inPlace, "inPlace must not be null");
  }
}
