package dev.rocelab.lab.internal;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the text output of nccl-tests ({@code all_reduce_perf}, {@code all_gather_perf}, …): one
 * row per message size with the out-of-place and in-place time, algbw and busbw, and the average
 * bus bandwidth at the end. Rows are kept in order; a run that aborts half way keeps the rows it
 * printed, with the {@link Report#failure() failure} that ended it. {@link Report#result} keeps
 * nccl-tests' own figures in the common {@link CollectiveResult}: time, algbw and busbw as printed,
 * never recomputed.
 */
final class NcclTestsOutput {

  private static final int ROW_VALUES = 13;
  private static final Pattern BLANKS = Pattern.compile("\\s+");
  private static final Pattern AVERAGE =
      Pattern.compile("#\\s*Avg bus bandwidth\\s*:\\s*([0-9.eE+-]+)");
  private static final Pattern OUT_OF_BOUNDS =
      Pattern.compile("#\\s*Out of bounds values\\s*:\\s*([0-9]+)");
  private static final Pattern FAILURE =
      Pattern.compile(
          "(NCCL failure|Test NCCL failure|Test CUDA failure|"
              + "NCCL WARN|MPI_ABORT was invoked|srun: error|ORTE was unable to|mpirun noticed that|mpirun was unable to|"
              + "prterun was unable to)[^\\n]*");

  private NcclTestsOutput() {}

  /**
   * The results of one nccl-tests run.
   *
   * @param rows one per message size, in order
   * @param averageBusBandwidth the "Avg bus bandwidth" line, GB/s, if the run got there
   * @param outOfBounds values that failed validation ("Out of bounds values"), if printed
   * @param failure the NCCL, CUDA or launcher error that ended the run early, if one did
   */
  record Report(
      List<Row> rows,
      OptionalDouble averageBusBandwidth,
      long outOfBounds,
      Optional<String> failure) {

    /** Copies the rows. */
    Report {
      rows = List.copyOf(rows);
    }

    /**
     * The rows as the result of the collective that was launched.
     *
     * @param collective the workload the run was launched for
     * @param ranks the ranks it was launched on
     * @return the result, with nccl-tests' time, algbw, busbw and wrong count as reported
     * @throws UnparsableOutputException if a row's data type or reduction is not the one asked for
     */
    CollectiveResult result(Workload.Collective collective, int ranks) {
      String redop = collective.operation().reduces() ? "sum" : "none";
      List<CollectiveRow> table = new ArrayList<>();
      for (Row row : rows) {
        if (!row.type().equals(collective.dataType().ncclName()) || !row.redop().equals(redop)) {
          throw new UnparsableOutputException(
              "nccl-tests printed a row of "
                  + row.type()
                  + "/"
                  + row.redop()
                  + " for a run of "
                  + collective.dataType().ncclName()
                  + "/"
                  + redop
                  + " (size "
                  + row.bytes()
                  + ")");
        }
        table.add(
            new CollectiveRow(
                DataSize.bytes(row.bytes()),
                row.count(),
                row.outOfPlace().timing(),
                row.inPlace().timing(),
                collective.algorithm(),
                collective.protocol()));
      }
      return new CollectiveResult(
          collective.operation(),
          collective.dataType(),
          ranks,
          collective.root(),
          collective.algorithm(),
          collective.protocol(),
          table);
    }
  }

  /**
   * One message size.
   *
   * @param bytes the size, as nccl-tests counts it
   * @param count elements
   * @param type the data type, e.g. {@code float}
   * @param redop the reduction, {@code sum}, or {@code none}
   * @param root the root rank, -1 for none
   * @param outOfPlace the out-of-place measurement
   * @param inPlace the in-place measurement
   */
  record Row(
      long bytes,
      long count,
      String type,
      String redop,
      int root,
      Measurement outOfPlace,
      Measurement inPlace) {}

  /**
   * Time and bandwidths of one measurement.
   *
   * @param timeMicros the time per operation, µs
   * @param algorithmBandwidth algbw, GB/s
   * @param busBandwidth busbw, GB/s
   * @param wrong values that failed validation, -1 where not checked ({@code N/A})
   */
  record Measurement(
      double timeMicros, double algorithmBandwidth, double busBandwidth, long wrong) {

    /**
     * @return the measurement in the common result: µs and GB/s (10⁹ bytes) as printed, N/A as
     *     empty
     */
    CollectiveTiming timing() {
      return new CollectiveTiming(
          SimTime.picos(Math.round(timeMicros * 1e6)),
          gigabytesPerSecond(algorithmBandwidth),
          gigabytesPerSecond(busBandwidth),
          wrong < 0 ? OptionalLong.empty() : OptionalLong.of(wrong));
    }

    private static Rate gigabytesPerSecond(double value) {
      return Rate.bps(Math.round(value * 8e9));
    }
  }

  /**
   * Parses a run's output.
   *
   * @param output what the launcher printed
   * @return the rows and summary; a run that failed half way keeps the complete rows it printed
   *     before the failure
   * @throws UnparsableOutputException if a run that did not fail printed no row or a garbled one
   */
  static Report parse(String output) {
    List<String> rowLines = new ArrayList<>();
    for (String line : output.lines().toList()) {
      String text = line.strip();
      if (!text.isEmpty() && Character.isDigit(text.charAt(0))) {
        rowLines.add(text);
      }
    }
    Matcher failure = FAILURE.matcher(output);
    Optional<String> failed =
        failure.find() ? Optional.of(failure.group().strip()) : Optional.empty();
    List<Row> rows = new ArrayList<>();
    for (String text : rowLines) {
      String[] cells = BLANKS.split(text);
      // after a failure, lines that are not rows start with digits too ("2 total processes
      // failed to start"), and the row being printed when a rank died may be cut short: keep
      // whole rows only
      if (failed.isEmpty() || cells.length == ROW_VALUES) {
        rows.add(row(cells, text));
      }
    }
    if (rows.isEmpty() && failed.isEmpty()) {
      throw new UnparsableOutputException(
          "nccl-tests printed no result row" + PerftestOutput.lastLine(output));
    }
    Matcher average = AVERAGE.matcher(output);
    Matcher outOfBounds = OUT_OF_BOUNDS.matcher(output);
    return new Report(
        rows,
        average.find()
            ? OptionalDouble.of(Double.parseDouble(average.group(1)))
            : OptionalDouble.empty(),
        outOfBounds.find() ? Long.parseLong(outOfBounds.group(1)) : 0,
        failed);
  }

  private static Row row(String[] cells, String line) {
    // size count type redop root | time algbw busbw #wrong | time algbw busbw #wrong
    if (cells.length != ROW_VALUES) {
      throw new UnparsableOutputException(
          "nccl-tests row has " + cells.length + " values, expected 13: " + line);
    }
    try {
      return new Row(
          Long.parseLong(cells[0]),
          Long.parseLong(cells[1]),
          cells[2],
          cells[3],
          Integer.parseInt(cells[4]),
          measurement(cells, 5),
          measurement(cells, 9));
    } catch (NumberFormatException e) {
      throw new UnparsableOutputException(
          "nccl-tests row is not numeric where it should be: " + line, e);
    }
  }

  private static Measurement measurement(String[] cells, int from) {
    long wrong = cells[from + 3].equals("N/A") ? -1 : Long.parseLong(cells[from + 3]);
    return new Measurement(
        Double.parseDouble(cells[from]),
        Double.parseDouble(cells[from + 1]),
        Double.parseDouble(cells[from + 2]),
        wrong);
  }
}
