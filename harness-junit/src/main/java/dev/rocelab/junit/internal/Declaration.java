package dev.rocelab.junit.internal;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.ScenarioDeclaration;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * One scenario annotation on one method, read against the class's fabric: attribute values are
 * parsed and checked here, and every problem names the annotation, the attribute, the value and the
 * method.
 */
final class Declaration implements ScenarioDeclaration {

  private final Annotation annotation;
  private final Method method;
  private final FabricConfiguration configuration;

  Declaration(Annotation annotation, Method method, FabricConfiguration configuration) {
    this.annotation = annotation;
    this.method = method;
    this.configuration = configuration;
  }

  @Override
  public FabricGraph fabric() {
    return configuration.graph();
  }

  @Override
  public ExtensionConfigurationException invalid(String attribute, Object value, String reason) {
    String shown = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    return Misuse.of(
        Misuse.annotation(annotation.annotationType())
            + "("
            + attribute
            + " = "
            + shown
            + ") on "
            + Misuse.method(method)
            + ": "
            + reason);
  }

  @Override
  public ExtensionConfigurationException invalid(String reason) {
    return Misuse.of(
        Misuse.annotation(annotation.annotationType())
            + " on "
            + Misuse.method(method)
            + ": "
            + reason);
  }

  @Override
  public List<DataSize> sizes(String attribute, String... values) {
    return parsed(
        attribute,
        values,
        text -> {
          DataSize size = scaledToTheHostLinks(text);
          if (size.bytes() == 0) {
            throw new IllegalArgumentException("must be > 0");
          }
          return size;
        });
  }

