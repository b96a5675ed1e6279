package dev.rocelab.chakra;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.rocelab.api.scenario.StepOp;
import dev.rocelab.api.scenario.TrainingStep;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.chakra.internal.ChakraProto;
import dev.rocelab.chakra.internal.ChakraProto.Attribute;
import dev.rocelab.chakra.internal.ChakraProto.CollectiveCommType;
import dev.rocelab.chakra.internal.ChakraProto.Node;
import dev.rocelab.chakra.internal.ChakraProto.NodeType;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import org.apiguardian.api.API;

/**
 * Reads MLCommons Chakra execution traces into training steps, and writes training steps as Chakra
 * traces (to run the same step in ASTRA-sim, say).
 *
 * <p>A trace is one file per rank, {@code PREFIX.RANK.et}: a length-delimited {@code
 * GlobalMetadata}, then one length-delimited {@code Node} per operation (Chakra's et_def.proto).
 * Nodes become {@link StepOp}s of their file's rank, in an order where every node comes after the
 * nodes it depends on ({@code data_deps} and {@code ctrl_deps}, which must be in the same file):
 *
 * <ul>
 *   <li>{@code COMP_NODE}: compute for {@code duration_micros} (metadata and memory nodes likewise,
 *       usually of no duration);
 *   <li>{@code COMM_COLL_NODE}: the collective of its {@code comm_type} attribute (all-reduce,
 *       all-gather, reduce-scatter or all-to-all) of {@code comm_size} bytes over the ranks of its
 *       {@code pg_name} process group — as the comm-group file ASTRA-sim reads lists them ({@code
 *       {"pg": [0, 1, …]}}) — or over every rank without one;
 *   <li>{@code COMM_SEND_NODE} / {@code COMM_RECV_NODE}: {@code comm_size} bytes to {@code
 *       comm_dst} / from {@code comm_src}.
 * </ul>
 *
 * <p>An operation's label is its node's name. Times are whole microseconds, as Chakra stores them.
 *
 * <pre>{@code
 * TrainingStep step = ChakraTrace.read("llama", ChakraTrace.files(Path.of("traces/llama"), 16),
 *     ChakraTrace.readGroups(Path.of("traces/llama.comm_groups.json")));
 * Scenario scenario = Scenario.training(step).build();
 * }</pre>
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class ChakraTrace {

  /** The schema version written into a trace's metadata. */
  static final String SCHEMA_VERSION = "0.0.4";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long PS_PER_MICRO = 1_000_000L;

  private ChakraTrace() {}

  /**
   * @param prefix the trace's path without {@code .RANK.et}, e.g. {@code traces/llama}
   * @param ranks how many ranks (files) it has
   * @return {@code prefix.0.et} … {@code prefix.(ranks−1).et}
   */
  public static List<Path> files(Path prefix, int ranks) {
    List<Path> files = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      files.add(prefix.resolveSibling(prefix.getFileName() + "." + r + ".et"));
    }
    return files;
  }

  /**
   * Reads a comm-group file as ASTRA-sim does: a JSON object from process-group name to its ranks.
   *
   * @param file the file
   * @return the groups, in file order
   * @throws IOException if it cannot be read
   * @throws IllegalArgumentException naming the file if it is not such an object
   */
  public static Map<String, List<Integer>> readGroups(Path file) throws IOException {
    try {
      return JSON.readValue(
          file.toFile(), new TypeReference<LinkedHashMap<String, List<Integer>>>() {});
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          file
              + ": a comm-group file maps each process group's name to its ranks, e.g."
              + " {\"dp0\": [0, 8]}: "
              + e.getOriginalMessage(),
          e);
    }
  }

  /**
   * Reads a trace.
   *
   * @param name the step's name
   * @param files the trace's files, rank 0 first
   * @param groups the ranks of each process group its collectives name
   * @return the step
   * @throws IOException if a file cannot be read
   * @throws IllegalArgumentException naming the file, the node and the rule if the trace is not one
   *     rocelab can run
   */
  public static TrainingStep read(String name, List<Path> files, Map<String, List<Integer>> groups)
      throws IOException {
    List<StepOp> ops = new ArrayList<>();
    for (int rank = 0; rank < files.size(); rank++) {
      new RankFile(files.get(rank), rank, files.size(), groups).addTo(ops);
    }
    try {
      return new TrainingStep(name, files.size(), ops);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "trace " + files.get(0).toAbsolutePath().getParent() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes a step as a Chakra trace: {@code prefix.RANK.et} per rank and {@code
   * prefix.comm_groups.json} naming its collectives' groups {@code "0"}, {@code "1"}, … in order of
   * first use. Compute times are rounded to whole microseconds.
   *
   * @param step the step
   * @param prefix the trace's path without {@code .RANK.et}
   * @throws IOException if a file cannot be written
   */
  public static void write(TrainingStep step, Path prefix) throws IOException {
    Map<List<Integer>, String> groupNames = new LinkedHashMap<>();
    List<Path> files = files(prefix, step.ranks());
    List<List<StepOp>> opsOf = new ArrayList<>();
    for (int rank = 0; rank < step.ranks(); rank++) {
      opsOf.add(new ArrayList<>());
    }
    step.ops().forEach(op -> opsOf.get(op.rank()).add(op));
    for (int rank = 0; rank < step.ranks(); rank++) {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(files.get(rank)))) {
        ChakraProto.GlobalMetadata.newBuilder()
            .setVersion(SCHEMA_VERSION)
            .build()
            .writeDelimitedTo(out);
        for (StepOp op : opsOf.get(rank)) {
          node(op, groupNames).writeDelimitedTo(out);
        }
      }
    }
    Map<String, List<Integer>> groups = new LinkedHashMap<>();
    groupNames.forEach((group, groupName) -> groups.put(groupName, group));
    JSON.writerWithDefaultPrettyPrinter()
        .writeValue(
            prefix.resolveSibling(prefix.getFileName() + ".comm_groups.json").toFile(), groups);
  }

  private static Node node(StepOp op, Map<List<Integer>, String> groupNames) {
    Node.Builder node =
        Node.newBuilder()
            .setId(op.id())
            .setName(op.label())
            .addAllDataDeps(op.after().stream().map(Integer::longValue).toList());
    if (op instanceof StepOp.Compute c) {
      return node.setType(NodeType.COMP_NODE)
          .setDurationMicros(Math.round((double) c.duration().picos() / PS_PER_MICRO))
          .build();
    }
    if (op instanceof StepOp.CollectiveCall c) {
      String group =
          groupNames.computeIfAbsent(c.group(), g -> Integer.toString(groupNames.size()));
      return node.setType(NodeType.COMM_COLL_NODE)
          .addAttr(int64("comm_type", commType(c.operation()).getNumber()))
          .addAttr(int64("comm_size", c.size().bytes()))
          .addAttr(Attribute.newBuilder().setName("pg_name").setStringVal(group))
          .build();
    }
    if (op instanceof StepOp.Send s) {
      return node.setType(NodeType.COMM_SEND_NODE)
          .addAttr(int64("comm_size", s.size().bytes()))
          .addAttr(Attribute.newBuilder().setName("comm_dst").setInt32Val(s.peer()))
          .build();
    }
    StepOp.Recv r = (StepOp.Recv) op;
    return node.setType(NodeType.COMM_RECV_NODE)
        .addAttr(int64("comm_size", r.size().bytes()))
        .addAttr(Attribute.newBuilder().setName("comm_src").setInt32Val(r.peer()))
        .build();
  }

  private static Attribute int64(String name, long value) {
    return Attribute.newBuilder().setName(name).setInt64Val(value).build();
  }

  private static CollectiveCommType commType(CollectiveOperation operation) {
    return switch (operation) {
      case ALL_REDUCE -> CollectiveCommType.ALL_REDUCE;
      case ALL_GATHER -> CollectiveCommType.ALL_GATHER;
      case REDUCE_SCATTER -> CollectiveCommType.REDUCE_SCATTER;
      case ALL_TO_ALL -> CollectiveCommType.ALL_TO_ALL;
      case BROADCAST -> CollectiveCommType.BROADCAST;
      case REDUCE -> CollectiveCommType.REDUCE;
    };
  }

  /** One rank's file, read into operations. */
  private static final class RankFile {
    private final Path file;
    private final int rank;
    private final int ranks;
    private final Map<String, List<Integer>> groups;

    RankFile(Path file, int rank, int ranks, Map<String, List<Integer>> groups) {
      this.file = file;
      this.rank = rank;
      this.ranks = ranks;
      this.groups = groups;
    }

    void addTo(List<StepOp> ops) throws IOException {
      List<Node> nodes = readNodes();
      Map<Long, Integer> position = new HashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        if (position.put(nodes.get(i).getId(), i) != null) {
          throw problem(nodes.get(i), "id", "ids must be unique in a file");
        }
      }
      // every node after the nodes it depends on, file order among those free to go
      List<List<Integer>> before = new ArrayList<>();
      int[] waiting = new int[nodes.size()];
      List<List<Integer>> dependents = new ArrayList<>();
      for (int i = 0; i < nodes.size(); i++) {
        dependents.add(new ArrayList<>());
      }
      for (int i = 0; i < nodes.size(); i++) {
        Node node = nodes.get(i);
        LinkedHashSet<Long> deps = new LinkedHashSet<>(node.getDataDepsList());
        deps.addAll(node.getCtrlDepsList());
        List<Integer> mine = new ArrayList<>();
        for (long dep : deps) {
          Integer at = position.get(dep);
          if (at == null) {
            throw problem(
                node,
                "data_deps",
                "it depends on node " + dep + ", which " + file + " does not have");
          }
          mine.add(at);
          dependents.get(at).add(i);
        }
        before.add(mine);
        waiting[i] = mine.size();
      }
      PriorityQueue<Integer> free = new PriorityQueue<>();
      for (int i = 0; i < nodes.size(); i++) {
        if (waiting[i] == 0) {
          free.add(i);
        }
      }
      int[] opOf = new int[nodes.size()];
      int placed = 0;
      while (!free.isEmpty()) {
        int i = free.poll();
        opOf[i] = ops.size();
        List<Integer> after = before.get(i).stream().map(b -> opOf[b]).toList();
        ops.add(op(nodes.get(i), ops.size(), after));
        placed++;
        for (int next : dependents.get(i)) {
          if (--waiting[next] == 0) {
            free.add(next);
          }
        }
      }
      if (placed < nodes.size()) {
        List<Long> circle = new ArrayList<>();
        for (int i = 0; i < nodes.size() && circle.size() < 5; i++) {
          if (waiting[i] > 0) {
            circle.add(nodes.get(i).getId());
          }
        }
        throw new IllegalArgumentException(
            file + ": nodes " + circle + " depend on each other in a circle");
      }
    }

    private List<Node> readNodes() throws IOException {
      List<Node> nodes = new ArrayList<>();
      try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
        if (ChakraProto.GlobalMetadata.parseDelimitedFrom(in) == null) {
          throw new IllegalArgumentException(
              file + ": empty; a Chakra trace starts with its GlobalMetadata");
        }
        Node node;
        while ((node = Node.parseDelimitedFrom(in)) != null) {
          nodes.add(node);
        }
      } catch (NoSuchFileException e) {
        throw new NoSuchFileException(
            file.toString(), null, "rank " + rank + "'s trace file is missing");
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalArgumentException(
            file
                + ": not a Chakra trace (length-delimited GlobalMetadata and Nodes): "
                + e.getMessage(),
            e);
      }
      return nodes;
    }

    private StepOp op(Node node, int id, List<Integer> after) {
      String label = node.getName().isBlank() ? node.getType().name() : node.getName();
      switch (node.getType()) {
        case COMM_COLL_NODE -> {
          return new StepOp.CollectiveCall(
              id, rank, operation(node), size(node), group(node), after, label);
        }
        case COMM_SEND_NODE -> {
          return new StepOp.Send(id, rank, peer(node, "comm_dst"), size(node), after, label);
        }
        case COMM_RECV_NODE -> {
          return new StepOp.Recv(id, rank, peer(node, "comm_src"), size(node), after, label);
        }
        case COMP_NODE, METADATA_NODE, MEM_LOAD_NODE, MEM_STORE_NODE -> {
          return new StepOp.Compute(
              id, rank, SimTime.micros(node.getDurationMicros()), after, label);
        }
        default ->
            throw problem(
                node,
                "type",
                "type "
                    + node.getTypeValue()
                    + " is not one rocelab runs (compute, memory,"
                    + " metadata, collective, send or receive nodes)");
      }
    }

    private CollectiveOperation operation(Node node) {
      long type =
          integer(node, "comm_type")
              .orElseThrow(() -> problem(node, "comm_type", "a collective node needs it"));
      CollectiveCommType comm = CollectiveCommType.forNumber((int) type);
      if (comm == null) {
        throw problem(node, "comm_type", type + " is not a Chakra collective");
      }
      return switch (comm) {
        case ALL_REDUCE -> CollectiveOperation.ALL_REDUCE;
        case ALL_GATHER -> CollectiveOperation.ALL_GATHER;
        case REDUCE_SCATTER -> CollectiveOperation.REDUCE_SCATTER;
        case ALL_TO_ALL -> CollectiveOperation.ALL_TO_ALL;
        default ->
            throw problem(
                node,
                "comm_type",
                comm.name()
                    + " is not run in training steps (all-reduce, all-gather,"
                    + " reduce-scatter and all-to-all are)");
      };
    }

    private DataSize size(Node node) {
      long bytes =
          integer(node, "comm_size")
              .orElseThrow(() -> problem(node, "comm_size", "a communication node needs it"));
      if (bytes <= 0) {
        throw problem(node, "comm_size", "must be > 0 but is " + bytes);
      }
      return DataSize.bytes(bytes);
    }

    private int peer(Node node, String attribute) {
      long peer =
          integer(node, attribute)
              .orElseThrow(() -> problem(node, attribute, "a " + node.getType() + " needs it"));
      if (peer < 0 || peer >= ranks) {
        throw problem(node, attribute, peer + " is not a rank of this " + ranks + "-rank trace");
      }
      return (int) peer;
    }

    private List<Integer> group(Node node) {
      Optional<String> name =
          node.getAttrList().stream()
              .filter(a -> a.getName().equals("pg_name"))
              .map(Attribute::getStringVal)
              .findFirst();
      if (name.isEmpty()) {
        List<Integer> all = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
          all.add(r);
        }
        return all;
      }
      List<Integer> group = groups.get(name.get());
      if (group == null) {
        throw problem(
            node,
            "pg_name",
            "process group '" + name.get() + "' is not in the comm groups " + groups.keySet());
      }
      return group;
    }

    private static Optional<Long> integer(Node node, String attribute) {
      for (Attribute a : node.getAttrList()) {
        if (a.getName().equals(attribute)) {
          return switch (a.getValueCase()) {
            case INT64_VAL -> Optional.of(a.getInt64Val());
            case UINT64_VAL -> Optional.of(a.getUint64Val());
            case INT32_VAL -> Optional.of((long) a.getInt32Val());
            default -> Optional.empty();
          };
        }
      }
      return Optional.empty();
    }

    private IllegalArgumentException problem(Node node, String field, String rule) {
      return new IllegalArgumentException(
          file
              + ": node "
              + node.getId()
              + " (\""
              + node.getName()
              + "\"), "
              + field
              + ": "
              + rule);
    }
  }
}
