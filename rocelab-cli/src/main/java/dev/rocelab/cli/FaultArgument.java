package dev.rocelab.cli;

import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.SimTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A fault as the command line gives it: {@code KIND:SUBJECT[,key=value…]@TIME}, e.g. {@code
 * linkDown:leaf1:eth9@2ms}, {@code linkFlap:leaf1:eth9,period=200us,count=3@1ms}, {@code
 * pfcStorm:host1:nic0,priority=3,duration=100us@20us}, {@code switchReset:spine1,reboot=1ms@500us},
 * {@code bitErrors:leaf1:eth9,rate=1e-6@0us}, {@code
 * degradingOptic:leaf1:eth9,from=1e-6,to=1e-3,over=5ms@0us}, {@code withdrawRoute:leaf1:eth9@1ms}.
 */
final class FaultArgument {

  /** The kinds, with the keys each takes, for the usage message. */
  static final String SYNTAX =
      "linkDown:PORT@T, linkUp:PORT@T, linkFlap:PORT,period=T,count=N@T,"
          + " switchReset:SWITCH,reboot=T@T, pfcStorm:NIC,priority=P,duration=T@T,"
          + " bitErrors:PORT,rate=R@T, degradingOptic:PORT,from=BER,to=BER,over=T@T,"
          + " withdrawRoute:PORT@T, restoreRoute:PORT@T";

  private FaultArgument() {}

  /**
   * @param text e.g. {@code linkDown:leaf1:eth9@2ms}
   * @return the fault
   * @throws IllegalArgumentException saying what is wrong and how a fault is written
   */
  static Fault parse(String text) {
    try {
      return fault(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--fault " + text + ": " + e.getMessage() + "; a fault is one of " + SYNTAX, e);
    }
  }

  private static Fault fault(String text) {
    int at = text.lastIndexOf('@');
    int colon = text.indexOf(':');
    if (at < 0 || colon < 0 || colon > at) {
      throw new IllegalArgumentException("expected KIND:SUBJECT[,key=value…]@TIME");
    }
    String kind = text.substring(0, colon);
    SimTime time = SimTime.parse(text.substring(at + 1));
    String[] parts = text.substring(colon + 1, at).split(",");
    String subject = parts[0];
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String[] pair = parts[i].split("=", 2);
      if (pair.length != 2) {
        throw new IllegalArgumentException("\"" + parts[i] + "\" is not key=value");
      }
      options.put(pair[0], pair[1]);
    }
    Fault fault =
        switch (kind) {
          case "linkDown" -> only(options, Set.of(), Fault.linkDown(subject));
          case "linkUp" -> only(options, Set.of(), Fault.linkUp(subject));
          case "linkFlap" ->
              only(
                  options,
                  Set.of("period", "count"),
                  Fault.linkFlap(
                      subject,
                      required(options, "period"),
                      Integer.parseInt(required(options, "count"))));
          case "switchReset" ->
              only(
                  options,
                  Set.of("reboot"),
                  Fault.switchReset(subject, required(options, "reboot")));
          case "pfcStorm" ->
              only(
                  options,
                  Set.of("priority", "duration"),
                  Fault.pfcStorm(
                      subject,
                      Integer.parseInt(required(options, "priority")),
                      required(options, "duration")));
          case "bitErrors" ->
              only(
                  options,
                  Set.of("rate"),
                  Fault.bitErrors(subject, Double.parseDouble(required(options, "rate"))));
          case "degradingOptic" ->
              only(
                  options,
                  Set.of("from", "to", "over"),
                  Fault.degradingOptic(
                      subject,
                      Double.parseDouble(required(options, "from")),
                      Double.parseDouble(required(options, "to")),
                      required(options, "over")));
          case "withdrawRoute" -> only(options, Set.of(), Fault.withdrawRoute(subject));
          case "restoreRoute" -> only(options, Set.of(), Fault.restoreRoute(subject));
          default -> throw new IllegalArgumentException("no fault kind " + kind);
        };
    return fault.at(time);
  }

  private static String required(Map<String, String> options, String key) {
    String value = options.get(key);
    if (value == null) {
      throw new IllegalArgumentException("missing " + key + "=…");
    }
    return value;
  }

  private static Fault only(Map<String, String> options, Set<String> keys, Fault fault) {
    for (String key : options.keySet()) {
      if (!keys.contains(key)) {
        throw new IllegalArgumentException(
            "no option " + key + (keys.isEmpty() ? "" : " (takes " + keys + ")"));
      }
    }
    return fault;
  }
}
