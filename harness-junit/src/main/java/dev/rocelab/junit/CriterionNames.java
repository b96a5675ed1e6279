package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayNameGenerator;

/**
 * Names tests as the criteria they check: {@code incastIsLosslessWithPfcAndEcnWorking(RunResult,
 * FabricSpec)} becomes "incast is lossless with PFC and ECN working", {@code CongestionTest}
 * becomes "Congestion". The protocol acronyms of the field keep their case (PFC, ECN, ECMP, DCQCN,
 * CNP, NCCL, MTU, NIC, RDMA, RoCE, SONiC, …); parameter lists are left out.
 *
 * <p>{@link FabricTest @FabricTest} classes use it unless they choose another generator with
 * {@code @DisplayNameGeneration}; {@code @DisplayName} still names a single test or class.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public class CriterionNames implements DisplayNameGenerator {

  private static final Map<String, String> ACRONYMS =
      Map.ofEntries(
          Map.entry("pfc", "PFC"),
          Map.entry("ecn", "ECN"),
          Map.entry("ecmp", "ECMP"),
          Map.entry("dcqcn", "DCQCN"),
          Map.entry("cnp", "CNP"),
          Map.entry("cnps", "CNPs"),
          Map.entry("nccl", "NCCL"),
          Map.entry("mtu", "MTU"),
          Map.entry("nic", "NIC"),
          Map.entry("nics", "NICs"),
          Map.entry("gpu", "GPU"),
          Map.entry("gpus", "GPUs"),
          Map.entry("rdma", "RDMA"),
          Map.entry("roce", "RoCE"),
          Map.entry("sonic", "SONiC"),
          Map.entry("nos", "NOS"),
          Map.entry("dscp", "DSCP"),
          Map.entry("qos", "QoS"),
          Map.entry("qp", "QP"),
          Map.entry("qps", "QPs"),
          Map.entry("fct", "FCT"),
          Map.entry("xoff", "XOFF"),
          Map.entry("xon", "XON"),
          Map.entry("ssh", "SSH"),
          Map.entry("bgp", "BGP"),
          Map.entry("lldp", "LLDP"));

  /** Creates the generator; JUnit instantiates it. */
  public CriterionNames() {}

  @Override
  public String generateDisplayNameForClass(Class<?> testClass) {
    String name = testClass.getSimpleName();
    if (name.endsWith("Test") && name.length() > "Test".length()) {
      name = name.substring(0, name.length() - "Test".length());
    }
    return capitalised(sentence(name));
  }

  @Override
  public String generateDisplayNameForNestedClass(Class<?> nestedClass) {
    return generateDisplayNameForClass(nestedClass);
  }

  @Override
  public String generateDisplayNameForMethod(Class<?> testClass, Method testMethod) {
    return sentence(testMethod.getName());
  }

  /**
   * @param identifier a Java name in camel case, e.g. {@code pfcStormIsDetectedIn200ms}
   * @return its words, lower case but for acronyms, e.g. {@code PFC storm is detected in 200ms}
   */
  static String sentence(String identifier) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < identifier.length(); i++) {
      char c = identifier.charAt(i);
      if (c == '_') {
        flush(word, words);
        continue;
      }
      if (Character.isUpperCase(c) && i > 0 && startsWord(identifier, i)) {
        flush(word, words);
      }
      word.append(c);
    }
    flush(word, words);
    return String.join(" ", words);
  }

  /** An upper-case letter starts a word after a lower-case one, or ends a run of capitals. */
  private static boolean startsWord(String identifier, int i) {
    char previous = identifier.charAt(i - 1);
    boolean nextLower =
        i + 1 < identifier.length() && Character.isLowerCase(identifier.charAt(i + 1));
    return !Character.isUpperCase(previous) || nextLower;
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() == 0) {
      return;
    }
    String text = word.toString();
    String lower = text.toLowerCase(Locale.ROOT);
    boolean allCapitals = text.length() > 1 && text.equals(text.toUpperCase(Locale.ROOT));
    words.add(ACRONYMS.getOrDefault(lower, allCapitals ? text : lower));
    word.setLength(0);
  }

  private static String capitalised(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