  /**
   * A size, or a size at a host link speed ({@code "32MiB at 400Gbps"}) scaled to the fabric's
   * slowest host link, so that it takes as long to send on any fabric: 64 MiB at 800G.
   */
  private DataSize scaledToTheHostLinks(String text) {
    int at = text.indexOf(" at ");
    if (at < 0) {
      return DataSize.parse(text);
    }
    DataSize size = DataSize.parse(text.substring(0, at).strip());
    Rate speed = Rate.parse(text.substring(at + " at ".length()).strip());
    try {
      return fabric().scaledToTheHostLinks(size, speed);
    } catch (IllegalStateException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Points in time from the start of the run: zero allowed. */
  @Override
  public List<SimTime> times(String attribute, String... values) {
    return parsed(attribute, values, SimTime::parse);
  }

  /** Durations: zero not allowed. */
  @Override
  public List<SimTime> durations(String attribute, String... values) {
    return parsed(attribute, values, Declaration::positiveDuration);
  }

  private static SimTime positiveDuration(String text) {
    SimTime time = SimTime.parse(text);
    if (time.picos() == 0) {
      throw new IllegalArgumentException("must be > 0");
    }
    return time;
  }

  /** Durations that may be absent: an empty array is one point without the duration. */
  @Override
  public List<Optional<SimTime>> optionalDurations(String attribute, String... values) {
    if (values.length == 0) {
      return List.of(Optional.empty());
    }
    return durations(attribute, values).stream().map(Optional::of).toList();
  }

  @Override
  public List<String> texts(String attribute, String... values) {
    return parsed(
        attribute,
        values,
        text -> {
          if (text.isBlank()) {
            throw new IllegalArgumentException("must not be blank");
          }
          return text.trim();
        });
  }

  @Override
  public List<Integer> counts(String attribute, int... values) {
    requireValues(attribute, values.length);
    List<Integer> counts = new ArrayList<>();
    for (int value : values) {
      if (value <= 0) {
        throw invalid(attribute, value, "must be > 0");
      }
      counts.add(value);
    }
    return counts;
  }

  /**
   * Incast-like senders. A count larger than the fabric's NICs but the receiver is kept: its run is
   * not applicable there (the session checks the scenario's fit before it starts).
   */
  @Override
  public List<Integer> senders(String attribute, int... values) {
    return counts(attribute, values);
  }

  @Override
  public List<Integer> priorities(String attribute, int... values) {
    requireValues(attribute, values.length);
    List<Integer> priorities = new ArrayList<>();
    for (int value : values) {
      if (value < 0 || value > 7) {
        throw invalid(attribute, value, "a priority is 0..7");
      }
      priorities.add(value);
    }
    return priorities;
  }

  @Override
  public Optional<Endpoint> receiver(String attribute, String value) {
    return value.isBlank() ? Optional.empty() : Optional.of(nic(attribute, value));
  }

  @Override
  public Endpoint nic(String attribute, String value) {
    Endpoint nic =
        FabricRoles.isPhrase(value)
            ? role(attribute, value, () -> FabricRoles.of(fabric()).nic(value))
            : endpoint(attribute, value);
    if (!fabric().nics().contains(nic)) {
      throw invalid(
          attribute, value, "the fabric " + configuration.spec().name() + " has no NIC " + nic);
    }
    return nic;
  }

  @Override
  public List<String> hosts(String attribute, String... values) {
    List<String> hosts = new ArrayList<>();
    for (String value : values) {
      List<String> named =
          FabricRoles.isPhrase(value)
              ? role(attribute, value, () -> FabricRoles.of(fabric()).hosts(value))
              : List.of(value.trim());
      for (String host : named) {
        if (fabric().device(host).filter(d -> !d.isSwitch()).isEmpty()) {
          throw invalid(
              attribute,
              value,
              "the fabric " + configuration.spec().name() + " has no host " + host);
        }
        hosts.add(host);
      }
    }
    return hosts;
  }

  @Override
  public Endpoint linkedPort(String attribute, String value) {
    Endpoint port =
        FabricRoles.isPhrase(value)
            ? role(attribute, value, () -> FabricRoles.of(fabric()).port(value))
            : endpoint(attribute, value);
    if (fabric().linkAt(port).isEmpty()) {
      throw invalid(
          attribute,
          value,
          "the fabric " + configuration.spec().name() + " has no link at " + port);
    }
    return port;
  }

  @Override
  public String device(String attribute, String value, boolean mustBeSwitch) {
    String name =
        FabricRoles.isPhrase(value)
            ? role(attribute, value, () -> FabricRoles.of(fabric()).device(value))
            : value.trim();
    Optional<Device> device = fabric().device(name);
    if (device.isEmpty()) {
      throw invalid(
          attribute, value, "the fabric " + configuration.spec().name() + " has no device " + name);
    }
    if (mustBeSwitch && !device.get().isSwitch()) {
      throw invalid(attribute, value, name + " is a host, not a switch");
    }
    return device.get().name();
  }

  /**
   * A part of the fabric chosen by its role; a phrase no role answers is this attribute's error, a
   * role the fabric lacks propagates as the {@link MissingShapeException} that makes the test not
   * applicable.
   */
  private <T> T role(String attribute, String value, Supplier<T> resolution) {
    try {
      return resolution.get();
    } catch (IllegalArgumentException e) {
      throw invalid(attribute, value, e.getMessage());
    }
  }

  /** The markings to sweep over: several priorities, several DSCPs, or the NIC's RoCE marking. */
  @Override
  public List<Marking> markings(int[] priority, int[] dscp) {
    if (priority.length > 0 && dscp.length > 0) {
      throw invalid("set priority or dscp, not both");
    }
    List<Marking> markings = new ArrayList<>();
    for (int p : priority) {
      if (p < 0 || p > 7) {
        throw invalid("priority", p, "a priority is 0..7");
      }
      markings.add(
          new Marking(
              OptionalInt.of(dscpFor("priority", p)),
              " · prio " + p,
              Map.of("priority", Integer.toString(p))));
    }
    for (int d : dscp) {
      if (d < 0 || d > 63) {
        throw invalid("dscp", d, "a DSCP is 0..63");
      }
      markings.add(
          new Marking(OptionalInt.of(d), " · dscp " + d, Map.of("dscp", Integer.toString(d))));
    }
    return markings.isEmpty() ? List.of(Marking.roce()) : markings;
  }

  /**
   * A DSCP the fabric's QoS policy maps to a priority: the NIC's RoCE DSCP if it is one, else the
   * smallest mapped one, else (for priority 0, where unmapped DSCPs go) the smallest unmapped one.
   */
  @Override
  public int dscpFor(String attribute, int priority) {
    QosPolicy qos = qos();
    for (NicProfile nic : configuration.spec().nicProfiles().values()) {
      if (nic.roce().priority() == priority && qos.priorityOf(nic.roce().dscp()) == priority) {
        return nic.roce().dscp();
      }
    }
    for (Map.Entry<Integer, Integer> entry : qos.dscpToPriority().entrySet()) {
      if (entry.getValue() == priority) {
        return entry.getKey();
      }
    }
    if (priority == 0) {
      for (int dscp = 0; dscp < 64; dscp++) {
        if (!qos.dscpToPriority().containsKey(dscp)) {
          return dscp;
        }
      }
    }
    throw invalid(
        attribute,
        priority,
        "no DSCP maps to priority "
            + priority
            + " in QoS policy "
            + qos.name()
            + " of the fabric "
            + configuration.spec().name());
  }

  /**
   * @return the QoS policy of the fabric's first switch, or its first policy
   */
  @Override
  public QosPolicy qos() {
    return fabric().switches().stream()
        .findFirst()
        .map(s -> configuration.spec().qosOf(fabric().switchProfileOf(s.name())))
        .orElseGet(() -> configuration.spec().qos().values().iterator().next());
  }

  /** Applies the run settings every scenario annotation has, and the class's seed. */
  @Override
  public Scenario finish(
      Scenario scenario, String duration, String sampleInterval, Completion completion) {
    Scenario finished = scenario.withSeed(configuration.seed()).withCompletion(completion);
    if (!duration.isBlank()) {
      finished = finished.withDuration(durations("duration", duration).get(0));
    }
    if (!sampleInterval.isBlank()) {
      finished = finished.withSampleInterval(durations("sampleInterval", sampleInterval).get(0));
    }
    return finished;
  }

  private Endpoint endpoint(String attribute, String value) {
    try {
      return Endpoint.parse(value.trim());
    } catch (IllegalArgumentException e) {
      throw invalid(attribute, value, e.getMessage());
    }
  }

  private void requireValues(String attribute, int count) {
    if (count == 0) {
      throw Misuse.of(
          Misuse.annotation(annotation.annotationType())
              + "("
              + attribute
              + " = {}) on "
              + Misuse.method(method)
              + ": needs at least one value");
    }
  }

  private <T> List<T> parsed(String attribute, String[] values, Function<String, T> parser) {
    requireValues(attribute, values.length);
    List<T> parsed = new ArrayList<>();
    for (String value : values) {
      try {
        parsed.add(parser.apply(value));
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw invalid(attribute, value, e.getMessage());
      }
    }
    return parsed;
  }
}
