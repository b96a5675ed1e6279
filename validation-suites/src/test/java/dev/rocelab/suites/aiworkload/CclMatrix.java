package dev.rocelab.suites.aiworkload;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.ScenarioDeclaration;
import dev.rocelab.junit.ScenarioFactory;
import dev.rocelab.junit.ScenarioInvocation;
import dev.rocelab.junit.ScenarioSource;
import dev.rocelab.suites.RankPlacement;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * The collective-communication test matrix of SONiC's CCL test plan as a scenario annotation: one
 * invocation per (RoCE MTU, message size, load balancing, queue pairs) cell, each an NCCL
 * all-reduce over {@link #ranks()} ranks with the cell's settings applied as config drifts at time
 * zero — every switch's {@code loadBalancing} mode, every host's RoCE {@code mtu}, and with
 * spraying every host's {@code outOfOrder} handling set to {@code tolerate} (spraying needs NICs
 * that place reordered packets). The model applies the drifts directly; a lab runs its {@code
 * lab.faults.configDrift} command for each, so the suite runs there unchanged.
 *
 * <p>The plan's MTUs 4096 and 8192 are interface (IP) MTUs; the RoCE path MTU each allows is 2048
 * and 4096 bytes (a RoCE MTU is a power of two up to 4096, and the headers must fit too), which is
 * what the matrix sets.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ScenarioSource(CclMatrix.Cells.class)
@interface CclMatrix {

  /**
   * @return RoCE MTUs in bytes
   */
  int[] mtu() default {2048, 4096};

  /**
   * @return message sizes
   */
  String[] size() default {"128KiB", "1MiB", "1GiB"};

  /**
   * @return switch load-balancing modes ({@code ecmp}, {@code packet} for spraying, …)
   */
  String[] loadBalancing() default {"ecmp", "packet"};

  /**
   * @return queue pairs per connection
   */
  int[] qps() default {1, 4, 8};

  /**
   * @return ranks (the first GPUs of the fabric, or the first of each leaf in turn where those
   *     share one leaf: see {@link RankPlacement#acrossLeaves}), never fewer: on one-GPU hosts each
   *     cell's 1 GiB all-reduce would cross the network whole, costing the corpus minutes, and a
   *     fabric with fewer GPUs leaves the matrix not applicable
   */
  int ranks() default 16;

  /** Makes the cells. */
  final class Cells implements ScenarioFactory<CclMatrix> {

    @Override
    public List<ScenarioInvocation> invocations(CclMatrix a, ScenarioDeclaration d) {
      FabricGraph fabric = d.fabric();
      List<ScenarioInvocation> cells = new ArrayList<>();
      for (int mtu : d.counts("mtu", a.mtu())) {
        for (DataSize size : d.sizes("size", a.size())) {
          for (String mode : d.texts("loadBalancing", a.loadBalancing())) {
            for (int qps : d.counts("qps", a.qps())) {
              Scenario scenario =
                  Scenario.collective(CollectiveOperation.ALL_REDUCE)
                      .size(size.toString())
                      .ranks(a.ranks())
                      .hosts(RankPlacement.acrossLeaves(fabric, a.ranks()).toArray(String[]::new))
                      .qpsPerConnection(qps)
                      .build();
              for (Device sw : fabric.switches()) {
                scenario = scenario.with(drift(sw.name(), "loadBalancing", mode));
              }
              for (Device host : fabric.hosts()) {
                scenario = scenario.with(drift(host.name(), "mtu", String.valueOf(mtu)));
                if (spraying(mode)) {
                  scenario = scenario.with(drift(host.name(), "outOfOrder", "tolerate"));
                }
              }
              cells.add(
                  new ScenarioInvocation(
                      d.finish(scenario),
                      "RoCE MTU " + mtu + " · " + size + " · " + mode + " · " + qps + " QPs",
                      ScenarioInvocation.parameters(
                          "mtu", mtu, "size", size, "loadBalancing", mode, "qps", qps)));
            }
          }
        }
      }
      return cells;
    }

    private static Fault.ConfigDrift drift(String device, String setting, String value) {
      return new Fault.ConfigDrift(device, setting, value, SimTime.ZERO);
    }

    /**
     * @param mode a load-balancing mode
     * @return whether it spreads a flow's packets over several paths
     */
    static boolean spraying(String mode) {
      return mode.equals("packet") || mode.equals("global");
    }
  }
}
