package dev.rocelab.reports.internal;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TrainingResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a report shows of a run's training jobs: for each, a summary (step times, compute-only and
 * ideal steps, exposed communication, network tax, and per operation label what it took against the
 * ideal network) and a timeline chart of the last step (compute against communication per rank).
 */
final class TrainingAttachments {

  private TrainingAttachments() {}

  /**
   * @param result a run
   * @return a summary per training job and a timeline per job with a finished step
   */
  static List<Attachment> of(RunResult result) {
    List<Attachment> attachments = new ArrayList<>();
    for (TrainingResult job : result.trainings()) {
      attachments.add(
          new Attachment("Training steps · " + job.job(), "text/plain", "txt", summary(job)));
      if (job.finished() && !job.timeline().isEmpty()) {
        String title = "Step timeline · " + job.job();
        attachments.add(
            new Attachment(
                "Step timeline · " + job.job(), "image/svg+xml", "svg", timeline(title, job)));
      }
    }
    return attachments;
  }

  static String summary(TrainingResult job) {
    StringBuilder out = new StringBuilder();
    out.append(job.job()).append(" · ").append(job.ranks()).append(" ranks\n");
    out.append("steps:                  ")
        .append(job.steps().stream().map(Display::time).toList())
        .append('\n');
    out.append("compute-only step:      ").append(Display.time(job.computeOnly())).append('\n');
    out.append("ideal step:             ")
        .append(job.ideal().map(Display::time).orElse("not measured"))
        .append('\n');
    if (job.finished()) {
      out.append("step time (mean):       ").append(Display.time(job.stepTime())).append('\n');
      out.append("exposed communication:  ")
          .append(Display.time(job.exposedCommunication()))
          .append(
              String.format(
                  Locale.ROOT, " (%.1f %% of the step)", 100 * job.exposedCommunicationShare()))
          .append('\n');
      if (job.ideal().isPresent()) {
        out.append("network tax:            ")
            .append(Display.time(job.networkTax()))
            .append(
                String.format(
                    Locale.ROOT, " (%.1f %% of the ideal step)", 100 * job.networkTaxShare()))
            .append('\n');
      }
    }
    if (!job.operations().isEmpty()) {
      out.append('\n')
          .append(
              String.format(
                  Locale.ROOT,
                  "%-26s %-13s %7s %12s %12s %9s %12s%n",
                  "operation",
                  "kind",
                  "count",
                  "mean",
                  "ideal mean",
                  "slowdown",
                  "longest"));
      for (TrainingResult.OperationTimes o : job.operations()) {
        out.append(
            String.format(
                Locale.ROOT,
                "%-26s %-13s %7d %12s %12s %9s %12s%n",
                o.label(),
                o.communication() ? "communication" : "compute",
                o.count(),
                Display.time(o.mean()),
                Display.time(o.idealMean()),
                o.idealMean().picos() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", o.slowdown()),
                Display.time(o.longest())));
      }
    }
    return out.toString();
  }

  private static String timeline(String title, TrainingResult job) {
    List<String> labels = new ArrayList<>();
    job.timeline()
        .forEach(
            i -> {
              if (!labels.contains(i.label())) {
                labels.add(i.label());
              }
            });
    long ranksShown =
        job.timeline().stream().mapToInt(TrainingResult.Interval::rank).distinct().count();
    String note =
        "last step, "
            + Display.time(job.steps().get(job.steps().size() - 1))
            + " · "
            + ranksShown
            + " of "
            + job.ranks()
            + " ranks · compute above, communication below";
    long end = job.timeline().stream().mapToLong(i -> i.end().picos()).max().orElse(1);
    return new TimelineChart(title, note, job.timeline(), labels, Math.max(1, end)).toSvg();
  }
}
