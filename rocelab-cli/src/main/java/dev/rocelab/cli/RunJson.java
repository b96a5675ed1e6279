package dev.rocelab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.analysis.Stats;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.NcclTestsFormat;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
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
    ArrayNode lossless = drops.putArray("losslessPriorities");
    result.losslessPriorities().forEach(lossless::add);
    List<PortStats> ports = result.ports();
    root.put("pauseFramesSent", ports.stream().mapToLong(PortStats::pausesSent).sum());
    root.put("ecnMarks", ports.stream().mapToLong(PortStats::ecnMarks).sum());
    root.put("maxQueueBytes", ports.stream().mapToLong(p -> p.maxQueue().bytes()).max().orElse(0));
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
    ArrayNode collectives = root.putArray("collectives");
    for (CollectiveResult collective : result.collectives()) {
      collectives.add(tree(NcclTestsFormat.json(collective)));
    }
    return Json.write(root);
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
