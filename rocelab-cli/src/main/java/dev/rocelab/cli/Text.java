package dev.rocelab.cli;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.fabric.Topology;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.Locale;
import java.util.stream.Collectors;

/** Wording shared by the commands: counts, topology kinds, role names, ratios. */
final class Text {

  private Text() {}

  /** {@code 1 error}, {@code 3 errors}. */
  static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  /** The fabric file's {@code kind} of a topology. */
  static String kind(Topology topology) {
    if (topology instanceof Topology.LeafSpine) {
      return "leaf-spine";
    }
    if (topology instanceof Topology.ThreeTier) {
      return "three-tier";
    }
    if (topology instanceof Topology.RailOptimized) {
      return "rail-optimized";
    }
    return "graph";
  }

  /** A role's name, singular or plural. */
  static String role(Device.Role role, boolean plural) {
    return switch (role) {
      case HOST -> plural ? "hosts" : "host";
      case LEAF -> plural ? "leaves" : "leaf";
      case SPINE -> plural ? "spines" : "spine";
      case SUPER_SPINE -> plural ? "super-spines" : "super-spine";
      case SWITCH -> plural ? "switches" : "switch";
    };
  }

  /** {@code 1:1}, {@code 2:1}, {@code 1.33:1}. */
  /** A load-balancing mode as the fabric file writes it, with enhanced ECMP's QP hashing. */
  static String loadBalancingMode(LoadBalancing balancing) {
    String mode = balancing.mode().name().toLowerCase(Locale.ROOT);
    if (balancing.mode() == LoadBalancing.Mode.GLOBAL && balancing.flowletGap().picos() == 0) {
      return mode + " (per packet)";
    }
    return balancing.hashQp() ? mode + " (QP in hash)" : mode;
  }

  /** What a NIC does with a packet ahead of the expected one. */
  static String outOfOrder(OutOfOrder handling) {
    return handling == OutOfOrder.TOLERATE
        ? "tolerate (placed in a " + OutOfOrder.WINDOW + "-packet window)"
        : "retransmit (go-back-N)";
  }

  static String ratio(double downOverUp) {
    return decimal(downOverUp, 2) + ":1";
  }

  /** A number with at most {@code decimals} decimals, without trailing zeros. */
  static String decimal(double value, int decimals) {
    BigDecimal rounded =
        BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
    return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
  }

  /** {@code 3, 4} — or {@code none} for an empty collection. */
  static String list(Collection<?> values) {
    return values.isEmpty()
        ? "none"
        : values.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
