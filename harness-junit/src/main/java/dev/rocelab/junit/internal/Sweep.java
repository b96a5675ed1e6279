package dev.rocelab.junit.internal;

import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Every combination of a scenario annotation's axes, the first axis outermost, each made an
 * invocation whose display name and parameters the axes derive: a factory names an attribute once,
 * in its {@link Axis}.
 */
final class Sweep {

  private final List<Axis<?>> axes;

  private Sweep(List<Axis<?>> axes) {
    this.axes = List.copyOf(axes);
  }

  /**
   * @param axes the axes in the order their parameters are reported and their parts shown
   * @return the sweep over their combinations
   */
  static Sweep of(Axis<?>... axes) {
    return new Sweep(List.of(axes));
  }

  /**
   * @param title the start of each display name, e.g. {@code "incast "}
   * @param scenario the scenario of one combination (it may reject a combination of values)
   * @return one invocation per combination, in sweep order
   */
  List<ScenarioInvocation> invocations(String title, Function<Point, Scenario> scenario) {
    List<ScenarioInvocation> invocations = new ArrayList<>();
    visit(
        new Object[axes.size()],
        0,
        point -> {
          invocations.add(
              new ScenarioInvocation(
                  scenario.apply(point), title + point.shown(), point.parameters()));
        });
    return invocations;
  }

  private void visit(Object[] values, int axis, Consumer<Point> each) {
    if (axis == axes.size()) {
      each.accept(new Point(values.clone()));
      return;
    }
    for (Object value : axes.get(axis).values()) {
      values[axis] = value;
      visit(values, axis + 1, each);
    }
  }

  /** One combination: a value of each axis. */
  final class Point {
    private final Object[] values;

    private Point(Object[] values) {
      this.values = values;
    }

    /**
     * @param axis one of the sweep's axes
     * @return its value at this point
     */
    <T> T get(Axis<T> axis) {
      for (int i = 0; i < values.length; i++) {
        if (axes.get(i) == axis) {
          @SuppressWarnings("unchecked") // the value at an axis's index is one of its values
          T value = (T) values[i];
          return value;
        }
      }
      throw new IllegalArgumentException("not an axis of this sweep: " + axis.name());
    }

    private String shown() {
      StringBuilder shown = new StringBuilder();
      for (int i = 0; i < values.length; i++) {
        shown.append(show(axes.get(i), values[i]));
      }
      return shown.toString();
    }

    private Map<String, String> parameters() {
      Object[] pairs = new Object[2 * values.length];
      for (int i = 0; i < values.length; i++) {
        pairs[2 * i] = axes.get(i).name();
        pairs[2 * i + 1] = parameter(axes.get(i), values[i]);
      }
      return ScenarioInvocation.parameters(pairs);
    }
  }

  @SuppressWarnings("unchecked") // a value stored at an axis's index is one of its values
  private static <T> String show(Axis<T> axis, Object value) {
    return axis.shown().apply((T) value);
  }

  @SuppressWarnings("unchecked") // a value stored at an axis's index is one of its values
  private static <T> Object parameter(Axis<T> axis, Object value) {
    return axis.parameter().apply((T) value);
  }
}
