package dev.rocelab.junit.internal;

import static dev.rocelab.junit.internal.Declaration.parameters;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.Collective;
import dev.rocelab.junit.Incast;
import dev.rocelab.junit.Microburst;
import dev.rocelab.junit.MixedTraffic;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Scenarios of the traffic annotations. */
final class ScenarioFactories {

  private ScenarioFactories() {}

  static List<ScenarioPoint> baseline(Baseline a, Declaration d) {
    List<ScenarioPoint> points = new ArrayList<>();
    for (DataSize size : d.sizes("flowSize", a.flowSize())) {
      for (Declaration.Marking marking : d.markings(a.priority(), a.dscp())) {
        Workload traffic = new Workload.Permutation(size, 1, marking.dscp(), SimTime.ZERO);
        points.add(new ScenarioPoint(d.finish(Scenario.of("baseline", traffic), a.duration(), a.sampleInterval()),
            "baseline · " + Display.spaced(size.toString()) + " per flow" + marking.display(),
            parameters("flowSize", size, "marking", marking.parameters())));
      }
    }
    return points;
  }

  static List<ScenarioPoint> incast(Incast a, Declaration d) {
    Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
    List<ScenarioPoint> points = new ArrayList<>();
    for (int senders : d.senders("senders", a.senders())) {
      for (DataSize message : d.sizes("message", a.message())) {
        for (Declaration.Marking marking : d.markings(a.priority(), a.dscp())) {
          Workload traffic = new Workload.Incast(senders, receiver, message, marking.dscp(), SimTime.ZERO);
          points.add(new ScenarioPoint(d.finish(Scenario.of("incast", traffic), a.duration(), a.sampleInterval()),
              "incast " + senders + ":1" + receiver.map(r -> " → " + r).orElse("") + " · "
                  + Display.spaced(message.toString()) + marking.display(),
              parameters("senders", senders, "message", message, "marking", marking.parameters(),
                  "receiver", receiver.orElse(null))));
        }
      }
    }
    return points;
  }

  static List<ScenarioPoint> microburst(Microburst a, Declaration d) {
    Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
    List<ScenarioPoint> points = new ArrayList<>();
    for (int senders : d.senders("senders", a.senders())) {
      for (DataSize burst : d.sizes("burst", a.burst())) {
        for (SimTime period : d.durations("period", a.period())) {
          for (int bursts : d.counts("bursts", a.bursts())) {
            for (Declaration.Marking marking : d.markings(a.priority(), a.dscp())) {
              Workload traffic = new Workload.Microburst(senders, receiver, burst, period, bursts, marking.dscp(),
                  SimTime.ZERO);
              points.add(new ScenarioPoint(
                  d.finish(Scenario.of("microburst", traffic), a.duration(), a.sampleInterval()),
                  "microburst " + senders + ":1" + receiver.map(r -> " → " + r).orElse("") + " · "
                      + Display.spaced(burst.toString()) + " every " + Display.spaced(period.toString()) + " × "
                      + bursts + marking.display(),
                  parameters("senders", senders, "burst", burst, "period", period, "bursts", bursts,
                      "marking", marking.parameters(), "receiver", receiver.orElse(null))));
            }
          }
        }
      }
    }
    return points;
  }

  static List<ScenarioPoint> mixedTraffic(MixedTraffic a, Declaration d) {
    Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
    List<ScenarioPoint> points = new ArrayList<>();
    for (int senders : d.senders("senders", a.senders())) {
      for (DataSize message : d.sizes("message", a.message())) {
        for (int lossySenders : d.senders("lossySenders", a.lossySenders())) {
          for (DataSize lossyMessage : d.sizes("lossyMessage", a.lossyMessage())) {
            for (int lossyPriority : d.priorities("lossyPriority", a.lossyPriority())) {
              if (d.qos().isLossless(lossyPriority)) {
                throw d.invalid("lossyPriority", lossyPriority, "priority " + lossyPriority
                    + " is lossless in QoS policy " + d.qos().name() + "; lossy traffic needs a lossy priority");
              }
              int lossyDscp = d.dscpFor("lossyPriority", lossyPriority);
              Workload traffic = new Workload.MixedTraffic(
                  new Workload.Incast(senders, receiver, message, OptionalInt.empty(), SimTime.ZERO),
                  new Workload.Incast(lossySenders, receiver, lossyMessage, OptionalInt.of(lossyDscp), SimTime.ZERO));
              points.add(new ScenarioPoint(
                  d.finish(Scenario.of("mixed traffic", traffic), a.duration(), a.sampleInterval()),
                  "mixed traffic · lossless " + senders + ":1 · " + Display.spaced(message.toString()) + " + lossy "
                      + lossySenders + ":1 · " + Display.spaced(lossyMessage.toString()) + " on prio " + lossyPriority,
                  parameters("senders", senders, "message", message, "lossySenders", lossySenders,
                      "lossyMessage", lossyMessage, "lossyPriority", lossyPriority,
                      "receiver", receiver.orElse(null))));
            }
          }
        }
      }
    }
    return points;
  }

  static List<ScenarioPoint> collective(Collective a, Declaration d) {
    if (a.operation().length == 0 || a.algorithm().length == 0 || a.protocol().length == 0) {
      String attribute = a.operation().length == 0 ? "operation" : a.algorithm().length == 0 ? "algorithm" : "protocol";
      throw d.invalid(attribute + " needs at least one value");
    }
    List<ScenarioPoint> points = new ArrayList<>();
    for (CollectiveOperation operation : a.operation()) {
      for (DataSize size : d.sizes("size", a.size())) {
        for (Algorithm algorithm : a.algorithm()) {
          for (Protocol protocol : a.protocol()) {
            for (int ranks : a.ranks()) {
              if (ranks < 0 || ranks == 1) {
                throw d.invalid("ranks", ranks, "must be 0 (all GPUs) or >= 2");
              }
              Workload traffic = new Workload.Collective(operation, size, algorithm, protocol, ranks, SimTime.ZERO);
              points.add(new ScenarioPoint(
                  d.finish(Scenario.of("collective", traffic), a.duration(), a.sampleInterval()),
                  operation.ncclName() + " · " + Display.spaced(size.toString()) + " · "
                      + algorithm.name().toLowerCase() + " · " + protocol.name()
                      + (ranks == 0 ? "" : " · " + ranks + " ranks"),
                  parameters("operation", operation.ncclName(), "size", size, "algorithm",
                      algorithm.name().toLowerCase(), "protocol", protocol.name(), "ranks", ranks == 0 ? "all" : ranks)));
            }
          }
        }
      }
    }
    return points;
  }
}
