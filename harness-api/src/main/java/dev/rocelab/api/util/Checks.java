package dev.rocelab.api.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The checks the API's records make in their constructors: each returns the value when it holds and
 * otherwise throws {@link IllegalArgumentException} (or {@link NullPointerException}) naming the
 * field and the value. Not API.
 */
@API(status = INTERNAL, since = "0.1")
public final class Checks {

  private Checks() {}

  public static <T> T notNull(T value, String field) {
    return Objects.requireNonNull(value, () -> field + " must not be null");
  }

  public static String name(String value, String field) {
    notNull(value, field);
    if (value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    return value;
  }

  /** The characters network inventories name devices and ports with. */
  private static final Pattern DEVICE_NAME = Pattern.compile("[A-Za-z0-9._/-]+");

  /**
   * A device's or a port's name: letters, digits, {@code .}, {@code _}, {@code -} and {@code /}, as
   * network inventories name them ({@code leaf1}, {@code Ethernet1/1}, {@code swp3.100}). The rule
   * keeps names that reach a lab's fault commands free of what a shell, SSH or a URL would read as
   * more than a name.
   *
   * @param value the name
   * @param field the field, which the message starts with
   * @return the name
   */
  public static String deviceName(String value, String field) {
    return restricted(
        value,
        field,
        DEVICE_NAME,
        "letters, digits, '.', '_', '-' and '/' (as network inventories name devices and ports)");
  }

  /** The characters of IPv4 and IPv6 addresses (with a zone) and host names. */
  private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9._:%-]+");

  /**
   * A network address: an IPv4 or IPv6 address (with a zone, {@code fe80::1%eth0}) or a host name.
   * The rule keeps an address that reaches a lab host's command line one word of the command.
   *
   * @param value the address
   * @param field the field, which the message starts with
   * @return the address
   */
  public static String address(String value, String field) {
    return restricted(
        value,
        field,
        ADDRESS,
        "letters, digits, '.', ':', '%', '_' and '-' (an IP address or a host name)");
  }

  private static String restricted(String value, String field, Pattern allowed, String rule) {
    name(value, field);
    if (!allowed.matcher(value).matches()) {
      String others =
          value
              .codePoints()
              .filter(c -> !allowed.matcher(Character.toString(c)).matches())
              .distinct()
              .mapToObj(
                  c -> Character.isWhitespace(c) ? "a blank" : "'" + Character.toString(c) + "'")
              .collect(Collectors.joining(", "));
      throw new IllegalArgumentException(
          field + " must hold only " + rule + ", but \"" + value + "\" has " + others);
    }
    return value;
  }

  public static int positive(int value, String field) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0 but was " + value);
    }
    return value;
  }

  public static int atMost(int value, int limit, String field) {
    if (value > limit) {
      throw new IllegalArgumentException(field + " must be at most " + limit + " but was " + value);
    }
    return value;
  }

  public static int nonNegative(int value, String field) {
    if (value < 0) {
      throw new IllegalArgumentException(field + " must be >= 0 but was " + value);
    }
    return value;
  }

  public static SimTime positive(SimTime value, String field) {
    notNull(value, field);
    if (value.picos() <= 0) {
      throw new IllegalArgumentException(field + " must be > 0 but was " + value);
    }
    return value;
  }

  public static DataSize positive(DataSize value, String field) {
    notNull(value, field);
    if (value.bytes() <= 0) {
      throw new IllegalArgumentException(field + " must be > 0B but was " + value);
    }
    return value;
  }

  public static Rate positive(Rate value, String field) {
    notNull(value, field);
    if (value.bitsPerSecond() <= 0) {
      throw new IllegalArgumentException(field + " must be > 0bps but was " + value);
    }
    return value;
  }

  public static double fraction(double value, String field) {
    if (!(value >= 0.0 && value <= 1.0)) {
      throw new IllegalArgumentException(field + " must be between 0 and 1 but was " + value);
    }
    return value;
  }

  public static double positive(double value, String field) {
    if (!(value > 0.0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(field + " must be > 0 but was " + value);
    }
    return value;
  }

  public static int priority(int value, String field) {
    if (value < 0 || value > 7) {
      throw new IllegalArgumentException(field + " must be a priority 0..7 but was " + value);
    }
    return value;
  }

  public static OptionalInt dscp(OptionalInt value, String field) {
    notNull(value, field);
    if (value.isPresent()) {
      dscp(value.getAsInt(), field);
    }
    return value;
  }

  public static int dscp(int value, String field) {
    if (value < 0 || value > 63) {
      throw new IllegalArgumentException(field + " must be a DSCP 0..63 but was " + value);
    }
    return value;
  }

  public static <E> List<E> list(Collection<E> values, String field) {
    notNull(values, field);
    values.forEach(v -> notNull(v, field + " element"));
    return List.copyOf(values);
  }

  /**
   * An unmodifiable copy that keeps the caller's iteration order (file order), for deterministic
   * use.
   */
  public static <K, V> Map<K, V> orderedMap(Map<K, V> values, String field) {
    notNull(values, field);
    values.forEach(
        (k, v) -> {
          notNull(k, field + " key");
          notNull(v, field + "." + k);
        });
    return Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** An unmodifiable copy ordered by key, for deterministic use. */
  public static <K extends Comparable<K>, V> SortedMap<K, V> sortedMap(
      Map<K, V> values, String field) {
    notNull(values, field);
    values.forEach(
        (k, v) -> {
          notNull(k, field + " key");
          notNull(v, field + "." + k);
        });
    return Collections.unmodifiableSortedMap(new TreeMap<>(values));
  }

  /** An unmodifiable copy ordered by value. */
  public static <E extends Comparable<E>> SortedSet<E> sortedSet(
      Collection<E> values, String field) {
    notNull(values, field);
    values.forEach(v -> notNull(v, field + " element"));
    return Collections.unmodifiableSortedSet(new TreeSet<>(values));
  }
}
