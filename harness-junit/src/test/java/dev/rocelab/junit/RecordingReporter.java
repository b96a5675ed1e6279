package dev.rocelab.junit;

import dev.rocelab.api.report.Check;
import dev.rocelab.api.report.TestDescription;
import dev.rocelab.api.report.TestReporter;
import dev.rocelab.api.scenario.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A test reporter, registered as a service for this module's tests, that keeps what it is told on
 * the thread that started it: the tests run by {@link Engine} run on that thread.
 */
public final class RecordingReporter implements TestReporter {

  /** What a reporter was told, in order. */
  sealed interface Event {}

  record ClassStarted(String testClass, Phase phase) implements Event {}

  record Started(TestDescription test) implements Event {}

  record Checked(Check check) implements Event {}

  record ChecksEnded() implements Event {}

  record Attached(String name, String text) implements Event {}

  private static final ThreadLocal<List<Event>> EVENTS = new ThreadLocal<>();

  /** Creates the reporter; {@link java.util.ServiceLoader} calls this. */
  public RecordingReporter() {}

  /**
   * @return the list this thread's events go to from now on, until {@link #stop()}
   */
  static List<Event> start() {
    List<Event> events = new ArrayList<>();
    EVENTS.set(events);
    return events;
  }

  static void stop() {
    EVENTS.remove();
  }

  private static void add(Event event) {
    List<Event> events = EVENTS.get();
    if (events != null) {
      events.add(event);
    }
  }

  @Override
  public void classStarted(String testClass, Phase phase) {
    add(new ClassStarted(testClass, phase));
  }

  @Override
  public void testStarted(TestDescription test) {
    add(new Started(test));
  }

  @Override
  public void checked(Check check) {
    add(new Checked(check));
  }

  @Override
  public void checksEnded() {
    add(new ChecksEnded());
  }

  @Override
  public void attach(String name, Supplier<String> text) {
    if (EVENTS.get() != null) {
      add(new Attached(name, text.get()));
    }
  }
}
