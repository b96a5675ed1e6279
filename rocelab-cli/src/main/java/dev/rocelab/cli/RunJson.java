package dev.rocelab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.analysis.FaultEffects;
import dev.rocelab.api.analysis.Stats;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.NcclTestsFormat;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.SimTime;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code rocelab run --json}: the run's figures as one document — times in microseconds, sizes in
 * bytes — with each collective's nccl-tests table in its JSON form and the problems that set the
 * exit code.
 */
final class RunJson {

  private RunJson() {}

  /**
   * @param result the run
   * @param verdict its verdict
   * @return the document, pretty-printed
   */
  static String render(RunResult result, RunVerdict verdict) {
    ObjectNode root = Json.object();
    root.put("scenario", result.scenario().name());
    root.put("description", result.scenario().describe());
    root.put("seed", result.scenario().seed());
    root.put("fabric", result.fabric().spec().name());
    root.put("backend", result.backend());
    root.put("stop", result.stopReason().name());
    root.put("simulatedUs", result.elapsed().toMicros());
    ArrayNode problems = root.putArray("problems");
    verdict.problems().forEach(problems::add);
    ArrayNode drift = root.putArray("drift");
    verdict.drift().forEach(p -> drift.add(p.toString()));
    ObjectNode drops = root.putObject("drops");
    drops.put("total", result.totalDrops());
    drops.put("lossless", result.losslessDrops());
    FaultEffects effects = FaultEffects.of(result);
    drops.put("losslessNotExplainedByFaults", effects.unexplainedLosslessDrops());
    ArrayNode lossless = drops.putArray("losslessPriorities");
    result.losslessPriorities().forEach(lossless::add);
    List<PortStats> ports = result.ports();
    faults(root.putArray("faults"), result, effects);
    root.put("pauseFramesSent", ports.stream().mapToLong(PortStats::pausesSent).sum());
    Stats.most(ports, p -> p.pausedTime().picos())
        .ifPresent(
            p ->
                root.putObject("mostPaused")
                    .put("port", p.port().toString())
                    .put("priority", p.priority())
                    .put("pausedUs", p.pausedTime().toMicros())
                    .put("fractionOfRun", p.pausedFraction(result.elapsed())));
    root.put("ecnMarks", ports.stream().mapToLong(PortStats::ecnMarks).sum());
    root.put("cnpsSent", ports.stream().mapToLong(PortStats::cnpsSent).sum());
    root.put("maxQueueBytes", ports.stream().mapToLong(p -> p.maxQueue().bytes()).max().orElse(0));
    Stats.most(ports, p -> p.maxQueue().bytes())
        .ifPresent(
            p ->
                root.putObject("deepestQueue")
                    .put("port", p.port().toString())
                    .put("priority", p.priority())
                    .put("bytes", p.maxQueue().bytes()));
    flows(root.putObject("flows"), result.flows());
    ObjectNode latency = root.putObject("latencyUs");
    for (Map.Entry<Integer, LatencySummary> entry : result.latency().entrySet()) {
      LatencySummary l = entry.getValue();
      latency
          .putObject("priority" + entry.getKey())
          .put("packets", l.count())
          .put("p50", l.p50().toMicros())
          .put("p99", l.p99().toMicros())
          .put("max", l.max().toMicros());
    }
    ArrayNode fec = root.putArray("fec");
    for (FecStats f : result.fec()) {
      ObjectNode port =
          fec.addObject()
              .put("port", f.port().toString())
              .put("correctedCodewords", f.correctedCodewords())
              .put("uncorrectableCodewords", f.uncorrectableCodewords());
      if (f.codewords() > 0) {
        port.put("codewords", f.codewords());
      }
      f.preFecBer().ifPresent(ber -> port.put("preFecBer", ber));
    }
    ArrayNode events = root.putArray("events");
    for (FabricEvent e : result.events()) {
      events
          .addObject()
          .put("us", e.time().toMicros())
          .put("kind", e.kind().name())
          .put("subject", e.subject())
          .put("detail", e.detail());
    }
    ArrayNode collectives = root.putArray("collectives");
    for (CollectiveResult collective : result.collectives()) {
      collectives.add(tree(NcclTestsFormat.json(collective)));
    }
    return Json.write(root);
  }

  /**
   * Each fault: what it was, and what it did if it took effect (the text's "fault" lines); a fault
   * the run ended before is {@code "applied": false}, and the problems say so.
   */
  private static void faults(ArrayNode node, RunResult result, FaultEffects faultEffects) {
    List<FaultEffects.Effect> effects = faultEffects.effects();
    for (Fault fault : result.scenario().faults()) {
      ObjectNode entry =
          node.addObject().put("fault", fault.describe()).put("atUs", fault.at().toMicros());
      effects.stream()
          .filter(e -> e.fault().equals(fault))
          .findFirst()
          .ifPresentOrElse(e -> effect(entry, e), () -> entry.put("applied", false));
    }
  }

  private static void effect(ObjectNode entry, FaultEffects.Effect effect) {
    entry.put("applied", true).put("appliedUs", effect.appliedAt().toMicros());
    entry.put("packetsLost", effect.packetsLost());
    effect.bytesLost().ifPresent(bytes -> entry.put("bytesLost", bytes.bytes()));
    if (effect.pausesSent() > 0) {
      entry.put("pausesSent", effect.pausesSent());
    }
    effect.reroute().ifPresent(e -> entry.put("reconvergedUs", e.time().toMicros()));
    effect
        .recovery()
        .ifPresent(
            outcome -> {
              outcome.time().ifPresent(time -> entry.put("recoveryUs", time.toMicros()));
              if (outcome.problem().isEmpty()) {
                entry.put("recovered", outcome.time().isPresent());
              }
              entry.put("recovery", effect.recoveryText().orElseThrow());
            });
  }

  private static void flows(ObjectNode node, List<FlowResult> flows) {
    node.put("total", flows.size());
    node.put("completed", flows.stream().filter(FlowResult::completed).count());
    node.put("retransmissions", flows.stream().mapToLong(FlowResult::retransmissions).sum());
    if (!flows.isEmpty()) {
      ObjectNode fct = node.putObject("completionUs");
      fct.put("p50", micros(Stats.completionPercentile(flows, 50)));
      fct.put("p99", micros(Stats.completionPercentile(flows, 99)));
      fct.put("max", micros(Stats.completionPercentile(flows, 100)));
    }
  }

  /** Microseconds, or null for a flow that never completed. */
  private static Double micros(SimTime time) {
    return time.equals(SimTime.MAX) ? null : time.toMicros();
  }

  private static ObjectNode tree(String json) {
    try {
      return (ObjectNode) new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
