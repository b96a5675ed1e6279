package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.Scheduler;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** Binds {@code qos.<name>} mappings to {@link QosPolicy}. */
final class QosBinder {

  static final DataSize DEFAULT_XON_OFFSET = DataSize.kib(18);
  static final DataSize DEFAULT_MTU = DataSize.bytes(9100);

  private final Values values;

  QosBinder(Values values) {
    this.values = values;
  }

  QosPolicy policy(String name, YamlNode node) {
    return MappingReader.open(node, Shapes.QOS_POLICY, values)
        .map(
            r -> {
              Map<Integer, Integer> dscpToPriority =
                  r.required("dscpToPriority", n -> values.numberedMap(n, values::wholeNumber));
              List<Integer> lossless = r.required("losslessPriorities", this::priorities);
              List<Integer> pfc = r.optional("pfcPriorities", this::priorities, lossless);
              DataSize xonOffset = r.optional("xonOffset", values::size, DEFAULT_XON_OFFSET);
              Map<Integer, EcnProfile> ecn =
                  r.optional("ecn", n -> values.numberedMap(n, this::ecnProfile), Map.of());
              Scheduler scheduler =
                  r.optional("scheduler", this::scheduler, Scheduler.roundRobin());
              DataSize mtu = r.optional("mtu", values::size, DEFAULT_MTU);
              return r.build(
                  () ->
                      new QosPolicy(
                          name,
                          dscpToPriority,
                          new LinkedHashSet<>(lossless),
                          new LinkedHashSet<>(pfc),
                          xonOffset,
                          ecn,
                          scheduler,
                          mtu));
            })
        .orElse(null);
  }

  private List<Integer> priorities(YamlNode node) {
    return values.list(node, values::wholeNumber);
  }

  private EcnProfile ecnProfile(YamlNode node) {
    return MappingReader.open(node, Shapes.ECN_PROFILE, values)
        .map(
            r -> {
              DataSize kmin = r.required("kmin", values::size);
              DataSize kmax = r.required("kmax", values::size);
              Double pmax = r.required("pmax", values::number);
              return r.build(() -> new EcnProfile(kmin, kmax, pmax));
            })
        .orElse(null);
  }

  private Scheduler scheduler(YamlNode node) {
    return MappingReader.open(node, Shapes.SCHEDULER, values)
        .map(
            r -> {
              List<Integer> strict = r.optional("strict", this::priorities, List.of());
              Map<Integer, Integer> weights =
                  r.optional("weights", n -> values.numberedMap(n, values::wholeNumber), Map.of());
              return r.build(() -> new Scheduler(new LinkedHashSet<>(strict), weights));
            })
        .orElse(null);
  }
}
