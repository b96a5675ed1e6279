package dev.rocelab.junit.internal;

import static dev.rocelab.junit.internal.Axis.spaced;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
      Axis<DataSize> size =
          Axis.of("flowSize", name -> d.sizes(name, a.flowSize()), spaced(" · ", " per flow"));
      Axis<Marking> marking = marking(d, a.priority(), a.dscp());
      return Sweep.of(size, marking)
          .invocations(
              "baseline",
              p ->
                  d.finish(
                      Scenario.of(
                          "baseline",
                          new Workload.Permutation(
                              p.get(size), 1, p.get(marking).dscp(), SimTime.ZERO)),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()));
    }
  }

  /** Makes the scenarios of {@link Incast @Incast}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class IncastFactory implements ScenarioFactory<Incast> {

    @Override
    public List<ScenarioInvocation> invocations(Incast a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      Axis<Integer> senders = senders(d, "senders", a.senders(), a.atMost(), receiver, true);
      Axis<DataSize> message =
          Axis.of("message", name -> d.sizes(name, a.message()), spaced(" · ", ""));
      Axis<Marking> marking = marking(d, a.priority(), a.dscp());
      return Sweep.of(senders, message, marking, Axis.fixed("receiver", receiver.orElse(null)))
          .invocations(
              "incast ",
              p ->
                  d.finish(
                      Scenario.of(
                          "incast",
                          new Workload.Incast(
                              p.get(senders),
                              receiver,
                              p.get(message),
                              p.get(marking).dscp(),
                              SimTime.ZERO)),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()));
    }
  }

  /** Makes the scenarios of {@link Microburst @Microburst}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class MicroburstFactory implements ScenarioFactory<Microburst> {

    @Override
    public List<ScenarioInvocation> invocations(Microburst a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      Axis<Integer> senders = senders(d, "senders", a.senders(), a.atMost(), receiver, true);
      Axis<DataSize> burst = Axis.of("burst", name -> d.sizes(name, a.burst()), spaced(" · ", ""));
      Axis<SimTime> period =
          Axis.of("period", name -> d.durations(name, a.period()), spaced(" every ", ""));
      Axis<Integer> bursts = Axis.of("bursts", name -> d.counts(name, a.bursts()), n -> " × " + n);
      Axis<Marking> marking = marking(d, a.priority(), a.dscp());
      return Sweep.of(
              senders,
              burst,
              period,
              bursts,
              marking,
              Axis.fixed("receiver", receiver.orElse(null)))
          .invocations(
              "microburst ",
              p ->
                  d.finish(
                      Scenario.of(
                          "microburst",
                          new Workload.Microburst(
                              p.get(senders),
                              receiver,
                              p.get(burst),
                              p.get(period),
                              p.get(bursts),
                              p.get(marking).dscp(),
                              SimTime.ZERO)),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()));
    }
  }

  /** Makes the scenarios of {@link MixedTraffic @MixedTraffic}. */
  @API(status = INTERNAL, since = "0.1")
  public static final class MixedTrafficFactory implements ScenarioFactory<MixedTraffic> {

    @Override
    public List<ScenarioInvocation> invocations(MixedTraffic a, ScenarioDeclaration d) {
      Optional<Endpoint> receiver = d.receiver("receiver", a.receiver());
      Axis<Integer> senders = senders(d, "senders", a.senders(), a.atMost(), receiver, false);
      Axis<DataSize> message =
          Axis.of("message", name -> d.sizes(name, a.message()), spaced(" · ", ""));
      Axis<Integer> lossySenders =
          Axis.of(
              "lossySenders",
              name -> capped(d, name, a.lossySenders(), a.atMost(), receiver),
              n -> " + lossy " + n + ":1");
      Axis<DataSize> lossyMessage =
          Axis.of("lossyMessage", name -> d.sizes(name, a.lossyMessage()), spaced(" · ", ""));
      Axis<LossyClass> lossy =
          new Axis<>(
              "lossyPriority",
              lossyClasses(d, "lossyPriority", a.lossyPriority()),
              c -> " on prio " + c.priority(),
              LossyClass::priority);
      return Sweep.of(
              senders,
              message,
              lossySenders,
              lossyMessage,
              lossy,
              Axis.fixed("receiver", receiver.orElse(null)))
          .invocations(
              "mixed traffic · lossless ",
              p ->
                  d.finish(
                      Scenario.of(
                          "mixed traffic",
                          new Workload.MixedTraffic(
                              new Workload.Incast(
                                  p.get(senders),
                                  receiver,
                                  p.get(message),
                                  OptionalInt.empty(),
                                  SimTime.ZERO),
                              new Workload.Incast(
                                  p.get(lossySenders),
                                  receiver,
                                  p.get(lossyMessage),
                                  OptionalInt.of(p.get(lossy).dscp()),
                                  SimTime.ZERO))),
                      a.duration(),
                      a.sampleInterval(),
                      a.completion()));
    }

    /** A lossy priority to send on and the DSCP that marks it; refuses a lossless priority. */
    private static List<LossyClass> lossyClasses(
        ScenarioDeclaration d, String attribute, int[] values) {
      List<LossyClass> classes = new ArrayList<>();
      for (int priority : d.priorities(attribute, values)) {
        if (d.qos().isLossless(priority)) {
          throw d.invalid(
              attribute,
              priority,
              "priority "
                  + priority
                  + " is lossless in QoS policy "
                  + d.qos().name()
                  + "; lossy traffic needs a lossy priority");
        }
        classes.add(new LossyClass(priority, d.dscpFor(attribute, priority)));
      }
      return classes;
    }

    private record LossyClass(int priority, int dscp) {}
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
      Axis<CollectiveOperation> operation =
          new Axis<>(
              "operation",
              List.of(a.operation()),
              CollectiveOperation::ncclName,
              o -> o.ncclName());
      Axis<SizeSweep> sizes = new Axis<>("sizes", sizeSweeps(d, a), s -> " · " + sizes(s), s -> s);
      Axis<Transport> transport =
          new Axis<>(
              "algorithm",
              transports(a),
              t -> " · " + t.algorithm().describe(t.protocol()),
              Transport::parameters);
      Axis<Integer> ranks =
          new Axis<>(
              "ranks",
              ranks(d, a),
              n -> n == 0 ? "" : " · " + n + " ranks",
              n -> n == 0 ? "all" : n);
      Axis<Integer> qps =
          new Axis<>(
              "qpsPerConnection",
              queuePairs(d, a),
              n -> n == 1 ? "" : " · " + n + " QPs" + (a.splitDataOnQps() ? " (split)" : ""),
              n -> n);
      Axis<Fidelity> fidelity =
          new Axis<>(
              "fidelity",
              List.of(a.fidelity()),
              f -> f == Fidelity.PACKET ? "" : " · " + f.name().toLowerCase(),
              f -> f.name().toLowerCase());
      Axis<List<String>> hosts =
          new Axis<>(
              "hosts",
              List.of(d.hosts("hosts", a.hosts())),
              h -> h.isEmpty() ? "" : " · on " + String.join(", ", h),
              h -> null);
      return Sweep.of(
              operation,
              sizes,
              Axis.fixed("type", a.dataType().ncclName()),
              transport,
              ranks,
              qps,
              Axis.fixed("splitDataOnQps", a.splitDataOnQps()),
              fidelity,
              hosts)
          .invocations(
              "",
              p -> {
                Algorithm algorithm = p.get(transport).algorithm();
                if (algorithm == Algorithm.TREE
                    && p.get(operation) != CollectiveOperation.ALL_REDUCE) {
                  throw d.invalid(
                      "algorithm", "TREE", "is for ALL_REDUCE only, not " + p.get(operation));
                }
                Workload.Collective traffic =
                    new Workload.Collective(
                        p.get(operation),
                        p.get(sizes),
                        a.dataType(),
                        algorithm,
                        p.get(transport).protocol(),
                        p.get(ranks),
                        a.root(),
                        a.channels(),
                        p.get(qps),
                        a.splitDataOnQps(),
                        p.get(fidelity),
                        SimTime.ZERO,
                        p.get(hosts));
                return d.finish(
                    Scenario.of("collective", traffic)
                        .withDuration(CollectiveBuilder.DEFAULT_DURATION),
                    a.duration(),
                    a.sampleInterval(),
                    a.completion());
              });
    }

    /** Each size swept from itself to {@code maxSize} (or itself alone) by {@code stepFactor}. */
    private static List<SizeSweep> sizeSweeps(ScenarioDeclaration d, Collective a) {
      Optional<DataSize> maxSize =
          a.maxSize().isBlank()
              ? Optional.empty()
              : Optional.of(d.sizes("maxSize", a.maxSize()).get(0));
      List<SizeSweep> sweeps = new ArrayList<>();
      for (DataSize size : d.sizes("size", a.size())) {
        if (maxSize.isPresent() && maxSize.get().compareTo(size) < 0) {
          throw d.invalid("maxSize", a.maxSize(), "must not be below size " + size);
        }
        sweeps.add(new SizeSweep(size, maxSize.orElse(size), a.stepFactor()));
      }
      return sweeps;
    }

    private static List<Transport> transports(Collective a) {
      List<Transport> transports = new ArrayList<>();
      for (Algorithm algorithm : a.algorithm()) {
        for (Protocol protocol : a.protocol()) {
          transports.add(new Transport(algorithm, protocol));
        }
      }
      return transports;
    }

    private static List<Integer> queuePairs(ScenarioDeclaration d, Collective a) {
      for (int qps : a.qpsPerConnection()) {
        if (qps < 1) {
          throw d.invalid("qpsPerConnection", qps, "must be >= 1");
        }
      }
      return Arrays.stream(a.qpsPerConnection()).boxed().toList();
    }

    /** An algorithm and the protocol it runs, one value of the algorithm and protocol axes. */
    private record Transport(Algorithm algorithm, Protocol protocol) {
      Map<String, String> parameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("algorithm", algorithm.name().toLowerCase());
        parameters.put("protocol", protocol.name());
        return parameters;
      }
    }
  }

  /** The marking axis: the declared priorities and DSCPs, or the NICs' own marking. */
  private static Axis<Marking> marking(ScenarioDeclaration d, int[] priority, int[] dscp) {
    return new Axis<>("marking", d.markings(priority, dscp), Marking::display, Marking::parameters);
  }

  /**
   * A sender-count axis; the incast's and microburst's show the receiver after the count.
   *
   * @param towardsReceiver whether a value shows {@code ":1 → receiver"} (else {@code ":1"})
   */
  private static Axis<Integer> senders(
      ScenarioDeclaration d,
      String attribute,
      int[] values,
      boolean atMost,
      Optional<Endpoint> receiver,
      boolean towardsReceiver) {
    String towards = towardsReceiver ? receiver.map(r -> " → " + r).orElse("") : "";
    return Axis.of(
        attribute, name -> capped(d, name, values, atMost, receiver), n -> n + ":1" + towards);
  }

  /** Sender counts, capped at the fabric's NICs where most values. */
  private static List<Integer> capped(
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
