package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One shard of N: what a CI job of an N-job matrix runs, selected with {@code -Drocelab.shard=K/N}
 * or {@code ROCELAB_SHARD=K/N}.
 *
 * @param index 1..count
 * @param count how many shards, &ge; 1
 */
@API(status = INTERNAL, since = "0.2")
public record Shard(int index, int count) {

  /** The system property that selects a shard, e.g. {@code 2/4}. */
  public static final String PROPERTY = "rocelab.shard";

  /** The environment variable that selects a shard when the property is not set. */
  public static final String ENVIRONMENT_VARIABLE = "ROCELAB_SHARD";

  /**
   * Checks {@code 1 <= index <= count}.
   *
   * @param index 1..count
   * @param count how many shards, &ge; 1
   */
  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException(
          "-D" + PROPERTY + "=" + index + "/" + count + ": a shard is K/N with 1 <= K <= N");
    }
  }

  /**
   * The shard of the discovery running on this thread, as the launcher's filter sees it: JUnit's
   * configuration parameter (see {@link ShardConfiguration}), else the environment.
   *
   * @return the shard; empty to run everything
   * @throws IllegalArgumentException saying how a shard is written
   */
  public static Optional<Shard> selected() {
    return selected(ShardConfiguration.parameter(PROPERTY));
  }

  /**
   * The shard a test runs in, as its extension sees it: JUnit's configuration parameter (a system
   * property, {@code junit-platform.properties} or the launcher request's), else the environment.
   *
   * @param context any extension context of the run
   * @return the shard; empty to run everything
   * @throws IllegalArgumentException saying how a shard is written
   */
  public static Optional<Shard> selected(ExtensionContext context) {
    return selected(context.getConfigurationParameter(PROPERTY));
  }

  private static Optional<Shard> selected(Optional<String> configured) {
    return parse(configured.or(() -> Optional.ofNullable(System.getenv(ENVIRONMENT_VARIABLE))));
  }

  /**
   * @param text e.g. {@code 2/4}; empty or blank for none
   * @return the shard
   * @throws IllegalArgumentException saying how a shard is written
   */
  static Optional<Shard> parse(Optional<String> text) {
    if (text.isEmpty() || text.get().isBlank()) {
      return Optional.empty();
    }
    String[] parts = text.get().strip().split("/", -1);
    try {
      if (parts.length == 2) {
        return Optional.of(new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        "-D" + PROPERTY + "=" + text.get() + ": a shard is K/N, e.g. 2/4 for the second of four");
  }

  /**
   * Whether the i-th of a list dealt round-robin falls to this shard: the sweep points of a
   * scenario test are dealt so.
   *
   * @param position 0-based
   * @return true if this shard runs it
   */
  public boolean dealt(int position) {
    return position % count == index - 1;
  }

  @Override
  public String toString() {
    return "shard " + index + "/" + count;
  }
}
