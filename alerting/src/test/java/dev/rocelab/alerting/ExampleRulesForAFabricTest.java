package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example rules worked out for a fabric: the same rules on the reference fabric (the shipped
 * file states its figures), and on others the thresholds their own ports, NICs and switches call
 * for.
 */
class ExampleRulesForAFabricTest {

  private static List<String> expressions(RuleFile rules) {
    return rules.content().lines().filter(l -> l.startsWith("        expr: ")).toList();
  }

  private static String expression(RuleFile rules, String alert) {
    List<String> lines = rules.content().lines().toList();
    return lines.get(lines.indexOf("      - alert: " + alert) + 1).strip();
  }

  private static FabricGraph corpus(String name) {
    return FabricGraph.of(FabricFiles.load(Path.of("../fabrics/corpus/" + name + ".yaml")));
  }

  @Test
  void onTheReferenceFabricTheRulesAreTheShippedOnes() {
    RuleFile rendered = RuleFile.exampleRules(FabricGraph.of(Scenarios.REFERENCE));

    assertThat(rendered.name()).isEqualTo("roce-fabric.rules.yaml");
    assertThat(expressions(rendered)).isEqualTo(expressions(RuleFile.exampleRules()));
    assertThat(rendered.content())
        .startsWith("# Thresholds worked out for fabric reference:\n")
        .contains("#   RoceCnpSurge above 1e5 CNPs/s: five queue pairs at one CNP per 50us")
        .contains(
            "#   RoceBusbwRegression below 3.2e11 B/s: 80% of 3.2Tbps, the first host's NICs together")
        .endsWith(RuleFile.exampleRules().content().strip() + "\n");
  }

  @Test
  void anEightHundredGigabitFabricSurgesAtTheSameShareOfMarkedPackets() {
    RuleFile rules = RuleFile.exampleRules(corpus("rails-800g-nvswitch"));

    // a share of what the port sent, whatever its speed
    assertThat(expression(rules, "RoceEcnSurge"))
        .isEqualTo(
            "expr: rate(rocelab_ecn_marked_packets_total[1m]) > 0.5 *"
                + " rate(rocelab_transmitted_packets_total[1m])")
        .isEqualTo(expression(RuleFile.exampleRules(), "RoceEcnSurge"));
    // eight 800G NICs a host: 800 GB/s, 80% of it
    assertThat(expression(rules, "RoceBusbwRegression")).endsWith(" < 6.4e11");
  }

  @Test
  void aSingleNicHostRegressesBelowEightyPercentOfItsOneNic() {
    // one 200G NIC: 25 GB/s
    assertThat(
            expression(RuleFile.exampleRules(corpus("leafspine-200g-2to1")), "RoceBusbwRegression"))
        .endsWith(" < 2e10");
  }

  @Test
  void aHealthyAllReduceAboveTheNicsSetsTheRegressionAndOneBelowThemDoesNot() {
    FabricGraph reference = FabricGraph.of(Scenarios.REFERENCE);

    // NCCL's tree with NVLink beats the first host's 3.2 Tb/s of NICs: 80% of the 5 Tb/s it reached
    RuleFile above = RuleFile.exampleRules(reference, Rate.tbps(5));
    assertThat(expression(above, "RoceBusbwRegression")).endsWith(" < 5e11");
    assertThat(above.content())
        .contains(
            "#   RoceBusbwRegression below 5e11 B/s: 80% of 5Tbps, the busbw of a healthy"
                + " all-reduce, above the first host's 3.2Tbps");
    // a fabric that never reaches its NICs keeps them as the reference, and pages for it
    assertThat(expressions(RuleFile.exampleRules(reference, Rate.tbps(2))))
        .isEqualTo(expressions(RuleFile.exampleRules(reference)));
  }

  @Test
  void switchesWithPoolsOfDifferentSizesEachFillToHalfTheirOwn() {
    FabricGraph fabric = corpus("three-tier-200g");
    // the ToR profile's leaves, and the core profile's spines and super-spines: the smallest pool
    // of
    // each profile (a super-spine's 100 m links on both sides need more headroom than a spine's)
    long tor = BufferBudget.of(fabric, "leaf1").sharedBytes();
    long core =
        Math.min(
            BufferBudget.of(fabric, "spine1").sharedBytes(),
            BufferBudget.of(fabric, "super1").sharedBytes());

    assertThat(expression(RuleFile.exampleRules(fabric), "RoceBufferNearFull"))
        .isEqualTo(
            "expr: rocelab_shared_buffer_used_bytes{device=~\"leaf1|leaf2|leaf3|leaf4\"} > 0.5 * "
                + tor
                + " or rocelab_shared_buffer_used_bytes{device=~\"spine1|spine2|spine3|spine4|super1"
                + "|super2\"} > 0.5 * "
                + core);
  }
}
