package dev.rocelab.reports.internal;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What a report shows of one run, and of the fabric it ran on. A new kind of attachment is one more
 * line in {@link #ofRun}.
 */
final class RunAttachments {

  private RunAttachments() {}

  /**
   * @param result a run
   * @return its charts over simulated time, then its collectives' nccl-tests tables and
   *     bus-bandwidth charts, then its training jobs' summaries and step timelines, then its
   *     counters as CSV
   */
  static List<Attachment> ofRun(RunResult result) {
    List<Attachment> attachments = new ArrayList<>(TelemetryCharts.of(result));
    attachments.addAll(CollectiveAttachments.of(result));
    attachments.addAll(TrainingAttachments.of(result));
    attachments.addAll(TelemetryCsv.of(result));
    return attachments;
  }

  /**
   * @param fabric a fabric
   * @return its topology picture and its effective configuration
   */
  static List<Attachment> ofFabric(FabricSpec fabric) {
    return List.of(TopologySvg.of(FabricGraph.of(fabric)), ConfigurationText.of(fabric));
  }
}
