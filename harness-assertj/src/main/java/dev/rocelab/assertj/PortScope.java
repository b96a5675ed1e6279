package dev.rocelab.assertj;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The counters an assertion looks at: all ports, or one port, optionally narrowed to one priority;
 * and how messages name that ("leaf1:eth3 priority 3").
 */
record PortScope(RunResult run, Optional<Endpoint> port, OptionalInt priority) {

  static PortScope all(RunResult run) {
    return new PortScope(run, Optional.empty(), OptionalInt.empty());
  }

  static PortScope port(RunResult run, Endpoint port) {
    return new PortScope(run, Optional.of(port), OptionalInt.empty());
  }

  PortScope withPriority(int value) {
    return new PortScope(run, port, OptionalInt.of(value));
  }

  List<PortStats> stats() {
    if (run == null) {
      return List.of();
    }
    return run.ports().stream()
        .filter(s -> port.isEmpty() || s.port().equals(port.get()))
        .filter(s -> priority.isEmpty() || s.priority() == priority.getAsInt())
        .toList();
  }

  /**
   * @return e.g. {@code leaf1:eth3 priority 3}, {@code priority 3}, {@code all ports}
   */
  String where() {
    String p = priority.isPresent() ? "priority " + priority.getAsInt() : "";
    if (port.isPresent()) {
      return port.get() + (p.isEmpty() ? "" : " " + p);
    }
    return p.isEmpty() ? "all ports" : "all ports, " + p;
  }

  /**
   * @param subject a time-series subject, {@code device:port/priority} or {@code device:port}
   * @return whether it lies in this scope
   */
  boolean covers(String subject) {
    int slash = subject.lastIndexOf('/');
    String portText = slash < 0 ? subject : subject.substring(0, slash);
    if (port.isPresent() && !portText.equals(port.get().toString())) {
      return false;
    }
    if (priority.isPresent()) {
      return slash >= 0
          && subject.substring(slash + 1).equals(Integer.toString(priority.getAsInt()));
    }
    return true;
  }
}
