package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Something that goes wrong at a scheduled time of a run. Faults combine freely in one scenario.
 *
 * <pre>{@code
 * Fault.linkDown("spine1:eth3").at("2ms")
 * }</pre>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface Fault
    permits Fault.LinkDown,
        Fault.LinkUp,
        Fault.LinkFlap,
        Fault.SwitchReset,
        Fault.PfcStorm,
        Fault.BitErrors,
        Fault.DegradingOptic,
        Fault.ConfigDrift,
        Fault.RouteChange {

  /**
   * @return when the fault happens, from the start of the run
   */
  SimTime at();

  /**
   * The same fault at another time.
   *
   * @param time when it happens
   * @return a copy scheduled at {@code time}
   */
  Fault at(SimTime time);

  /**
   * The same fault at another time.
   *
   * @param time a duration such as {@code "2ms"}
   * @return a copy scheduled at {@code time}
   */
  default Fault at(String time) {
    return at(SimTime.parse(time));
  }

  /**
   * @return the capability a backend needs to inject this fault
   */
  Capability requires();

  /**
   * @return a short human-readable description
   */
  String describe();

  /**
   * A link taken down, at time zero until moved with {@link #at(String)}.
   *
   * @param port either end of the link, {@code device:port}
   * @return the fault
   */
  static LinkDown linkDown(String port) {
    return new LinkDown(Endpoint.parse(port), SimTime.ZERO);
  }

  /**
   * A link brought back up.
   *
   * @param port either end of the link
   * @return the fault
   */
  static LinkUp linkUp(String port) {
    return new LinkUp(Endpoint.parse(port), SimTime.ZERO);
  }

  /**
   * A link flapping: down for half of each period, {@code count} times.
   *
   * @param port either end of the link
   * @param period one down-and-up cycle, e.g. {@code "200us"}
   * @param count how many cycles
   * @return the fault
   */
  static LinkFlap linkFlap(String port, String period, int count) {
    return new LinkFlap(Endpoint.parse(port), SimTime.ZERO, SimTime.parse(period), count);
  }

  /**
   * A switch reset: all ports down for the reboot time, buffers flushed.
   *
   * @param device the switch
   * @param rebootTime how long it is down, e.g. {@code "50ms"}
   * @return the fault
   */
  static SwitchReset switchReset(String device, String rebootTime) {
    return new SwitchReset(device, SimTime.ZERO, SimTime.parse(rebootTime));
  }

  /**
   * A NIC that keeps sending pause frames on a priority (a stuck receive path).
   *
   * @param nic the NIC, {@code host:nicN}
   * @param priority the paused priority
   * @param duration how long it storms; {@link SimTime#ZERO} for the rest of the run
   * @return the fault
   */
  static PfcStorm pfcStorm(String nic, int priority, String duration) {
    return new PfcStorm(Endpoint.parse(nic), priority, SimTime.ZERO, SimTime.parse(duration));
  }

  /**
   * Bit errors on a link: frames fail their CRC and are dropped.
   *
   * @param port either end of the link
   * @param bitErrorRate errored bits per bit, e.g. 1e-7
   * @return the fault
   */
  static BitErrors bitErrors(String port, double bitErrorRate) {
    return new BitErrors(Endpoint.parse(port), bitErrorRate, SimTime.ZERO);
  }

  /**
   * An optic that degrades until it fails: its pre-FEC bit-error rate rises from {@code fromBer} to
   * {@code toBer} over {@code over}, then its link goes down.
   *
   * @param port either end of the link
   * @param fromBer the pre-FEC bit-error rate when the degradation starts, e.g. 1e-8
   * @param toBer the pre-FEC bit-error rate when the optic fails, e.g. 1e-3
   * @param over how long it takes, e.g. {@code "5ms"}
   * @return the fault
   */
  static DegradingOptic degradingOptic(String port, double fromBer, double toBer, String over) {
    return new DegradingOptic(
        Endpoint.parse(port), fromBer, toBer, SimTime.parse(over), SimTime.ZERO);
  }

  /**
   * A link taken out of routing (drained for maintenance, or a routing change): the switches at
   * both ends stop choosing it for ECMP; it stays up and carries what is already queued.
   *
   * @param port either end of the link
   * @return the fault
   */
  static RouteChange withdrawRoute(String port) {
    return new RouteChange(Endpoint.parse(port), true, SimTime.ZERO);
  }

  /**
   * A withdrawn link put back into routing.
   *
   * @param port either end of the link
   * @return the fault
   */
  static RouteChange restoreRoute(String port) {
    return new RouteChange(Endpoint.parse(port), false, SimTime.ZERO);
  }

  /**
   * A link goes down.
   *
   * @param port either end of the link
   * @param at when
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record LinkDown(Endpoint port, SimTime at) implements Fault {

    /** Validates the fields. */
    public LinkDown {
      Objects.requireNonNull(port, "port must not be null");
      Objects.requireNonNull(at, "at must not be null");
    }

    @Override
    public LinkDown at(SimTime time) {
      return new LinkDown(port, time);
    }

    @Override
    public Capability requires() {
      return Capability.LINK_FAULTS;
    }

    @Override
    public String describe() {
      return "link down " + port + " at " + at;
    }
  }

  /**
   * A link comes back up.
   *
   * @param port either end of the link
   * @param at when
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record LinkUp(Endpoint port, SimTime at) implements Fault {

    /** Validates the fields. */
    public LinkUp {
      Objects.requireNonNull(port, "port must not be null");
      Objects.requireNonNull(at, "at must not be null");
    }

    @Override
    public LinkUp at(SimTime time) {
      return new LinkUp(port, time);
    }

    @Override
    public Capability requires() {
      return Capability.LINK_FAULTS;
    }

    @Override
    public String describe() {
      return "link up " + port + " at " + at;
    }
  }

  /**
   * A link flaps: down for the first half of each period, up for the second, {@code count} times.
   *
   * @param port either end of the link
   * @param at when the first cycle starts
   * @param period the length of one cycle
   * @param count how many cycles
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record LinkFlap(Endpoint port, SimTime at, SimTime period, int count) implements Fault {

    /** Validates the fields. */
    public LinkFlap {
      Objects.requireNonNull(port, "port must not be null");
      Objects.requireNonNull(at, "at must not be null");
      Checks.positive(period, "period");
      Checks.positive(count, "count");
    }

    @Override
    public LinkFlap at(SimTime time) {
      return new LinkFlap(port, time, period, count);
    }

    @Override
    public Capability requires() {
      return Capability.LINK_FAULTS;
    }

    @Override
    public String describe() {
      return "link flap " + port + " at " + at + " · " + count + " × " + period;
    }
  }

  /**
   * A switch resets: every port goes down for the reboot time and its buffers are flushed; it comes
   * back with its profile.
   *
   * @param device the switch
   * @param at when
   * @param rebootTime how long it is down
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record SwitchReset(String device, SimTime at, SimTime rebootTime) implements Fault {

    /** Validates the fields. */
    public SwitchReset {
      Objects.requireNonNull(device, "device must not be null");
      Objects.requireNonNull(at, "at must not be null");
      Checks.positive(rebootTime, "rebootTime");
    }

    @Override
    public SwitchReset at(SimTime time) {
      return new SwitchReset(device, time, rebootTime);
    }

    @Override
    public Capability requires() {
      return Capability.SWITCH_RESET;
    }

    @Override
    public String describe() {
      return "switch reset " + device + " at " + at + " · down " + rebootTime;
    }
  }

  /**
   * A NIC sends pause frames on a priority without end (or for {@code duration}).
   *
   * @param nic the storming NIC
   * @param priority the paused priority
   * @param at when the storm starts
   * @param duration how long; {@link SimTime#ZERO} for the rest of the run
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record PfcStorm(Endpoint nic, int priority, SimTime at, SimTime duration) implements Fault {

    /** Validates the fields. */
    public PfcStorm {
      Objects.requireNonNull(nic, "nic must not be null");
      if (priority < 0 || priority > 7) {
        throw new IllegalArgumentException("priority must be a priority 0..7 but was " + priority);
      }
      Objects.requireNonNull(at, "at must not be null");
      Objects.requireNonNull(duration, "duration must not be null");
    }

    @Override
    public PfcStorm at(SimTime time) {
      return new PfcStorm(nic, priority, time, duration);
    }

    @Override
    public Capability requires() {
      return Capability.PFC_STORM;
    }

    @Override
    public String describe() {
      return "PFC storm from "
          + nic
          + " on priority "
          + priority
          + " at "
          + at
          + (duration.picos() == 0 ? "" : " for " + duration);
    }
  }

  /**
   * A link corrupts bits from a time on.
   *
   * @param port either end of the link
   * @param bitErrorRate errored bits per bit, in (0, 1)
   * @param at when the errors start
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record BitErrors(Endpoint port, double bitErrorRate, SimTime at) implements Fault {

    /** Validates the fields. */
    public BitErrors {
      Objects.requireNonNull(port, "port must not be null");
      if (!(bitErrorRate > 0 && bitErrorRate < 1)) {
        throw new IllegalArgumentException(
            "bitErrorRate must be in (0, 1) but was " + bitErrorRate);
      }
      Objects.requireNonNull(at, "at must not be null");
    }

    @Override
    public BitErrors at(SimTime time) {
      return new BitErrors(port, bitErrorRate, time);
    }

    @Override
    public Capability requires() {
      return Capability.BIT_ERRORS;
    }

    @Override
    public String describe() {
      return "bit errors " + port + " BER " + bitErrorRate + " at " + at;
    }
  }

  /**
   * An optic that degrades until it fails, the grey failure that precedes many link flaps: from
   * {@code at} the pre-FEC bit-error rate of both directions of the link rises log-linearly from
   * {@code fromBer} to {@code toBer} over {@code over}; then the link goes down. The link's FEC
   * corrects what it can, so corrected codewords rise first, then uncorrectable ones drop frames
   * (CRC errors that go-back-N resends), and last the link fails.
   *
   * @param port either end of the link
   * @param fromBer the pre-FEC bit-error rate at {@code at}, in (0, 1)
   * @param toBer the pre-FEC bit-error rate when the optic fails, in [fromBer, 1)
   * @param over how long the degradation takes, &gt; 0
   * @param at when it starts
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record DegradingOptic(Endpoint port, double fromBer, double toBer, SimTime over, SimTime at)
      implements Fault {

    /** Validates the fields. */
    public DegradingOptic {
      Objects.requireNonNull(port, "port must not be null");
      if (!(fromBer > 0 && fromBer < 1)) {
        throw new IllegalArgumentException("fromBer must be in (0, 1) but was " + fromBer);
      }
      if (!(toBer >= fromBer && toBer < 1)) {
        throw new IllegalArgumentException(
            "toBer must be in [fromBer, 1) = [" + fromBer + ", 1) but was " + toBer);
      }
      Objects.requireNonNull(over, "over must not be null");
      if (over.picos() <= 0) {
        throw new IllegalArgumentException("over must be > 0 but was " + over);
      }
      Objects.requireNonNull(at, "at must not be null");
    }

    /**
     * @return when the optic fails and its link goes down
     */
    public SimTime failsAt() {
      return at.plus(over);
    }

    @Override
    public DegradingOptic at(SimTime time) {
      return new DegradingOptic(port, fromBer, toBer, over, time);
    }

    @Override
    public Capability requires() {
      return Capability.BIT_ERRORS;
    }

    @Override
    public String describe() {
      return "degrading optic "
          + port
          + " pre-FEC BER "
          + fromBer
          + " → "
          + toBer
          + " over "
          + over
          + " from "
          + at
          + ", then down";
    }
  }

  /**
   * A device's configuration changes during the run, e.g. ECN switched off on a queue.
   *
   * @param device the device
   * @param setting the fabric-file path of the setting within the device's profile, e.g. {@code
   *     qos.ecn.3}
   * @param value the new value in fabric-file syntax, e.g. {@code off}
   * @param at when
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record ConfigDrift(String device, String setting, String value, SimTime at) implements Fault {

    /** Validates the fields. */
    public ConfigDrift {
      Objects.requireNonNull(device, "device must not be null");
      Objects.requireNonNull(setting, "setting must not be null");
      Objects.requireNonNull(value, "value must not be null");
      Objects.requireNonNull(at, "at must not be null");
    }

    @Override
    public ConfigDrift at(SimTime time) {
      return new ConfigDrift(device, setting, value, time);
    }

    @Override
    public Capability requires() {
      return Capability.CONFIG_CHANGES;
    }

    @Override
    public String describe() {
      return "config drift " + device + " " + setting + "=" + value + " at " + at;
    }
  }

  /**
   * A routing change at run time: the switches at both ends of a link take it out of their ECMP
   * groups ({@code withdrawn}) or put it back.
   *
   * @param port either end of the link
   * @param withdrawn true to take the link out of routing, false to put it back
   * @param at when
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record RouteChange(Endpoint port, boolean withdrawn, SimTime at) implements Fault {

    /** Validates the fields. */
    public RouteChange {
      Objects.requireNonNull(port, "port must not be null");
      Objects.requireNonNull(at, "at must not be null");
    }

    @Override
    public RouteChange at(SimTime time) {
      return new RouteChange(port, withdrawn, time);
    }

    @Override
    public Capability requires() {
      return Capability.ROUTE_CHANGES;
    }

    @Override
    public String describe() {
      return (withdrawn ? "route withdrawn " : "route restored ") + port + " at " + at;
    }
  }
}
