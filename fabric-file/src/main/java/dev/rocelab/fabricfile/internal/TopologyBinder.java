package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.LinkSpec;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.Shape;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.List;
import java.util.Optional;

/** Binds {@code topology}: its {@code kind} chooses the shape of the rest of the mapping. */
final class TopologyBinder {

  private final Values values;

  TopologyBinder(Values values) {
    this.values = values;
  }

  Topology topology(YamlNode node) {
    if (!node.isMapping()) {
      return values.mismatch(node, "a mapping");
    }
    Optional<YamlNode> kindNode = node.peek("kind");
    if (kindNode.isEmpty()) {
      values
          .problems()
          .error(
              node,
              "missing required key \"kind\" (one of "
                  + String.join(", ", Shapes.TOPOLOGY_KINDS.keySet())
                  + ")");
      return null;
    }
    Shape shape = values.choice(kindNode.get(), "topology kind", Shapes.TOPOLOGY_KINDS);
    if (shape == null) {
      return null;
    }
    return MappingReader.open(node, shape, values)
        .map(
            r -> {
              if (shape == Shapes.LEAF_SPINE) {
                return leafSpine(r);
              } else if (shape == Shapes.THREE_TIER) {
                return threeTier(r);
              } else if (shape == Shapes.RAIL_OPTIMIZED) {
                return railOptimized(r);
              }
              return graph(r);
            })
        .orElse(null);
  }

  private Topology leafSpine(MappingReader r) {
    Integer leaves = r.required("leaves", values::wholeNumber);
    Integer spines = r.required("spines", values::wholeNumber);
    Integer hostsPerLeaf = r.required("hostsPerLeaf", values::wholeNumber);
    Integer uplinksPerSpine = r.optional("uplinksPerSpine", values::wholeNumber, 1);
    LinkSpec hostLink = r.required("hostLink", this::linkSpec);
    LinkSpec fabricLink = r.required("fabricLink", this::linkSpec);
    String hostProfile = r.required("hostProfile", values::text);
    String leafProfile = r.required("leafProfile", values::text);
    String spineProfile = r.required("spineProfile", values::text);
    return r.build(
        () ->
            new Topology.LeafSpine(
                leaves,
                spines,
                hostsPerLeaf,
                uplinksPerSpine,
                hostLink,
                fabricLink,
                hostProfile,
                leafProfile,
                spineProfile));
  }

  private Topology threeTier(MappingReader r) {
    Integer pods = r.required("pods", values::wholeNumber);
    Integer leavesPerPod = r.required("leavesPerPod", values::wholeNumber);
    Integer spinesPerPod = r.required("spinesPerPod", values::wholeNumber);
    Integer superSpines = r.required("superSpines", values::wholeNumber);
    Integer hostsPerLeaf = r.required("hostsPerLeaf", values::wholeNumber);
    Integer uplinksPerSpine = r.optional("uplinksPerSpine", values::wholeNumber, 1);
    Integer uplinksPerSuperSpine = r.optional("uplinksPerSuperSpine", values::wholeNumber, 1);
    LinkSpec hostLink = r.required("hostLink", this::linkSpec);
    LinkSpec fabricLink = r.required("fabricLink", this::linkSpec);
    LinkSpec coreLink = r.required("coreLink", this::linkSpec);
    String hostProfile = r.required("hostProfile", values::text);
    String leafProfile = r.required("leafProfile", values::text);
    String spineProfile = r.required("spineProfile", values::text);
    String superSpineProfile = r.required("superSpineProfile", values::text);
    return r.build(
        () ->
            new Topology.ThreeTier(
                pods,
                leavesPerPod,
                spinesPerPod,
                superSpines,
                hostsPerLeaf,
                uplinksPerSpine,
                uplinksPerSuperSpine,
                hostLink,
                fabricLink,
                coreLink,
                hostProfile,
                leafProfile,
                spineProfile,
                superSpineProfile));
  }

  private Topology railOptimized(MappingReader r) {
    Integer scalableUnits = r.optional("scalableUnits", values::wholeNumber, 1);
    Integer hostsPerUnit = r.required("hostsPerUnit", values::wholeNumber);
    Integer spines = r.required("spines", values::wholeNumber);
    Integer uplinksPerSpine = r.optional("uplinksPerSpine", values::wholeNumber, 1);
    LinkSpec hostLink = r.required("hostLink", this::linkSpec);
    LinkSpec fabricLink = r.required("fabricLink", this::linkSpec);
    String hostProfile = r.required("hostProfile", values::text);
    String leafProfile = r.required("leafProfile", values::text);
    String spineProfile = r.required("spineProfile", values::text);
    return r.build(
        () ->
            new Topology.RailOptimized(
                scalableUnits,
                hostsPerUnit,
                spines,
                uplinksPerSpine,
                hostLink,
                fabricLink,
                hostProfile,
                leafProfile,
                spineProfile));
  }

  private Topology graph(MappingReader r) {
    List<Topology.GraphSwitch> switches =
        r.required("switches", n -> values.list(n, this::graphSwitch));
    List<Topology.GraphHost> hosts = r.required("hosts", n -> values.list(n, this::graphHost));
    List<Topology.GraphLink> links = r.required("links", n -> values.list(n, this::graphLink));
    return r.build(() -> new Topology.Graph(switches, hosts, links));
  }

  private Topology.GraphSwitch graphSwitch(YamlNode node) {
    return MappingReader.open(node, Shapes.GRAPH_SWITCH, values)
        .map(
            r -> {
              String name = r.required("name", values::text);
              String profile = r.required("profile", values::text);
              Integer ports = r.required("ports", values::wholeNumber);
              return r.build(() -> new Topology.GraphSwitch(name, profile, ports));
            })
        .orElse(null);
  }

  private Topology.GraphHost graphHost(YamlNode node) {
    return MappingReader.open(node, Shapes.GRAPH_HOST, values)
        .map(
            r -> {
              String name = r.required("name", values::text);
              String profile = r.required("profile", values::text);
              return r.build(() -> new Topology.GraphHost(name, profile));
            })
        .orElse(null);
  }

  /** In the file a graph link carries {@code speed} and {@code length} itself. */
  private Topology.GraphLink graphLink(YamlNode node) {
    return MappingReader.open(node, Shapes.GRAPH_LINK, values)
        .map(
            r -> {
              Endpoint a = r.required("a", this::endpoint);
              Endpoint b = r.required("b", this::endpoint);
              Rate speed = r.required("speed", values::rate);
              Length length = r.required("length", values::length);
              return r.build(() -> new Topology.GraphLink(a, b, new LinkSpec(speed, length)));
            })
        .orElse(null);
  }

  private LinkSpec linkSpec(YamlNode node) {
    return MappingReader.open(node, Shapes.LINK_SPEC, values)
        .map(
            r -> {
              Rate speed = r.required("speed", values::rate);
              Length length = r.required("length", values::length);
              return r.build(() -> new LinkSpec(speed, length));
            })
        .orElse(null);
  }

  private Endpoint endpoint(YamlNode node) {
    String text = values.text(node);
    if (text == null) {
      return null;
    }
    try {
      return Endpoint.parse(text);
    } catch (IllegalArgumentException e) {
      values.problems().error(node, e.getMessage());
      return null;
    }
  }
}
