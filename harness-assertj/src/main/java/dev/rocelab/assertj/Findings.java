package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a configuration check found wrong, device by device: each finding a subject (a port, NIC or
 * switch) and what is wrong with it. Findings with the same text are one group, so 64 NICs with one
 * misconfiguration read as one line with the first few NICs "and 60 more like this".
 *
 * <pre>{@code
 * Findings findings = new Findings("lossless queues without ECN", graph.switches().size() + " switches");
 * findings.add("leaf1", "lossless priority 3 has no ECN marking");
 * assertThat(findings).isEmpty();
 * }</pre>
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class Findings {

  private final String label;
  private final String scope;
  private final Map<String, List<String>> subjectsByProblem = new LinkedHashMap<>();
  private int count;

  /**
   * @param label what is looked for, e.g. {@code lossless queues without ECN}
   * @param scope what was looked at, e.g. {@code 4 switches}
   */
  public Findings(String label, String scope) {
    this.label = Objects.requireNonNull(label, "label");
    this.scope = Objects.requireNonNull(scope, "scope");
  }

  /**
   * @param subject where, e.g. {@code spine1:eth1} or {@code host3:nic0}
   * @param problem what is wrong there, e.g. {@code priority 3: XOFF headroom 48KiB but 400Gbps
   *     over 30m needs 77KiB}
   * @return these findings
   */
  public Findings add(String subject, String problem) {
    subjectsByProblem
        .computeIfAbsent(Objects.requireNonNull(problem, "problem"), p -> new ArrayList<>())
        .add(Objects.requireNonNull(subject, "subject"));
    count++;
    return this;
  }

  /**
   * @return what is looked for
   */
  public String label() {
    return label;
  }

  /**
   * @return what was looked at
   */
  public String scope() {
    return scope;
  }

  /**
   * @return how many findings there are
   */
  public int size() {
    return count;
  }

  /**
   * @return the subjects of each distinct problem, in the order the problems were first found
   */
  public Map<String, List<String>> byProblem() {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    subjectsByProblem.forEach((problem, subjects) -> copy.put(problem, List.copyOf(subjects)));
    return copy;
  }
}
