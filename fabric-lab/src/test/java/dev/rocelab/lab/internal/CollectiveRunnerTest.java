package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.lab.LabException;
import org.junit.jupiter.api.Test;

/**
 * What a launcher printed becomes the collective's result — or a broken run that keeps its rows.
 */
class CollectiveRunnerTest {

  private static final String HOST = "host1";
  private static final String COMMAND =
      "mpirun -np 4 all_reduce_perf -b 8388608 -e 1073741824 -f 2";
  private static final CollectiveJob JOB =
      new CollectiveJob(
          "collective0",
          Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
              .sizes("8MiB", "1GiB", 2)
              .workload(),
          4);

  @Test
  void aCompleteRunIsItsTable() {
    CollectiveResult result =
        CollectiveRunner.result(
            JOB, new CommandResult(0, Outputs.read("all_reduce_perf.txt"), ""), HOST, COMMAND);

    assertThat(result.rows()).hasSize(8);
  }

  @Test
  void aRunThatFailedHalfWayIsBrokenAndKeepsTheRowsItPrinted() {
    FailedCollectiveException broken =
        catchThrowableOfType(
            FailedCollectiveException.class,
            () ->
                CollectiveRunner.result(
                    JOB,
                    new CommandResult(1, Outputs.read("all_reduce_perf-nccl-failure.txt"), ""),
                    HOST,
                    COMMAND));

    assertThat(broken).isInstanceOf(LabException.class);
    assertThat(broken.getMessage())
        .isEqualTo(
            "all_reduce_perf failed after 2 rows (exit 1): Test NCCL failure"
                + " common.cu:1005 'remote process exited or there was a network error / ' [device host1, command: "
                + COMMAND
                + "]");
    assertThat(broken.printed())
        .hasValueSatisfying(
            printed ->
                assertThat(printed.rows())
                    .extracting(CollectiveRow::size)
                    .containsExactly(DataSize.mib(8), DataSize.mib(16)));
  }

  @Test
  void aNonZeroExitAfterCompleteRowsIsStillAFailure() {
    // a launcher can fail after the last row, e.g. while a rank tears down its communicator
    FailedCollectiveException broken =
        catchThrowableOfType(
            FailedCollectiveException.class,
            () ->
                CollectiveRunner.result(
                    JOB,
                    new CommandResult(137, Outputs.read("all_reduce_perf.txt"), "Killed"),
                    HOST,
                    COMMAND));

    assertThat(broken.getMessage())
        .startsWith(
            "all_reduce_perf failed after 8 rows (exit 137): the launcher exited"
                + " with 137; it ended with: Killed");
    assertThat(broken.printed())
        .hasValueSatisfying(printed -> assertThat(printed.rows()).hasSize(8));
  }

  @Test
  void aFailureBeforeTheFirstRowKeepsNothing() {
    FailedCollectiveException broken =
        catchThrowableOfType(
            FailedCollectiveException.class,
            () ->
                CollectiveRunner.result(
                    JOB,
                    new CommandResult(
                        1, "", Outputs.read("all_reduce_perf-mpirun-no-executable.txt")),
                    HOST,
                    COMMAND));

    assertThat(broken.printed()).isEmpty();
  }

  @Test
  void outputWithoutRowsOrFailureGaveNoResult() {
    LabException broken =
        catchThrowableOfType(
            LabException.class,
            () ->
                CollectiveRunner.result(
                    JOB,
                    new CommandResult(0, Outputs.read("all_reduce_perf-header-only.txt"), ""),
                    HOST,
                    COMMAND));

    assertThat(broken).isNotInstanceOf(FailedCollectiveException.class);
    assertThat(broken.getMessage())
        .startsWith("all_reduce_perf gave no result (exit 0): nccl-tests printed no result row");
  }
}
