package dev.rocelab.junit.internal;

import dev.rocelab.api.analysis.Display;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One attribute a scenario annotation sweeps, declared once: its name (in error messages and in the
 * reports' parameters), its values, how a value shows in the invocation's display name and what it
 * reports as its parameter.
 *
 * @param <T> the values' type
 * @param name the annotation attribute, e.g. {@code senders}
 * @param values the values, in the order the sweep visits them
 * @param shown a value's part of the display name, e.g. {@code " · 4 MiB"}; empty to show nothing
 * @param parameter a value's parameter: shown as text, a map adds its own entries, null leaves the
 *     parameter out
 */
record Axis<T>(
    String name,
    List<T> values,
    Function<? super T, String> shown,
    Function<? super T, ?> parameter) {

  /** Copies the values (a fixed setting's may be null); an axis sweeps at least one. */
  Axis {
    values = Collections.unmodifiableList(new ArrayList<>(values));
    if (values.isEmpty()) {
      throw new IllegalArgumentException(name + " sweeps no value");
    }
    Objects.requireNonNull(shown, "shown");
    Objects.requireNonNull(parameter, "parameter");
  }

  /**
   * An axis whose values are read with the attribute's name (so that an error names it), reported
   * as themselves.
   *
   * @param name the attribute
   * @param read reads the values, given the attribute's name
   * @param shown a value's part of the display name
   */
  static <T> Axis<T> of(
      String name, Function<String, List<T>> read, Function<? super T, String> shown) {
    return new Axis<>(name, read.apply(name), shown, value -> value);
  }

  /**
   * A setting every invocation shares: one value, a parameter and no part of the display name.
   *
   * @param name the parameter
   * @param value its value; null reports no parameter
   */
  static Axis<Object> fixed(String name, Object value) {
    return new Axis<>(name, Collections.singletonList(value), v -> "", v -> v);
  }

  /**
   * @param prefix what comes before the value, e.g. {@code " · "}
   * @param suffix what follows it, e.g. {@code " per flow"}
   * @return shows a quantity spaced ({@code 4 MiB}) between the two
   */
  static Function<Object, String> spaced(String prefix, String suffix) {
    return value -> prefix + Display.spaced(value.toString()) + suffix;
  }
}
