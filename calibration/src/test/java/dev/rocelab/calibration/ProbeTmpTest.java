package dev.rocelab.calibration;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;

class ProbeTmpTest {
  @Test
  void probe() throws Exception {
    System.out.println(
        "default reaction " + CalibratedParameter.NIC_PAUSE_REACTION.in(CalibratorTest.fabric()));
    for (double ns : new double[] {20, 100, 500, 1000, 3000, 10000, 30000, 100000}) {
      FabricSpec spec = CalibratedParameter.NIC_PAUSE_REACTION.applyTo(CalibratorTest.fabric(), ns);
      for (long seed : new long[] {1, 2}) {
        try (FabricSession s = FabricBackends.require("model").open(spec)) {
          Scenario sc =
              Scenario.flow("host1:nic0", "host2:nic0")
                  .message("16MiB")
                  .messages(1)
                  .with(Fault.pfcStorm("host2:nic0", 3, "300us"))
                  .named("p")
                  .seed(seed)
                  .build();
          RunResult r = s.run(sc);
          StringBuilder b =
              new StringBuilder(
                  String.format(
                      "ns=%.0f seed %d fct %s", ns, seed, r.flows().get(0).completionTime()));
          for (PortStats p : r.ports()) {
            if (p.maxHeadroom().bytes() > 0 || p.pausesSent() > 0)
              b.append(
                  String.format(
                      "%n   %s/%d headroom %d pausesSent %d pausesRx %d maxQ %d paused %s",
                      p.port(),
                      p.priority(),
                      p.maxHeadroom().bytes(),
                      p.pausesSent(),
                      p.pausesReceived(),
                      p.maxQueue().bytes(),
                      p.pausedTime()));
          }
          System.out.println(b);
        }
      }
    }
  }
}
