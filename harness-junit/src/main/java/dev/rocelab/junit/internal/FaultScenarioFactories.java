package dev.rocelab.junit.internal;

import static dev.rocelab.junit.internal.Axis.spaced;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.FirmwareMismatch;
import dev.rocelab.junit.LinkFailure;
import dev.rocelab.junit.PfcStorm;
import dev.rocelab.junit.ScenarioDeclaration;
import dev.rocelab.junit.ScenarioFactory;
import dev.rocelab.junit.ScenarioInvocation;
import dev.rocelab.junit.SwitchReset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Scenarios of the failure annotations. Faults run over a permutation (every NIC sends one flow to
 * another NIC; with {@code pairing = OTHER_LEAF} to a NIC under another leaf), so that traffic
 * crosses the failing part of the fabric and recovery can be measured.
 */
@API(status = INTERNAL, since = "0.1")
public final class FaultScenarioFactories {

  /**
   * The setting a {@link Fault.ConfigDrift} changes for a firmware mismatch: NIC firmware on a
   * host, NOS on a switch.
   */
  static final String FIRMWARE_SETTING = "firmware";

  private FaultScenarioFactories() {}

  /** Makes the scenarios of {@link LinkFailure @LinkFailure}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class LinkFailureFactory implements ScenarioFactory<LinkFailure> {

    @Override
    public List<ScenarioInvocation> invocations(LinkFailure a, ScenarioDeclaration d) {
      Axis<Endpoint> port =
          Axis.of(
              "port",
              name -> each(d.texts(name, a.port()), t -> d.linkedPort(name, t)),
              String::valueOf);
      Axis<SimTime> at = Axis.of("at", name -> d.times(name, a.at()), spaced(" at ", ""));
      Axis<Optional<SimTime>> downFor = optionalDuration(d, "downFor", a.downFor(), " · down for ");
      Axis<DataSize> flowSize = flowSize(d, a.flowSize(), a.pairing());
      return Sweep.of(port, at, downFor, flowSize)
          .invocations(
              "link failure ",
              p -> {
                Scenario scenario =
                    Scenario.of("link failure", background(p.get(flowSize), a.pairing()))
                        .with(new Fault.LinkDown(p.get(port), p.get(at)));
                if (p.get(downFor).isPresent()) {
                  scenario =
                      scenario.with(
                          new Fault.LinkUp(p.get(port), p.get(at).plus(p.get(downFor).get())));
                }
                return d.finish(scenario, a.duration(), a.sampleInterval(), a.completion());
              });
    }
  }

  /** Makes the scenarios of {@link SwitchReset @SwitchReset}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class SwitchResetFactory implements ScenarioFactory<SwitchReset> {

    @Override
    public List<ScenarioInvocation> invocations(SwitchReset a, ScenarioDeclaration d) {
      Axis<String> device =
          Axis.of(
              "device",
              name -> each(d.texts(name, a.device()), t -> d.device(name, t, true)),
              x -> x);
      Axis<SimTime> at = Axis.of("at", name -> d.times(name, a.at()), spaced(" at ", ""));
      Axis<SimTime> reboot =
          Axis.of(
              "rebootTime", name -> d.durations(name, a.rebootTime()), spaced(" · reboot ", ""));
      Axis<DataSize> flowSize = flowSize(d, a.flowSize(), a.pairing());
      return Sweep.of(device, at, reboot, flowSize)
          .invocations(
              "switch reset ",
              p ->
                  d.finish(
                      Scenario.of("switch reset", background(p.get(flowSize), a.pairing()))
                          .with(new Fault.SwitchReset(p.get(device), p.get(at), p.get(reboot))),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()));
    }
  }

  /** Makes the scenarios of {@link PfcStorm @PfcStorm}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class PfcStormFactory implements ScenarioFactory<PfcStorm> {

    @Override
    public List<ScenarioInvocation> invocations(PfcStorm a, ScenarioDeclaration d) {
      List<ScenarioInvocation> points = new ArrayList<>();
      for (String text : d.texts("nic", a.nic())) {
        Endpoint nic = d.nic("nic", text);
        List<Integer> priorities =
            a.priority().length == 0
                ? List.of(d.fabric().nicProfileOf(nic).roce().priority())
                : d.priorities("priority", a.priority());
        Axis<Integer> priority = new Axis<>("priority", priorities, n -> " prio " + n, n -> n);
        Axis<SimTime> at = Axis.of("at", name -> d.times(name, a.at()), spaced(" at ", ""));
        Axis<Optional<SimTime>> stormFor = optionalDuration(d, "stormFor", a.stormFor(), " for ");
        Axis<DataSize> flowSize = flowSize(d, a.flowSize(), Workload.Pairing.OTHER_HOST);
        points.addAll(
            Sweep.of(Axis.fixed("nic", nic), priority, at, stormFor, flowSize)
                .invocations(
                    "PFC storm " + nic,
                    p ->
                        d.finish(
                            Scenario.of(
                                    "PFC storm",
                                    background(p.get(flowSize), Workload.Pairing.OTHER_HOST))
                                .with(
                                    new Fault.PfcStorm(
                                        nic,
                                        p.get(priority),
                                        p.get(at),
                                        p.get(stormFor).orElse(SimTime.ZERO))),
                            a.duration(),
                            a.sampleInterval(),
                            a.completion())));
      }
      return points;
    }
  }

  /** Makes the scenarios of {@link FirmwareMismatch @FirmwareMismatch}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class FirmwareMismatchFactory implements ScenarioFactory<FirmwareMismatch> {

    @Override
    public List<ScenarioInvocation> invocations(FirmwareMismatch a, ScenarioDeclaration d) {
      Set<String> devices = new LinkedHashSet<>();
      for (String text : d.texts("devices", a.devices())) {
        devices.add(d.device("devices", text, false));
      }
      Axis<String> firmware =
          Axis.of("firmware", name -> d.texts(name, a.firmware()), f -> " on " + f);
      Axis<Integer> senders =
          Axis.of("senders", name -> d.senders(name, a.senders()), n -> " · incast " + n + ":1");
      Axis<DataSize> message =
          Axis.of("message", name -> d.sizes(name, a.message()), spaced(" · ", ""));
      return Sweep.of(Axis.fixed("devices", String.join(", ", devices)), firmware, senders, message)
          .invocations(
              "firmware mismatch " + String.join(", ", devices),
              p -> {
                Scenario scenario =
                    Scenario.of(
                        "firmware mismatch",
                        new Workload.Incast(
                            p.get(senders),
                            Optional.empty(),
                            p.get(message),
                            OptionalInt.empty(),
                            SimTime.ZERO));
                for (String device : devices) {
                  scenario =
                      scenario.with(
                          new Fault.ConfigDrift(
                              device, FIRMWARE_SETTING, p.get(firmware), SimTime.ZERO));
                }
                return d.finish(scenario, a.duration(), a.sampleInterval(), a.completion());
              });
    }
  }

  /** The flow size of a fault's background permutation, shown with how the flows pair. */
  private static Axis<DataSize> flowSize(
      ScenarioDeclaration d, String[] values, Workload.Pairing pairing) {
    String across = pairing == Workload.Pairing.OTHER_LEAF ? " across leaves" : "";
    return Axis.of("flowSize", name -> d.sizes(name, values), spaced(" · ", " per flow" + across));
  }

  /**
   * A duration that may be absent (no parameter then), shown after {@code prefix} where present.
   */
  private static Axis<Optional<SimTime>> optionalDuration(
      ScenarioDeclaration d, String attribute, String[] values, String prefix) {
    return new Axis<>(
        attribute,
        d.optionalDurations(attribute, values),
        t -> t.map(spaced(prefix, "")).orElse(""),
        t -> t.orElse(null));
  }

  /** Reads each text as a value of the attribute. */
  private static <T> List<T> each(List<String> texts, Function<String, T> read) {
    return texts.stream().map(read).toList();
  }

  private static Workload background(DataSize flowSize, Workload.Pairing pairing) {
    return new Workload.Permutation(flowSize, 1, OptionalInt.empty(), SimTime.ZERO, pairing);
  }
}
