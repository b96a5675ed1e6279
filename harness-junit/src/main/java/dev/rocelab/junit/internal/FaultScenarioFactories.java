package dev.rocelab.junit.internal;

import static dev.rocelab.junit.ScenarioInvocation.parameters;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.analysis.Display;
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
      List<ScenarioInvocation> points = new ArrayList<>();
      for (String text : d.texts("port", a.port())) {
        Endpoint port = d.linkedPort("port", text);
        for (SimTime at : d.times("at", a.at())) {
          for (Optional<SimTime> downFor : d.optionalDurations("downFor", a.downFor())) {
            for (DataSize flowSize : d.sizes("flowSize", a.flowSize())) {
              Scenario scenario =
                  Scenario.of("link failure", background(flowSize, a.pairing()))
                      .with(new Fault.LinkDown(port, at));
              if (downFor.isPresent()) {
                scenario = scenario.with(new Fault.LinkUp(port, at.plus(downFor.get())));
              }
              points.add(
                  new ScenarioInvocation(
                      d.finish(scenario, a.duration(), a.sampleInterval(), a.completion()),
                      "link failure "
                          + port
                          + " at "
                          + Display.spaced(at.toString())
                          + downFor
                              .map(t -> " · down for " + Display.spaced(t.toString()))
                              .orElse("")
                          + perFlow(flowSize, a.pairing()),
                      parameters(
                          "port",
                          port,
                          "at",
                          at,
                          "downFor",
                          downFor.orElse(null),
                          "flowSize",
                          flowSize)));
            }
          }
        }
      }
      return points;
    }
  }

  /** Makes the scenarios of {@link SwitchReset @SwitchReset}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class SwitchResetFactory implements ScenarioFactory<SwitchReset> {

    @Override
    public List<ScenarioInvocation> invocations(SwitchReset a, ScenarioDeclaration d) {
      List<ScenarioInvocation> points = new ArrayList<>();
      for (String text : d.texts("device", a.device())) {
        String device = d.device("device", text, true);
        for (SimTime at : d.times("at", a.at())) {
          for (SimTime reboot : d.durations("rebootTime", a.rebootTime())) {
            for (DataSize flowSize : d.sizes("flowSize", a.flowSize())) {
              Scenario scenario =
                  Scenario.of("switch reset", background(flowSize, a.pairing()))
                      .with(new Fault.SwitchReset(device, at, reboot));
              points.add(
                  new ScenarioInvocation(
                      d.finish(scenario, a.duration(), a.sampleInterval(), a.completion()),
                      "switch reset "
                          + device
                          + " at "
                          + Display.spaced(at.toString())
                          + " · reboot "
                          + Display.spaced(reboot.toString())
                          + perFlow(flowSize, a.pairing()),
                      parameters(
                          "device", device, "at", at, "rebootTime", reboot, "flowSize", flowSize)));
            }
          }
        }
      }
      return points;
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
        for (int priority : priorities) {
          for (SimTime at : d.times("at", a.at())) {
            for (Optional<SimTime> stormFor : d.optionalDurations("stormFor", a.stormFor())) {
              for (DataSize flowSize : d.sizes("flowSize", a.flowSize())) {
                Scenario scenario =
                    Scenario.of("PFC storm", background(flowSize, Workload.Pairing.OTHER_HOST))
                        .with(new Fault.PfcStorm(nic, priority, at, stormFor.orElse(SimTime.ZERO)));
                points.add(
                    new ScenarioInvocation(
                        d.finish(scenario, a.duration(), a.sampleInterval(), a.completion()),
                        "PFC storm "
                            + nic
                            + " prio "
                            + priority
                            + " at "
                            + Display.spaced(at.toString())
                            + stormFor.map(t -> " for " + Display.spaced(t.toString())).orElse("")
                            + " · "
                            + Display.spaced(flowSize.toString())
                            + " per flow",
                        parameters(
                            "nic",
                            nic,
                            "priority",
                            priority,
                            "at",
                            at,
                            "stormFor",
                            stormFor.orElse(null),
                            "flowSize",
                            flowSize)));
              }
            }
          }
        }
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
      List<ScenarioInvocation> points = new ArrayList<>();
      for (String firmware : d.texts("firmware", a.firmware())) {
        for (int senders : d.senders("senders", a.senders())) {
          for (DataSize message : d.sizes("message", a.message())) {
            Scenario scenario =
                Scenario.of(
                    "firmware mismatch",
                    new Workload.Incast(
                        senders, Optional.empty(), message, OptionalInt.empty(), SimTime.ZERO));
            for (String device : devices) {
              scenario =
                  scenario.with(
                      new Fault.ConfigDrift(device, FIRMWARE_SETTING, firmware, SimTime.ZERO));
            }
            points.add(
                new ScenarioInvocation(
                    d.finish(scenario, a.duration(), a.sampleInterval(), a.completion()),
                    "firmware mismatch "
                        + String.join(", ", devices)
                        + " on "
                        + firmware
                        + " · incast "
                        + senders
                        + ":1 · "
                        + Display.spaced(message.toString()),
                    parameters(
                        "devices",
                        String.join(", ", devices),
                        "firmware",
                        firmware,
                        "senders",
                        senders,
                        "message",
                        message)));
          }
        }
      }
      return points;
    }
  }

  private static String perFlow(DataSize flowSize, Workload.Pairing pairing) {
    return " · "
        + Display.spaced(flowSize.toString())
        + " per flow"
        + (pairing == Workload.Pairing.OTHER_LEAF ? " across leaves" : "");
  }

  private static Workload background(DataSize flowSize, Workload.Pairing pairing) {
    return new Workload.Permutation(flowSize, 1, OptionalInt.empty(), SimTime.ZERO, pairing);
  }
}
