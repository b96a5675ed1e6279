package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * One scenario annotation on one method, read against the test class's fabric, as a {@link
 * ScenarioFactory} sees it. Each reader parses and checks the values of one attribute and returns
 * them in order (several values are a sweep); a value that does not parse or does not fit the
 * fabric fails the test plan with an {@link ExtensionConfigurationException} naming the annotation,
 * the attribute, the value and the method, e.g. {@code @Incast(message = "4 MBs") on
 * IncastTest.deep(RunResult): "4 MBs" is not a size}. A multi-valued attribute given no value is
 * such a failure too. A value the fabric is too small for (an incast of more senders than it has
 * NICs) is not a failure: that sweep point is not applicable on this fabric ({@link
 * dev.rocelab.api.scenario.ScenarioFit}), and a role the fabric lacks makes the whole method so.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ScenarioDeclaration {

  /**
   * @return the fabric of the test class
   */
  FabricGraph fabric();

  /**
   * @return the QoS policy scenarios run under: that of the fabric's first switch
   */
  QosPolicy qos();

  /**
   * @param attribute the attribute's name, for messages
   * @param values sizes such as {@code "4MiB"}, each > 0; or a size at a host link speed, such as
   *     {@code "32MiB at 400Gbps"}, scaled to the fabric's slowest host link so that it takes as
   *     long to send on any fabric (64 MiB where the host links are 800G, 8 MiB at 100G)
   * @return the sizes
   */
  List<DataSize> sizes(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param values points in time from the start of the run, e.g. {@code "500us"}; zero allowed
   * @return the times
   */
  List<SimTime> times(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param values durations, e.g. {@code "2ms"}, each > 0
   * @return the durations
   */
  List<SimTime> durations(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param values durations, each > 0; none is one point without a duration
   * @return the durations, or one empty value
   */
  List<Optional<SimTime>> optionalDurations(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param values texts, none blank
   * @return the texts, trimmed
   */
  List<String> texts(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param values counts, each > 0
   * @return the counts
   */
  List<Integer> counts(String attribute, int... values);

  /**
   * @param attribute the attribute's name
   * @param values how many NICs send to one receiver, each > 0; a count the fabric has too few NICs
   *     for is kept, and its run is not applicable
   * @return the counts
   */
  List<Integer> senders(String attribute, int... values);

  /**
   * Counts taken as most values, for a scenario that should use what a smaller fabric has rather
   * than not apply there: each count above {@code most} becomes {@code most}, and a count that then
   * equals an earlier one is dropped, so a sweep of 8 and 16 senders on a fabric of 11 NICs besides
   * the receiver runs 8 and 11, and on one of 7 runs 7 once.
   *
   * @param counts counts, each > 0 (from {@link #senders} or {@link #counts})
   * @param most what the fabric gives (e.g. {@link dev.rocelab.api.scenario.ScenarioFit#mostSenders
   *     ScenarioFit.mostSenders}); a count is kept as it is where this is 0 or less, for the
   *     scenario to say what the fabric lacks
   * @return the counts capped, in their order, without duplicates
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  default List<Integer> capped(List<Integer> counts, int most) {
    if (most <= 0) {
      return counts;
    }
    return counts.stream().map(count -> Math.min(count, most)).distinct().toList();
  }

  /**
   * @param attribute the attribute's name
   * @param values priorities, each 0..7
   * @return the priorities
   */
  List<Integer> priorities(String attribute, int... values);

  /**
   * @param attribute the attribute's name
   * @param value a NIC of the fabric ({@code host1:nic0}) or a NIC phrase of {@link
   *     dev.rocelab.api.fabric.FabricRoles}, or blank to let the scenario choose
   * @return the NIC, or empty for blank
   */
  Optional<Endpoint> receiver(String attribute, String value);

  /**
   * @param attribute the attribute's name
   * @param value a NIC of the fabric, e.g. {@code host2:nic0}, or a NIC phrase of {@link
   *     dev.rocelab.api.fabric.FabricRoles}, e.g. {@code "a NIC of another host"}
   * @return the NIC
   */
  Endpoint nic(String attribute, String value);

  /**
   * @param attribute the attribute's name
   * @param values hosts of the fabric, e.g. {@code host3}, or hosts phrases of {@link
   *     dev.rocelab.api.fabric.FabricRoles}, e.g. {@code "every other host"}, in order
   * @return the hosts' names, each phrase expanded where it stands
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  List<String> hosts(String attribute, String... values);

  /**
   * @param attribute the attribute's name
   * @param value a port of the fabric with a link, e.g. {@code leaf1:eth9}, or a port phrase of
   *     {@link dev.rocelab.api.fabric.FabricRoles}, e.g. {@code "a redundant uplink"}
   * @return the port
   */
  Endpoint linkedPort(String attribute, String value);

  /**
   * @param attribute the attribute's name
   * @param value a device of the fabric, or a device phrase of {@link
   *     dev.rocelab.api.fabric.FabricRoles}, e.g. {@code "a leaf"}
   * @param mustBeSwitch true if a host will not do
   * @return the device's name
   */
  String device(String attribute, String value, boolean mustBeSwitch);

  /**
   * The markings to sweep over, from a {@code priority} and a {@code dscp} attribute (at most one
   * may be given): each priority with a DSCP the fabric maps to it, each DSCP, or the NICs' RoCE
   * marking when neither is given.
   *
   * @param priority priorities, 0..7
   * @param dscp DSCPs, 0..63
   * @return the markings, at least one
   */
  List<Marking> markings(int[] priority, int[] dscp);

  /**
   * A DSCP the fabric's QoS policy maps to a priority: the NICs' RoCE DSCP if it is one, else the
   * smallest mapped one, else (for priority 0, where unmapped DSCPs go) the smallest unmapped one.
   *
   * @param attribute the attribute the priority came from
   * @param priority the priority
   * @return the DSCP
   */
  int dscpFor(String attribute, int priority);

  /**
   * Applies the class's seed and the run settings every scenario annotation has.
   *
   * @param scenario the scenario the annotation declares
   * @param duration a {@code duration} attribute, blank for the scenario's own
   * @param sampleInterval a {@code sampleInterval} attribute, blank for the scenario's own
   * @param completion a {@code completion} attribute
   * @return the scenario to run
   */
  Scenario finish(Scenario scenario, String duration, String sampleInterval, Completion completion);

  /**
   * Applies the class's seed; see {@link #finish(Scenario, String, String, Completion)}.
   *
   * @param scenario the scenario the annotation declares
   * @return the scenario to run
   */
  default Scenario finish(Scenario scenario) {
    return finish(scenario, "", "", Completion.REQUIRED);
  }

  /**
   * @param attribute the attribute
   * @param value its value
   * @param reason what is wrong with it
   * @return the failure to throw, naming the annotation, attribute, value and method
   */
  ExtensionConfigurationException invalid(String attribute, Object value, String reason);

  /**
   * @param reason what is wrong with the annotation
   * @return the failure to throw, naming the annotation and method
   */
  ExtensionConfigurationException invalid(String reason);

  /**
   * How a workload is marked.
   *
   * @param dscp the DSCP, or empty for the NICs' RoCE marking
   * @param display its part of a display name, e.g. {@code " · prio 3"}, empty for the RoCE marking
   * @param parameters its report parameters, e.g. {@code priority=3}
   */
  record Marking(OptionalInt dscp, String display, Map<String, String> parameters) {

    /** Copies the parameters. */
    public Marking {
      parameters = Map.copyOf(parameters);
    }

    /**
     * @return the NICs' RoCE marking
     */
    public static Marking roce() {
      return new Marking(OptionalInt.empty(), "", Map.of());
    }
  }
}
