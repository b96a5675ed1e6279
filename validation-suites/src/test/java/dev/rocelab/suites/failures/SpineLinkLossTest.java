package dev.rocelab.suites.failures;

import static dev.rocelab.junit.FabricAssertions.assertThat;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.LinkFailure;

/** Failures: a spine uplink lost under load loses only what was on it, and traffic recovers within budget. */
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
class SpineLinkLossTest {

  @LinkFailure(port = "leaf1:eth9", at = "500us", flowSize = "64MiB", duration = "40ms")
  void trafficRecoversWithinBudget(RunResult run) {
    assertThat(run).isLosslessExcept(DropReason.LINK_DOWN);
    assertThat(run).hasNoDeadlock();
    assertThat(run).recovery().isFasterThan("1ms");
  }
}
