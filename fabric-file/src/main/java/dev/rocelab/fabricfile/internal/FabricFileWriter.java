package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.DeviceOverride;
import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwarePolicy;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HeadroomPolicy;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.LinkSpec;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchNos;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.fabricfile.spi.SectionReader;
import dev.rocelab.fabricfile.spi.Values;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Represent;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Writes a {@link FabricSpec} as a fabric file: the inverse of the binders, key for key, with every
 * default written out, so that the file shows what runs and reads back to an equal fabric. A
 * section from another module is written by its {@link SectionReader}, or left out with a comment
 * saying so when the reader cannot write.
 */
public final class FabricFileWriter {

  /**
   * A mapping or list of scalars is written on one line when its entries take at most this many
   * characters.
   */
  private static final int FLOW_WIDTH = 90;

  private FabricFileWriter() {}

  /**
   * @param spec a fabric
   * @return its fabric file
   */
  public static String write(FabricSpec spec) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("name", spec.name());
    root.put("description", spec.description());
    root.put("topology", topology(spec.topology()));
    root.put("switchProfiles", each(spec.switchProfiles(), FabricFileWriter::switchProfile));
    root.put("nicProfiles", each(spec.nicProfiles(), FabricFileWriter::nic));
    root.put("hostProfiles", each(spec.hostProfiles(), FabricFileWriter::host));
    root.put("qos", each(spec.qos(), FabricFileWriter::qos));
    FirmwareRegistry own = spec.firmwareProfiles();
    if (!own.nicVersions().isEmpty() || !own.nosVersions().isEmpty()) {
      root.put("firmwareProfiles", firmwareProfiles(own));
    }
    root.put("firmware", firmware(spec.firmware()));
    if (!spec.overrides().isEmpty()) {
      root.put("overrides", spec.overrides().stream().map(FabricFileWriter::override).toList());
    }
    List<String> unwritten = new ArrayList<>();
    spec.sections()
        .forEach(
            (key, section) ->
                section(key, section)
                    .ifPresentOrElse(body -> root.put(key, body), () -> unwritten.add(key)));
    StringBuilder out =
        new StringBuilder()
            .append("# effective configuration of fabric \"")
            .append(spec.name().replace("\n", " "))
            .append("\": every default written out; rocelab reads it back to the same fabric\n");
    for (String key : unwritten) {
      out.append("# the ")
          .append(key)
          .append(": section is left out: the module that reads it cannot write it\n");
    }
    return out.append(yaml().dump(root)).toString();
  }

  private static Optional<Map<String, Object>> section(String key, FabricSection section) {
    for (SectionReader reader :
        ServiceLoader.load(SectionReader.class, FabricFileWriter.class.getClassLoader())) {
      if (reader.key().equals(key)) {
        return reader.write(section);
      }
    }
    return Optional.empty();
  }

  private static Map<String, Object> topology(Topology topology) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (topology instanceof Topology.LeafSpine t) {
      out.put("kind", "leaf-spine");
      out.put("leaves", t.leaves());
      out.put("spines", t.spines());
      out.put("hostsPerLeaf", t.hostsPerLeaf());
      out.put("uplinksPerSpine", t.uplinksPerSpine());
      twoTiers(
          out, t.hostLink(), t.fabricLink(), t.hostProfile(), t.leafProfile(), t.spineProfile());
    } else if (topology instanceof Topology.ThreeTier t) {
      out.put("kind", "three-tier");
      out.put("pods", t.pods());
      out.put("leavesPerPod", t.leavesPerPod());
      out.put("spinesPerPod", t.spinesPerPod());
      out.put("superSpines", t.superSpines());
      out.put("hostsPerLeaf", t.hostsPerLeaf());
      out.put("uplinksPerSpine", t.uplinksPerSpine());
      out.put("uplinksPerSuperSpine", t.uplinksPerSuperSpine());
      twoTiers(
          out, t.hostLink(), t.fabricLink(), t.hostProfile(), t.leafProfile(), t.spineProfile());
      out.put("coreLink", link(t.coreLink()));
      out.put("superSpineProfile", t.superSpineProfile());
    } else if (topology instanceof Topology.RailOptimized t) {
      out.put("kind", "rail-optimized");
      out.put("scalableUnits", t.scalableUnits());
      out.put("hostsPerUnit", t.hostsPerUnit());
      out.put("spines", t.spines());
      out.put("uplinksPerSpine", t.uplinksPerSpine());
      twoTiers(
          out, t.hostLink(), t.fabricLink(), t.hostProfile(), t.leafProfile(), t.spineProfile());
    } else if (topology instanceof Topology.Graph t) {
      out.put("kind", "graph");
      out.put("switches", t.switches().stream().map(FabricFileWriter::graphSwitch).toList());
      out.put("hosts", t.hosts().stream().map(FabricFileWriter::graphHost).toList());
      out.put("links", t.links().stream().map(FabricFileWriter::graphLink).toList());
    } else {
      throw new IllegalArgumentException("no file form for topology " + topology);
    }
    return out;
  }

  /** The links and profiles of hosts, leaves and spines, which every generated topology has. */
  private static void twoTiers(
      Map<String, Object> out,
      LinkSpec hostLink,
      LinkSpec fabricLink,
      String hostProfile,
      String leafProfile,
      String spineProfile) {
    out.put("hostLink", link(hostLink));
    out.put("fabricLink", link(fabricLink));
    out.put("hostProfile", hostProfile);
    out.put("leafProfile", leafProfile);
    out.put("spineProfile", spineProfile);
  }

  private static Map<String, Object> graphSwitch(Topology.GraphSwitch s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", s.name());
    out.put("profile", s.profile());
    out.put("ports", s.ports());
    return out;
  }

  private static Map<String, Object> graphHost(Topology.GraphHost h) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", h.name());
    out.put("profile", h.profile());
    return out;
  }

  private static Map<String, Object> graphLink(Topology.GraphLink l) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("a", l.a().toString());
    out.put("b", l.b().toString());
    out.putAll(link(l.link()));
    return out;
  }

  private static Map<String, Object> link(LinkSpec link) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("speed", link.speed().toString());
    out.put("length", link.length().toString());
    return out;
  }

  private static Map<String, Object> switchProfile(SwitchProfile p) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("asic", p.asic());
    out.put("nos", p.nos());
    out.put("buffer", p.buffer().toString());
    out.put("cellSize", p.cellSize().toString());
    out.put("alpha", p.alpha());
    out.put("reserve", p.reserve().toString());
    out.put("headroom", headroom(p.headroom()));
    out.put("qos", p.qos());
    out.put("forwarding", Values.word(SwitchBinder.FORWARDING, p.forwarding()));
    out.put("forwardingLatency", p.forwardingLatency().toString());
    out.put("watchdog", watchdog(p.watchdog()));
    Map<String, Object> convergence = new LinkedHashMap<>();
    convergence.put("failureDetection", p.convergence().failureDetection().toString());
    convergence.put("routeConvergence", p.convergence().routeConvergence().toString());
    out.put("convergence", convergence);
    out.put("loadBalancing", loadBalancing(p.loadBalancing()));
    return out;
  }

  private static Map<String, Object> loadBalancing(LoadBalancing b) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("mode", Values.word(SwitchBinder.LOAD_BALANCING_MODES, b.mode()));
    out.put("hashQp", b.hashQp());
    out.put("flowletGap", b.flowletGap().toString());
    out.put("bands", b.bands());
    out.put("queueStep", b.queueStep().toString());
    out.put("queueWeight", b.queueWeight());
    out.put("loadWindow", b.loadWindow().toString());
    out.put("remoteDelay", b.remoteDelay().toString());
    out.put("remotePeriod", b.remotePeriod().toString());
    return out;
  }

  private static Map<String, Object> headroom(HeadroomPolicy headroom) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (headroom instanceof HeadroomPolicy.Derived d) {
      out.put("mode", "derived");
      out.put("macPhyDelay", d.macPhyDelay().toString());
      out.put("pipelineLatency", d.pipelineLatency().toString());
      out.put("smallPacketPercent", d.smallPacketPercent());
      out.put("gearboxDelay", d.gearboxDelay().toString());
    } else if (headroom instanceof HeadroomPolicy.Fixed f) {
      out.put("mode", "fixed");
      out.put("sizes", texts(f.perPriority()));
    }
    return out;
  }

  private static Map<String, Object> watchdog(PfcWatchdog w) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("enabled", w.enabled());
    out.put("detection", w.detection().toString());
    out.put("restoration", w.restoration().toString());
    out.put("pollInterval", w.pollInterval().toString());
    out.put("action", Values.word(SwitchBinder.WATCHDOG_ACTIONS, w.action()));
    return out;
  }

  private static Map<String, Object> nic(NicProfile n) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("speed", n.speed().toString());
    out.put("firmware", n.firmware());
    out.put("roce", trafficClass(n.roce()));
    out.put("cnp", trafficClass(n.cnp()));
    out.put("pfcPriorities", List.copyOf(n.pfcPriorities()));
    out.put("mtu", n.mtu().toString());
    out.put("qpsPerConnection", n.qpsPerConnection());
    out.put("dcqcn", dcqcn(n.dcqcn()));
    out.put("outOfOrder", Values.word(NicBinder.OUT_OF_ORDER, n.outOfOrder()));
    return out;
  }

  private static Map<String, Object> trafficClass(TrafficClass t) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dscp", t.dscp());
    out.put("priority", t.priority());
    return out;
  }

  private static Map<String, Object> dcqcn(DcqcnParameters d) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("enabled", d.enabled());
    out.put("g", d.g());
    out.put("initialAlpha", d.initialAlpha());
    out.put("alphaUpdatePeriod", d.alphaUpdatePeriod().toString());
    out.put("rateDecreasePeriod", d.rateDecreasePeriod().toString());
    out.put("rateIncreaseTimer", d.rateIncreaseTimer().toString());
    out.put("byteCounter", d.byteCounter().toString());
    out.put("fastRecoverySteps", d.fastRecoverySteps());
    out.put("additiveIncrease", d.additiveIncrease().toString());
    out.put("hyperIncrease", d.hyperIncrease().toString());
    out.put("minRate", d.minRate().toString());
    out.put("cnpInterval", d.cnpInterval().toString());
    return out;
  }

  private static Map<String, Object> host(HostProfile h) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("gpus", h.gpus());
    out.put("nics", h.nics());
    out.put("nicProfile", h.nicProfile());
    out.put("gpuToNic", h.gpuToNic());
    out.put("nvlinkBandwidth", h.nvlinkBandwidth().toString());
    out.put("nvlinkLatency", h.nvlinkLatency().toString());
    out.put("nvswitch", h.nvswitch());
    h.pcieBandwidth().ifPresent(rate -> out.put("pcieBandwidth", rate.toString()));
    return out;
  }

  private static Map<String, Object> qos(QosPolicy q) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dscpToPriority", q.dscpToPriority());
    out.put("losslessPriorities", List.copyOf(q.losslessPriorities()));
    out.put("pfcPriorities", List.copyOf(q.pfcPriorities()));
    out.put("xonOffset", q.xonOffset().toString());
    Map<Integer, Object> ecn = new LinkedHashMap<>();
    q.ecn().forEach((priority, profile) -> ecn.put(priority, ecn(profile)));
    out.put("ecn", ecn);
    Map<String, Object> scheduler = new LinkedHashMap<>();
    scheduler.put("strict", List.copyOf(q.scheduler().strict()));
    scheduler.put("weights", q.scheduler().weights());
    out.put("scheduler", scheduler);
    out.put("mtu", q.mtu().toString());
    return out;
  }

  private static Map<String, Object> ecn(EcnProfile e) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("kmin", e.kmin().toString());
    out.put("kmax", e.kmax().toString());
    out.put("pmax", e.pmax());
    return out;
  }

  /** The file's own versions, each written out in full (so without {@code basedOn}). */
  private static Map<String, Object> firmwareProfiles(FirmwareRegistry registry) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!registry.nicVersions().isEmpty()) {
      out.put("nic", each(registry.nicVersions(), FabricFileWriter::nicFirmware));
    }
    if (!registry.nosVersions().isEmpty()) {
      out.put("switch", each(registry.nosVersions(), FabricFileWriter::nos));
    }
    return out;
  }

  private static Map<String, Object> nicFirmware(NicFirmware f) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dcqcn", dcqcn(f.dcqcn()));
    out.put("dcqcnVariant", Values.word(FirmwareBinder.VARIANTS, f.dcqcnVariant()));
    out.put("cnp", trafficClass(f.cnp()));
    out.put("retransmission", Values.word(FirmwareBinder.RETRANSMISSIONS, f.retransmission()));
    out.put("retransmissionTimeout", f.retransmissionTimeout().toString());
    out.put("adaptiveRetransmission", f.adaptiveRetransmission().toString());
    out.put("receiveBuffer", f.receiveBuffer().toString());
    out.put("pauseReaction", f.pauseReaction().toString());
    out.put("outOfOrder", Values.word(NicBinder.OUT_OF_ORDER, f.outOfOrder()));
    return out;
  }

  private static Map<String, Object> nos(SwitchNos s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("watchdog", watchdog(s.watchdog()));
    out.put("alpha", s.alpha());
    out.put("reserve", s.reserve().toString());
    out.put("pauseReaction", s.pauseReaction().toString());
    out.put("loadBalancing", loadBalancing(s.loadBalancing()));
    return out;
  }

  private static Map<String, Object> firmware(FirmwarePolicy f) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("approvedNic", List.copyOf(f.approvedNic()));
    out.put("approvedSwitch", List.copyOf(f.approvedSwitch()));
    return out;
  }

  private static Map<String, Object> override(DeviceOverride o) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("devices", o.devices());
    o.switchProfile().ifPresent(p -> out.put("switchProfile", p));
    o.nicProfile().ifPresent(p -> out.put("nicProfile", p));
    return out;
  }

  private static <T> Map<String, Object> each(
      Map<String, T> named, Function<T, Map<String, Object>> writer) {
    Map<String, Object> out = new LinkedHashMap<>();
    named.forEach((name, value) -> out.put(name, writer.apply(value)));
    return out;
  }

  private static Map<Integer, String> texts(Map<Integer, ?> values) {
    Map<Integer, String> out = new LinkedHashMap<>();
    values.forEach((key, value) -> out.put(key, value.toString()));
    return out;
  }

  private static Yaml yaml() {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    options.setDereferenceAliases(true); // no &id001 anchors where two values are the same object
    return new Yaml(new FileRepresenter(options), options);
  }

  /**
   * Lists and mappings of scalars on one line where they fit ({@code pfcPriorities: [3]}, {@code
   * hostLink: {speed: 400Gbps, length: 3m}}), everything else in blocks; decimals exactly as they
   * read back, never in exponent form.
   */
  private static final class FileRepresenter extends Representer {

    FileRepresenter(DumperOptions options) {
      super(options);
      Represent decimal =
          data ->
              representScalar(
                  Tag.FLOAT, BigDecimal.valueOf(((Number) data).doubleValue()).toPlainString());
      representers.put(Double.class, decimal);
      Represent map = multiRepresenters.get(Map.class);
      Represent list = multiRepresenters.get(List.class);
      multiRepresenters.put(
          Map.class,
          data -> {
            Node node = map.representData(data);
            if (fitsOnALine(((Map<?, ?>) data).entrySet())) {
              ((MappingNode) node).setFlowStyle(DumperOptions.FlowStyle.FLOW);
            }
            return node;
          });
      multiRepresenters.put(
          List.class,
          data -> {
            Node node = list.representData(data);
            if (fitsOnALine((List<?>) data)) {
              ((SequenceNode) node).setFlowStyle(DumperOptions.FlowStyle.FLOW);
            }
            return node;
          });
    }

    /** Entries (list items, or a mapping's entries) that are all scalars and fit on a line. */
    private static boolean fitsOnALine(Collection<?> entries) {
      int width = 0;
      for (Object entry : entries) {
        Object value = entry instanceof Map.Entry<?, ?> e ? e.getValue() : entry;
        if (value instanceof Map || value instanceof Collection) {
          return false;
        }
        width += String.valueOf(entry).length() + 2;
      }
      return width <= FLOW_WIDTH;
    }
  }
}
