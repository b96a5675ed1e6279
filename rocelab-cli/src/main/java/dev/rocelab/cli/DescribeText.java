package dev.rocelab.cli;

import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricFacts.HeadroomClass;
import dev.rocelab.api.fabric.FabricFacts.ProfileBudget;
import dev.rocelab.api.fabric.FabricFacts.TierOversubscription;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.fabricfile.FabricFileReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The text form of {@code describe}: sections of aligned {@code label value} lines and two tables.
 */
final class DescribeText {

  private static final int LABEL_WIDTH = 19;

  private final DescribedFabric fabric;
  private final FabricFacts facts;
  private final PrintWriter out;

  private DescribeText(DescribedFabric fabric, PrintWriter out) {
    this.fabric = fabric;
    this.facts = fabric.facts();
    this.out = out;
  }

  /**
   * Prints the report of a valid fabric file.
   *
   * @param report a report without errors
   * @param out where to print
   */
  static void render(FabricFileReport report, PrintWriter out) {
    new DescribeText(new DescribedFabric(report), out).render();
  }

  private void render() {
    FabricSpec spec = fabric.spec();
    heading("Fabric " + spec.name());
    if (!spec.description().isBlank()) {
      line("description", spec.description());
    }
    line("file", fabric.report().file());
    line("topology", Text.kind(spec.topology()));
    inventory();
    bandwidth();
    headroom();
    buffers();
    qos();
    loadBalancing();
    nics();
    firmware();
    drift();
  }

  private void inventory() {
    heading("Inventory");
    line("hosts", String.valueOf(facts.hosts()));
    line("GPUs", String.valueOf(facts.gpus()));
    line("NICs", String.valueOf(facts.nics()));
    List<String> roles = new ArrayList<>();
    facts
        .switchesByRole()
        .forEach(
            (role, n) -> roles.add(Text.count(n, Text.role(role, false), Text.role(role, true))));
    line(
        "switches",
        facts.switches() + (roles.isEmpty() ? "" : " (" + String.join(", ", roles) + ")"));
    List<String> links = new ArrayList<>();
    fabric.linksByTiers().forEach((tiers, n) -> links.add(n + " " + tiers));
    line("links", facts.links() + (links.isEmpty() ? "" : " (" + String.join(", ", links) + ")"));
  }

  private void bandwidth() {
    heading("Bandwidth");
    line("NIC total", facts.nicBandwidth().toString());
    facts
        .hostInterfaceBandwidth()
        .ifPresent(rate -> line("behind PCIe", rate + " (hosts' pcieBandwidth below their NICs)"));
    List<String> cuts = new ArrayList<>();
    facts
        .tierCuts()
        .forEach(cut -> cuts.add(fabric.boundaryName(cut.lowerTier()) + " " + cut.capacity()));
    line("tier cuts", cuts.isEmpty() ? "none" : String.join(", ", cuts));
    line("bisection", facts.bisection() + " (half the narrowest tier cut)");
    if (facts.oversubscription().isEmpty()) {
      line("oversubscription", "none (no switch tier has uplinks)");
    }
    String label = "oversubscription";
    for (TierOversubscription tier : facts.oversubscription()) {
      line(
          label,
          fabric.tierName(tier.tier())
              + " "
              + Text.ratio(tier.ratio())
              + " ("
              + tier.downlinks()
              + " down, "
              + tier.uplinks()
              + " up)");
      label = "";
    }
  }

  private void headroom() {
    heading("Headroom per lossless priority group");
    Table table =
        new Table("switch profile", "speed", "cable", "ports", "XOFF", "needs", "XON", "XOFF+XON");
    for (HeadroomClass h : facts.headroom()) {
      table.row(
          h.switchProfile(),
          h.speed().toString(),
          h.cable().toString(),
          String.valueOf(h.ports()),
          h.xoff().toString(),
          h.xoffNeeded().toString() + (h.xoff().compareTo(h.xoffNeeded()) < 0 ? " (short)" : ""),
          h.xon().toString(),
          h.total().toString());
    }
    table.print(out);
  }

  private void buffers() {
    heading("Buffer per switch profile (at its worst switch)");
    Table table =
        new Table(
            "switch profile",
            "switches",
            "worst",
            "buffer",
            "headroom",
            "reserve",
            "left to share");
    for (ProfileBudget b : facts.buffers()) {
      table.row(
          b.switchProfile(),
          String.valueOf(b.switches()),
          b.worst().device(),
          b.buffer().toString(),
          b.headroom().toString(),
          b.reserve().toString(),
          shared(b));
    }
    table.print(out);
  }

  private static String shared(ProfileBudget budget) {
    long shared = budget.sharedBytes();
    if (shared < 0) {
      return "-" + DataSize.bytes(-shared) + " (does not fit)";
    }
    return DataSize.bytes(shared)
        + " ("
        + Text.decimal(100.0 * shared / budget.buffer().bytes(), 1)
        + "%)";
  }

