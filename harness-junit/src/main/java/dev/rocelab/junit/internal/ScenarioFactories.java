package dev.rocelab.junit.internal;

import static dev.rocelab.junit.ScenarioInvocation.parameters;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioFit;
import dev.rocelab.api.scenario.SizeSweep;
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
import dev.rocelab.junit.ScenarioDeclaration;
import dev.rocelab.junit.ScenarioDeclaration.Marking;
import dev.rocelab.junit.ScenarioFactory;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/** Scenarios of the traffic annotations. */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioFactories {

  private ScenarioFactories() {}

  /** Makes the scenarios of {@link Baseline @Baseline}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class BaselineFactory implements ScenarioFactory<Baseline> {

    @Override
    public List<ScenarioInvocation> invocations(Baseline a, ScenarioDeclaration d) {
      List<ScenarioInvocation> points = new ArrayList<>();
      for (DataSize size : d.sizes("flowSize", a.flowSize())) {
        for (Marking marking : d.markings(a.priority(), a.dscp())) {
          Workload traffic = new Workload.Permutation(size, 1, marking.dscp(), SimTime.ZERO);
          points.add(
              new ScenarioInvocation(
                  d.finish(
                      Scenario.of("baseline", traffic),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()),
                  "baseline · " + Display.spaced(size.toString()) + " per flow" + marking.display(),
                  parameters("flowSize", size, "marking", marking.parameters())));
        }
      }
      return points;
    }
  }

  /** Makes the scenarios of {@link Incast @Incast}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class IncastFactory implements ScenarioFactory<Incast> {

    @Override
    public List<ScenarioInvocation> invocations(Incast a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      List<ScenarioInvocation> points = new ArrayList<>();
      for (int senders : senders(d, "senders", a.senders(), a.atMost(), receiver)) {
        for (DataSize message : d.sizes("message", a.message())) {
          for (Marking marking : d.markings(a.priority(), a.dscp())) {
            Workload traffic =
                new Workload.Incast(senders, receiver, message, marking.dscp(), SimTime.ZERO);
            points.add(
                new ScenarioInvocation(
                    d.finish(
                        Scenario.of("incast", traffic),
                        a.duration(),
                        a.sampleInterval(),
                        a.completion()),
                    "incast "
                        + senders
                        + ":1"
                        + receiver.map(r -> " → " + r).orElse("")
                        + " · "
                        + Display.spaced(message.toString())
                        + marking.display(),
                    parameters(
                        "senders",
                        senders,
                        "message",
                        message,
                        "marking",
                        marking.parameters(),
                        "receiver",
                        receiver.orElse(null))));
          }
        }
      }
      return points;
    }
  }

  /** Makes the scenarios of {@link Microburst @Microburst}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class MicroburstFactory implements ScenarioFactory<Microburst> {

    @Override
    public List<ScenarioInvocation> invocations(Microburst a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      List<ScenarioInvocation> points = new ArrayList<>();
      for (int senders : senders(d, "senders", a.senders(), a.atMost(), receiver)) {
        for (DataSize burst : d.sizes("burst", a.burst())) {
          for (SimTime period : d.durations("period", a.period())) {
            for (int bursts : d.counts("bursts", a.bursts())) {
              for (Marking marking : d.markings(a.priority(), a.dscp())) {
                Workload traffic =
                    new Workload.Microburst(
                        senders, receiver, burst, period, bursts, marking.dscp(), SimTime.ZERO);
                points.add(
                    new ScenarioInvocation(
                        d.finish(
                            Scenario.of("microburst", traffic),
                            a.duration(),
                            a.sampleInterval(),
                            a.completion()),
                        "microburst "
                            + senders
                            + ":1"
                            + receiver.map(r -> " → " + r).orElse("")
                            + " · "
                            + Display.spaced(burst.toString())
                            + " every "
                            + Display.spaced(period.toString())
                            + " × "
                            + bursts
                            + marking.display(),
                        parameters(
                            "senders",
                            senders,
                            "burst",
                            burst,
                            "period",
                            period,
                            "bursts",
                            bursts,
                            "marking",
                            marking.parameters(),
                            "receiver",
                            receiver.orElse(null))));
              }
            }
          }
        }
      }
      return points;
    }
  }

  /** Makes the scenarios of {@link MixedTraffic @MixedTraffic}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class MixedTrafficFactory implements ScenarioFactory<MixedTraffic> {

    @Override
    public List<ScenarioInvocation> invocations(MixedTraffic a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      List<ScenarioInvocation> points = new ArrayList<>();
      for (int senders : senders(d, "senders", a.senders(), a.atMost(), receiver)) {
        for (DataSize message : d.sizes("message", a.message())) {
          for (int lossySenders :
              senders(d, "lossySenders", a.lossySenders(), a.atMost(), receiver)) {
            for (DataSize lossyMessage : d.sizes("lossyMessage", a.lossyMessage())) {
              for (int lossyPriority : d.priorities("lossyPriority", a.lossyPriority())) {
                if (d.qos().isLossless(lossyPriority)) {
                  throw d.invalid(
                      "lossyPriority",
                      lossyPriority,
                      "priority "
                          + lossyPriority
                          + " is lossless in QoS policy "
                          + d.qos().name()
                          + "; lossy traffic needs a lossy priority");
                }
                int lossyDscp = d.dscpFor("lossyPriority", lossyPriority);
                Workload traffic =
                    new Workload.MixedTraffic(
                        new Workload.Incast(
                            senders, receiver, message, OptionalInt.empty(), SimTime.ZERO),
                        new Workload.Incast(
                            lossySenders,
                            receiver,
                            lossyMessage,
                            OptionalInt.of(lossyDscp),
                            SimTime.ZERO));
                points.add(
                    new ScenarioInvocation(
                        d.finish(
                            Scenario.of("mixed traffic", traffic),
                            a.duration(),
                            a.sampleInterval(),
                            a.completion()),
                        "mixed traffic · lossless "
                            + senders
                            + ":1 · "
                            + Display.spaced(message.toString())
                            + " + lossy "
                            + lossySenders
                            + ":1 · "
                            + Display.spaced(lossyMessage.toString())
                            + " on prio "
                            + lossyPriority,
                        parameters(
                            "senders",
                            senders,
                            "message",
                            message,
                            "lossySenders",
                            lossySenders,
                            "lossyMessage",
                            lossyMessage,
                            "lossyPriority",
                            lossyPriority,
                            "receiver",
                            receiver.orElse(null))));
              }
            }
          }
        }
      }
      return points;
    }
  }

  private static String sizes(SizeSweep sweep) {
    String min = Display.spaced(sweep.min().toString());
    return sweep.min().equals(sweep.max())
        ? min
        : min + " .. " + Display.spaced(sweep.max().toString()) + " ×" + sweep.factor();
  }

  /** Makes the scenarios of {@link Collective @Collective}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class CollectiveFactory implements ScenarioFactory<Collective> {

    @Override
    public List<ScenarioInvocation> invocations(Collective a, ScenarioDeclaration d) {
      if (a.operation().length == 0 || a.algorithm().length == 0 || a.protocol().length == 0) {
        String attribute =
            a.operation().length == 0
                ? "operation"
                : a.algorithm().length == 0 ? "algorithm" : "protocol";
        throw d.invalid(attribute + " needs at least one value");
      }
      if (a.stepFactor() < 2) {
        throw d.invalid("stepFactor", a.stepFactor(), "must be >= 2");
      }
      Optional<DataSize> maxSize =
          a.maxSize().isBlank()
              ? Optional.empty()
              : Optional.of(d.sizes("maxSize", new String[] {a.maxSize()}).get(0));
      List<ScenarioInvocation> points = new ArrayList<>();
      for (CollectiveOperation operation : a.operation()) {
        for (DataSize size : d.sizes("size", a.size())) {
          if (maxSize.isPresent() && maxSize.get().compareTo(size) < 0) {
            throw d.invalid("maxSize", a.maxSize(), "must not be below size " + size);
          }
          SizeSweep sweep = new SizeSweep(size, maxSize.orElse(size), a.stepFactor());
          for (Algorithm algorithm : a.algorithm()) {
            if (algorithm == Algorithm.TREE && operation != CollectiveOperation.ALL_REDUCE) {
              throw d.invalid("algorithm", "TREE", "is for ALL_REDUCE only, not " + operation);
            }
            for (Protocol protocol : a.protocol()) {
              for (int ranks : ranks(d, a)) {
                for (int qps : a.qpsPerConnection()) {
                  if (qps < 1) {
                    throw d.invalid("qpsPerConnection", qps, "must be >= 1");
                  }
                  for (Fidelity fidelity : a.fidelity()) {
                    Workload.Collective traffic =
                        new Workload.Collective(
                            operation,
                            sweep,
                            a.dataType(),
                            algorithm,
                            protocol,
                            ranks,
                            a.root(),
                            a.channels(),
                            qps,
                            a.splitDataOnQps(),
                            fidelity,
                            SimTime.ZERO,
                            List.of(a.hosts()));
                    Scenario scenario =
                        Scenario.of("collective", traffic)
                            .withDuration(CollectiveBuilder.DEFAULT_DURATION);
                    points.add(
                        new ScenarioInvocation(
                            d.finish(scenario, a.duration(), a.sampleInterval(), a.completion()),
                            operation.ncclName()
                                + " · "
                                + sizes(sweep)
                                + " · "
                                + algorithm.describe(protocol)
                                + (ranks == 0 ? "" : " · " + ranks + " ranks")
                                + (qps == 1
                                    ? ""
                                    : " · " + qps + " QPs" + (a.splitDataOnQps() ? " (split)" : ""))
                                + (fidelity == Fidelity.PACKET
                                    ? ""
                                    : " · " + fidelity.name().toLowerCase())
                                + (a.hosts().length == 0
                                    ? ""
                                    : " · on " + String.join(", ", a.hosts())),
                            parameters(
                                "operation",
                                operation.ncclName(),
                                "sizes",
                                sweep,
                                "type",
                                a.dataType().ncclName(),
                                "algorithm",
                                algorithm.name().toLowerCase(),
                                "protocol",
                                protocol.name(),
                                "ranks",
                                ranks == 0 ? "all" : ranks,
                                "qpsPerConnection",
                                qps,
                                "splitDataOnQps",
                                a.splitDataOnQps(),
                                "fidelity",
                                fidelity.name().toLowerCase())));
                  }
                }
              }
            }
          }
        }
      }
      return points;
    }
  }

  /** An incast's or a microburst's sender counts, capped at the fabric's NICs where most values. */
  private static List<Integer> senders(
      ScenarioDeclaration d,
      String attribute,
      int[] values,
      boolean atMost,
      Optional<Endpoint> receiver) {
    List<Integer> senders = d.senders(attribute, values);
    return atMost ? d.capped(senders, ScenarioFit.mostSenders(d.fabric(), receiver)) : senders;
  }

  /**
   * A collective's rank counts, capped at the fabric's GPUs where most values; 0 stays all, and a
   * fabric of fewer than two GPUs caps nothing (its collectives are not applicable).
   */
  private static List<Integer> ranks(ScenarioDeclaration d, Collective a) {
    for (int ranks : a.ranks()) {
      if (ranks < 0 || ranks == 1) {
        throw d.invalid("ranks", ranks, "must be 0 (all GPUs) or >= 2");
      }
    }
    List<Integer> ranks = Arrays.stream(a.ranks()).boxed().toList();
    if (!a.atMost()) {
      return ranks;
    }
    if (a.hosts().length > 0) {
      throw d.invalid("atMost", true, "caps ranks at the fabric's GPUs, so not with hosts");
    }
    int gpus = ScenarioFit.mostRanks(d.fabric());
    return gpus < 2 ? ranks : d.capped(ranks, gpus);
  }
}
