package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Message sizes swept the way nccl-tests sweeps them ({@code -b minBytes -e maxBytes -f
 * stepFactor}): {@code min, min × factor, min × factor², …} while not above {@code max}.
 *
 * @param min the first size, &gt; 0
 * @param max the last size, &ge; min
 * @param factor the multiplication factor between sizes, &ge; 2 (ignored when min equals max)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record SizeSweep(DataSize min, DataSize max, int factor) {

  /** Validates the bounds. */
  public SizeSweep {
    Checks.positive(min, "min");
    Objects.requireNonNull(max, "max must not be null");
    if (max.compareTo(min) < 0) {
      throw new IllegalArgumentException("max (" + max + ") must not be below min (" + min + ")");
    }
    if (factor < 2) {
      throw new IllegalArgumentException("factor must be >= 2 but was " + factor);
    }
  }

  /**
   * @param size the only size
   * @return a sweep of one size
   */
  public static SizeSweep of(DataSize size) {
    return new SizeSweep(size, size, 2);
  }

  /**
   * @return the sizes in order
   */
  public List<DataSize> sizes() {
    List<DataSize> sizes = new ArrayList<>();
    long bytes = min.bytes();
    while (bytes <= max.bytes()) {
      sizes.add(DataSize.bytes(bytes));
      if (bytes > max.bytes() / factor) {
        break;
      }
      bytes *= factor;
    }
    return sizes;
  }

  @Override
  public String toString() {
    return min.equals(max) ? min.toString() : min + ".." + max + " ×" + factor;
  }
}
