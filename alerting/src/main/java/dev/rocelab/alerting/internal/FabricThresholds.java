package dev.rocelab.alerting.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The thresholds of the example alert rules that follow from the fabric, worked out for one: the
 * shipped file states them for the reference fabric's 400G ports, 8-NIC hosts and 156 MiB shared
 * pools, and on a fabric of 800G ports or 64 MiB switches those numbers would page for health or
 * never fire. Each is the shipped rule's own reasoning applied to the fabric's figures:
 *
 * <ul>
 *   <li>CNP surge: five queue pairs cut back at the notification point's full rate, one CNP per CNP
 *       interval (the longest of the fabric's NIC profiles);
 *   <li>buffer near full: half the shared pool (buffer − headroom − reserve) of each switch
 *       profile, the smallest among its switches, one term per size of pool;
 *   <li>busbw regression: 80% of what the first host's NICs carry together, the bound of a ring
 *       collective across hosts, or of a healthy all-reduce's busbw where one measured more.
 * </ul>
 */
@API(status = INTERNAL, since = "0.3")
public final class FabricThresholds {

  private final FabricGraph fabric;
  private final Optional<Rate> healthyBusbw;

  private FabricThresholds(FabricGraph fabric, Optional<Rate> healthyBusbw) {
    this.fabric = fabric;
    this.healthyBusbw = healthyBusbw;
  }

  /**
   * @param fabric the fabric, never null
   * @return its thresholds
   */
  public static FabricThresholds of(FabricGraph fabric) {
    return new FabricThresholds(fabric, Optional.empty());
  }

  /**
   * These thresholds with the busbw regression measured from a healthy all-reduce's busbw where it
   * beats the first host's NICs, as NCCL's tree and NVLS do where NVLink carries part of the
   * reduction: 80% of the NICs would then page only for a regression of half or more.
   *
   * @param busbw the busbw a healthy all-reduce of the rule's sizes reaches on the fabric
   * @return the thresholds
   */
  public FabricThresholds withHealthyBusbw(Rate busbw) {
    return new FabricThresholds(fabric, Optional.of(busbw));
  }

  /**
   * The example rules' text with every fabric-dependent {@code expr:} worked out for this fabric,
   * and a header that says so; every other line as shipped.
   *
   * @param shipped the shipped example rules
   * @return the rules for this fabric
   * @throws IllegalStateException if the shipped file lacks a rule this class rewrites
   */
  public String render(String shipped) {
    Map<String, String> expressions = expressions();
    List<String> lines = new ArrayList<>(shipped.lines().toList());
    for (Map.Entry<String, String> rule : expressions.entrySet()) {
      int alert = lines.indexOf("      - alert: " + rule.getKey());
      if (alert < 0 || !lines.get(alert + 1).startsWith("        expr: ")) {
        throw new IllegalStateException(
            "the example rules have no rule " + rule.getKey() + " with an expr on its next line");
      }
      lines.set(alert + 1, "        expr: " + rule.getValue());
    }
    List<String> header = new ArrayList<>();
    header.add("# Thresholds worked out for fabric " + fabric.spec().name() + ":");
    describe().forEach(line -> header.add("#   " + line));
    header.add("# The comments below explain them for the reference fabric's figures.");
    header.addAll(lines);
    return String.join("\n", header) + "\n";
  }

  /** The rewritten expressions, by alert name. */
  Map<String, String> expressions() {
    Map<String, String> expressions = new LinkedHashMap<>();
    expressions.put(
        "RoceCnpSurge", "rate(rocelab_cnp_sent_packets_total[1m]) > " + number(cnpSurge()));
    expressions.put("RoceBufferNearFull", bufferNearFull());
    expressions.put(
        "RoceBusbwRegression",
        "rocelab_collective_busbw_bytes_per_second{op=~\"all_reduce|all_gather|reduce_scatter\","
            + "size=~\"[0-9]{10,}\"} < "
            + number(busbwRegression()));
    return expressions;
  }

  private List<String> describe() {
    return List.of(
        "RoceCnpSurge above "
            + number(cnpSurge())
            + " CNPs/s: five queue pairs at one CNP per "
            + longestCnpInterval(),
        "RoceBufferNearFull over half of each switch's shared pool: " + pools(),
        "RoceBusbwRegression below " + number(busbwRegression()) + " B/s: 80% of " + busbwReason());
  }

  private double cnpSurge() {
    return 5 / (longestCnpInterval().picos() / 1e12);
  }

  private double busbwRegression() {
    return 0.8 * busbwReached().bitsPerSecond() / 8.0;
  }

  /** What a healthy all-reduce is known to reach: the host's NICs, or more where measured. */
  private Rate busbwReached() {
    Rate nics = hostNics();
    return healthyBusbw.filter(measured -> measured.compareTo(nics) > 0).orElse(nics);
  }

  private String busbwReason() {
    Rate nics = hostNics();
    Rate reached = busbwReached();
    return reached.equals(nics)
        ? nics + ", the first host's NICs together"
        : reached + ", the busbw of a healthy all-reduce, above the first host's " + nics;
  }

  private SimTime longestCnpInterval() {
    return nicProfiles().stream()
        .map(p -> p.dcqcn().cnpInterval())
        .max(SimTime::compareTo)
        .orElseThrow();
  }

  private List<NicProfile> nicProfiles() {
    List<NicProfile> profiles = new ArrayList<>();
    for (Endpoint nic : fabric.nics()) {
      NicProfile profile = fabric.nicProfileOf(nic);
      if (!profiles.contains(profile)) {
        profiles.add(profile);
      }
    }
    if (profiles.isEmpty()) {
      throw new IllegalStateException("fabric " + name() + " has no NICs");
    }
    return profiles;
  }

  private Rate hostNics() {
    if (fabric.hosts().isEmpty()) {
      throw new IllegalStateException("fabric " + name() + " has no hosts");
    }
    return fabric.hostLineRate(fabric.hosts().get(0).name());
  }

  /**
   * Switches by profile, each profile with the smallest shared pool among its switches (they differ
   * by the headroom their cables need), smallest first.
   */
  private TreeMap<Long, List<String>> poolSizes() {
    Map<String, Long> smallest = new LinkedHashMap<>();
    Map<String, List<String>> devices = new LinkedHashMap<>();
    for (Device sw : fabric.switches()) {
      String profile = fabric.switchProfileOf(sw.name()).name();
      long shared = BufferBudget.of(fabric, sw.name()).sharedBytes();
      smallest.merge(profile, shared, Math::min);
      devices.computeIfAbsent(profile, p -> new ArrayList<>()).add(sw.name());
    }
    if (smallest.isEmpty()) {
      throw new IllegalStateException("fabric " + name() + " has no switches");
    }
    TreeMap<Long, List<String>> pools = new TreeMap<>();
    smallest.forEach(
        (profile, shared) ->
            pools.computeIfAbsent(shared, s -> new ArrayList<>()).addAll(devices.get(profile)));
    return pools;
  }

  private String bufferNearFull() {
    TreeMap<Long, List<String>> pools = poolSizes();
    if (pools.size() == 1) {
      return "rocelab_shared_buffer_used_bytes > 0.5 * " + pools.firstKey();
    }
    List<String> terms = new ArrayList<>();
    pools.forEach(
        (shared, devices) ->
            terms.add(
                "rocelab_shared_buffer_used_bytes{device=~\""
                    + String.join("|", devices)
                    + "\"} > 0.5 * "
                    + shared));
    return String.join(" or ", terms);
  }

  private String pools() {
    List<String> parts = new ArrayList<>();
    poolSizes()
        .forEach(
            (shared, devices) ->
                parts.add(
                    shared
                        + " B on "
                        + (devices.size() > 3
                            ? devices.get(0) + " and " + (devices.size() - 1) + " more"
                            : String.join(", ", devices))));
    return String.join("; ", parts);
  }

  private String name() {
    return fabric.spec().name();
  }

  /** Two significant digits in PromQL's exponent form: 4.8e6, 1e5, 3.2e11. */
  static String number(double value) {
    String text =
        new BigDecimal(value)
            .round(new MathContext(2))
            .stripTrailingZeros()
            .toString()
            .toLowerCase()
            .replace("+", "");
    return text;
  }
}