  private void qos() {
    fabric
        .qosInUse()
        .forEach(
            (name, switches) -> {
              QosPolicy policy = fabric.spec().qosPolicy(name);
              heading(
                  "QoS policy " + name + " (" + Text.count(switches, "switch", "switches") + ")");
              List<String> dscp = new ArrayList<>();
              policy.dscpToPriority().forEach((d, p) -> dscp.add(d + "→" + p));
              line("DSCP to priority", Text.list(dscp) + " (others → 0)");
              line(
                  "lossless",
                  priorities(policy.losslessPriorities())
                      + ", PFC on "
                      + priorities(policy.pfcPriorities())
                      + ", XON offset "
                      + policy.xonOffset());
              if (policy.ecn().isEmpty()) {
                line("ECN", "off");
              }
              String label = "ECN";
              for (Map.Entry<Integer, EcnProfile> ecn : policy.ecn().entrySet()) {
                EcnProfile e = ecn.getValue();
                line(
                    label,
                    "priority "
                        + ecn.getKey()
                        + ": Kmin "
                        + e.kmin()
                        + ", Kmax "
                        + e.kmax()
                        + ", Pmax "
                        + Text.decimal(e.pmax(), 6));
                label = "";
              }
              List<String> weights = new ArrayList<>();
              policy.scheduler().weights().forEach((p, w) -> weights.add(p + ":" + w));
              line(
                  "scheduler",
                  "strict "
                      + Text.list(policy.scheduler().strict())
                      + "; DWRR "
                      + Text.list(weights));
              line("MTU", policy.mtu().toString());
            });
  }

  private void loadBalancing() {
    heading("Load balancing per switch profile");
    Table table =
        new Table("switch profile", "switches", "mode", "flowlet gap", "bands", "queue step");
    fabric
        .switchProfilesInUse()
        .forEach(
            (name, count) -> {
              LoadBalancing b = fabric.spec().switchProfile(name).loadBalancing();
              table.row(
                  name,
                  String.valueOf(count),
                  Text.loadBalancingMode(b),
                  b.mode() == LoadBalancing.Mode.FLOWLET || b.mode() == LoadBalancing.Mode.GLOBAL
                      ? b.flowletGap().toString()
                      : "-",
                  b.adaptive() ? String.valueOf(b.bands()) : "-",
                  b.adaptive() ? b.queueStep().toString() : "-");
            });
    table.print(out);
  }

  private void nics() {
    fabric
        .nicProfilesInUse()
        .forEach(
            (name, count) -> {
              NicProfile nic = fabric.spec().nicProfile(name);
              heading("NIC profile " + name + " (" + Text.count(count, "NIC", "NICs") + ")");
              line("speed", nic.speed().toString());
              line("RoCE", "DSCP " + nic.roce().dscp() + ", priority " + nic.roce().priority());
              line("CNP", "DSCP " + nic.cnp().dscp() + ", priority " + nic.cnp().priority());
              line("PFC", priorities(nic.pfcPriorities()));
              line("MTU", nic.mtu().toString());
              line("out of order", Text.outOfOrder(nic.outOfOrder()));
              line(
                  "DCQCN",
                  nic.dcqcn().enabled()
                      ? "on, CNP interval "
                          + nic.dcqcn().cnpInterval()
                          + ", min rate "
                          + nic.dcqcn().minRate()
                      : "off");
            });
  }

  private void firmware() {
    heading("Firmware");
    Set<String> approvedNic = fabric.spec().firmware().approvedNic();
    Set<String> approvedNos = fabric.spec().firmware().approvedSwitch();
    versions(
        "NIC firmware",
        facts.nicFirmware(),
        "NIC",
        "NICs",
        approvedNic,
        fabric.spec().firmware()::approvesNic);
    versions(
        "switch NOS",
        facts.switchNos(),
        "switch",
        "switches",
        approvedNos,
        fabric.spec().firmware()::approvesSwitch);
    line("approved NIC", approvedNic.isEmpty() ? "any (not pinned)" : Text.list(approvedNic));
    line("approved NOS", approvedNos.isEmpty() ? "any (not pinned)" : Text.list(approvedNos));
  }

  private void versions(
      String label,
      Map<String, Integer> inUse,
      String one,
      String many,
      Set<String> approved,
      Predicate<String> approves) {
    for (Map.Entry<String, Integer> version : inUse.entrySet()) {
      String verdict =
          approved.isEmpty()
              ? "not pinned"
              : approves.test(version.getKey()) ? "approved" : "NOT APPROVED";
      line(
          label,
          version.getKey()
              + " on "
              + Text.count(version.getValue(), one, many)
              + " ("
              + verdict
              + ")");
      label = "";
    }
  }

  private void drift() {
    heading("Drift");
    if (fabric.report().drift().isEmpty()) {
      out.println("  none");
    }
    fabric.report().drift().forEach(p -> out.println("  " + p));
  }

  private static String priorities(Set<Integer> priorities) {
    return priorities.isEmpty()
        ? "no priority"
        : (priorities.size() == 1 ? "priority " : "priorities ") + Text.list(priorities);
  }

  private void heading(String title) {
    if (!title.startsWith("Fabric ")) {
      out.println();
    }
    out.println(title);
  }

  private void line(String label, String value) {
    out.println(("  " + label + " ".repeat(Math.max(1, LABEL_WIDTH - label.length()))) + value);
  }

  /** Left-aligned columns, two blanks apart, indented like the other lines. */
  private static final class Table {

    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) {
      rows.add(header);
    }

    void row(String... cells) {
      rows.add(cells);
    }

    void print(PrintWriter out) {
      int[] widths = new int[rows.get(0).length];
      for (String[] row : rows) {
        for (int i = 0; i < row.length; i++) {
          widths[i] = Math.max(widths[i], row[i].length());
        }
      }
      for (String[] row : rows) {
        StringBuilder line = new StringBuilder(" ");
        for (int i = 0; i < row.length; i++) {
          line.append(' ').append(row[i]);
          if (i < row.length - 1) {
            line.append(" ".repeat(widths[i] - row[i].length() + 1));
          }
        }
        out.println(line);
      }
    }
  }
}
