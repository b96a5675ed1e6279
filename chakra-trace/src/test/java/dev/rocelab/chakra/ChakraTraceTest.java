package dev.rocelab.chakra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.StepOp;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.scenario.TrainingStep;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.chakra.internal.ChakraProto;
import dev.rocelab.chakra.internal.ChakraProto.Attribute;
import dev.rocelab.chakra.internal.ChakraProto.Node;
import dev.rocelab.chakra.internal.ChakraProto.NodeType;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelBackend;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChakraTraceTest {

  private static final FabricSpec REFERENCE =
      FabricFiles.load(Path.of("../fabrics/reference.yaml"));

  @TempDir Path dir;

  @Test
  void aStepWrittenAsATraceReadsBackAsTheSameStep() throws IOException {
    TrainingStep step =
        TrainingJob.dense(
                "job",
                Parallelism.of(8, 2, 4),
                4,
                SimTime.micros(200),
                SimTime.micros(400),
                DataSize.mib(4),
                DataSize.mib(64))
            .withBucket(DataSize.mib(16))
            .step();

    ChakraTrace.write(step, dir.resolve("job"));
    TrainingStep read =
        ChakraTrace.read(
            step.name(),
            ChakraTrace.files(dir.resolve("job"), 64),
            ChakraTrace.readGroups(dir.resolve("job.comm_groups.json")));

    assertThat(read).isEqualTo(step);
    assertThat(Files.list(dir)).hasSize(65);
  }

  @Test
  void aTraceAsChakrasConvertersWriteItRunsOnTheModel() throws IOException {
    // 16 ranks on two servers: each computes, all-reduces 32 MiB with its peer on the other host
    // (process group "dpN"), rank 0 sends 4 MiB to rank 8; ids sparse, nodes out of order, one
    // dependency a control dependency
    Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
    for (int r = 0; r < 8; r++) {
      groups.put("dp" + r, List.of(r, r + 8));
    }
    Files.writeString(
        dir.resolve("groups.json"),
        new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(groups));
    for (int rank = 0; rank < 16; rank++) {
      List<Node> nodes = new ArrayList<>();
      nodes.add(
          node(30, "ncclDevKernel_AllReduce", NodeType.COMM_COLL_NODE, List.of(10L))
              .addAttr(int64("comm_type", ChakraProto.CollectiveCommType.ALL_REDUCE_VALUE))
              .addAttr(int64("comm_size", 32 << 20))
              .addAttr(string("pg_name", "dp" + rank % 8))
              .build());
      nodes.add(node(10, "aten::mm", NodeType.COMP_NODE, List.of()).setDurationMicros(100).build());
      nodes.add(
          node(40, "optimizer", NodeType.COMP_NODE, List.of())
              .addCtrlDeps(30)
              .setDurationMicros(50)
              .build());
      if (rank == 0) {
        nodes.add(
            node(50, "send", NodeType.COMM_SEND_NODE, List.of(10L))
                .addAttr(int64("comm_size", 4 << 20))
                .addAttr(int32("comm_dst", 8))
                .build());
      }
      if (rank == 8) {
        nodes.add(
            node(50, "recv", NodeType.COMM_RECV_NODE, List.of(10L))
                .addAttr(int64("comm_size", 4 << 20))
                .addAttr(int32("comm_src", 0))
                .build());
      }
      writeTrace(dir.resolve("t." + rank + ".et"), nodes);
    }

    TrainingStep step =
        ChakraTrace.read(
            "chakra",
            ChakraTrace.files(dir.resolve("t"), 16),
            ChakraTrace.readGroups(dir.resolve("groups.json")));

    List<StepOp> rank0 = step.opsOf(0);
    assertThat(rank0)
        .extracting(StepOp::label)
        .containsExactly("aten::mm", "ncclDevKernel_AllReduce", "optimizer", "send");
    assertThat(((StepOp.CollectiveCall) rank0.get(1)).group()).containsExactly(0, 8);
    assertThat(rank0.get(2).after()).containsExactly(rank0.get(1).id());
    try (FabricSession fabric = new ModelBackend().open(REFERENCE)) {
      RunResult run = fabric.run(Scenario.training(step).duration("10ms").build());
      assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
      TrainingResult result = run.trainings().get(0);
      // 100 µs of compute, a 32 MiB all-reduce between two hosts on one 400G NIC each (~700 µs
      // at 48 GB/s busbw), 50 µs of optimizer
      assertThat(result.computeOnly()).isEqualTo(SimTime.micros(150));
      assertThat(result.stepTime().toMicros()).isBetween(700.0, 1000.0);
      assertThat(result.operation("ncclDevKernel_AllReduce").count()).isEqualTo(16);
      // the send shares rank 0's NIC with its all-reduce: slower than 4 MiB at line rate (86 µs),
      // as slow as on the ideal switch — the NIC, not the fabric, is what they share
      assertThat(result.operation("send").mean().toMicros()).isGreaterThan(85.6);
      assertThat(result.operation("send").slowdown()).isEqualTo(1.0);
    }
  }

  @Test
  void theAiWorkloadsPageExampleReadsATraceAndRunsIt() throws IOException {
    Path traces = dir;
    ChakraTrace.write(
        TrainingJob.dense(
                "llama",
                Parallelism.of(8, 1, 2),
                2,
                SimTime.micros(100),
                SimTime.micros(200),
                DataSize.ZERO,
                DataSize.mib(8))
            .step(),
        traces.resolve("llama"));

    try (FabricSession fabric = new ModelBackend().open(REFERENCE)) {
      // tag::chakra-read[]
      TrainingStep step =
          ChakraTrace.read(
              "llama",
              ChakraTrace.files(traces.resolve("llama"), 16),
              ChakraTrace.readGroups(traces.resolve("llama.comm_groups.json")));
      RunResult run = fabric.run(Scenario.training(step).build());
      // end::chakra-read[]
      assertThat(run.trainings().get(0).finished()).isTrue();
    }
    String page = Files.readString(Path.of("../docs/ai-workloads.md"));
    String source =
        Files.readString(Path.of("src/test/java/dev/rocelab/chakra/ChakraTraceTest.java"));
    String snippet =
        source.substring(
            source.indexOf('\n', source.indexOf("// tag::chakra-read[]")) + 1,
            source.indexOf("      // end::chakra-read[]"));
    assertThat(page).contains("```java\n" + snippet.replaceAll("(?m)^ {6}", "") + "```");
  }

  @Test
  void aBrokenTraceIsRefusedWithItsFileNodeAndRule() throws IOException {
    Path file = dir.resolve("bad.0.et");
    writeTrace(file, List.of(node(1, "mm", NodeType.COMP_NODE, List.of(7L)).build()));
    assertThatThrownBy(() -> ChakraTrace.read("bad", List.of(file), Map.of()))
        .hasMessage(
            file
                + ": node 1 (\"mm\"), data_deps: it depends on node 7, which "
                + file
                + " does not have");

    writeTrace(
        file,
        List.of(
            node(1, "a", NodeType.COMP_NODE, List.of(2L)).build(),
            node(2, "b", NodeType.COMP_NODE, List.of(1L)).build()));
    assertThatThrownBy(() -> ChakraTrace.read("bad", List.of(file), Map.of()))
        .hasMessage(file + ": nodes [1, 2] depend on each other in a circle");

    writeTrace(
        file,
        List.of(
            node(3, "bcast", NodeType.COMM_COLL_NODE, List.of())
                .addAttr(int64("comm_type", ChakraProto.CollectiveCommType.BROADCAST_VALUE))
                .addAttr(int64("comm_size", 1024))
                .build()));
    assertThatThrownBy(() -> ChakraTrace.read("bad", List.of(file), Map.of()))
        .hasMessageEndingWith(
            "node 3 (\"bcast\"), comm_type: BROADCAST is not run in training steps (all-reduce,"
                + " all-gather, reduce-scatter and all-to-all are)");

    writeTrace(
        file,
        List.of(
            node(4, "ar", NodeType.COMM_COLL_NODE, List.of())
                .addAttr(int64("comm_type", ChakraProto.CollectiveCommType.ALL_REDUCE_VALUE))
                .addAttr(string("pg_name", "tp"))
                .build()));
    assertThatThrownBy(() -> ChakraTrace.read("bad", List.of(file), Map.of("dp", List.of(0, 1))))
        .hasMessageEndingWith("node 4 (\"ar\"), comm_size: a communication node needs it");

    Files.write(file, new byte[] {0x05, 0x01, 0x02});
    assertThatThrownBy(() -> ChakraTrace.read("bad", List.of(file), Map.of()))
        .hasMessageStartingWith(file + ": not a Chakra trace");

    assertThatThrownBy(
            () -> ChakraTrace.read("bad", ChakraTrace.files(dir.resolve("none"), 2), Map.of()))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("rank 0's trace file is missing");
  }

  @Test
  void ranksThatDisagreeOnACollectiveAreNamed() throws IOException {
    for (int rank = 0; rank < 2; rank++) {
      writeTrace(
          dir.resolve("t." + rank + ".et"),
          List.of(
              node(1, "ar", NodeType.COMM_COLL_NODE, List.of())
                  .addAttr(int64("comm_type", ChakraProto.CollectiveCommType.ALL_REDUCE_VALUE))
                  .addAttr(int64("comm_size", rank == 0 ? 1024 : 2048))
                  .build()));
    }

    assertThatThrownBy(
            () -> ChakraTrace.read("t", ChakraTrace.files(dir.resolve("t"), 2), Map.of()))
        .hasMessage(
            "trace "
                + dir
                + ": collective 0 on group [0, 1] is all_reduce of 1KiB on rank 0 (operation 0)"
                + " but all_reduce of 2KiB on rank 1 (operation 1)");
  }

  private static Node.Builder node(long id, String name, NodeType type, List<Long> dataDeps) {
    return Node.newBuilder().setId(id).setName(name).setType(type).addAllDataDeps(dataDeps);
  }

  private static Attribute int64(String name, long value) {
    return Attribute.newBuilder().setName(name).setInt64Val(value).build();
  }

  private static Attribute int32(String name, int value) {
    return Attribute.newBuilder().setName(name).setInt32Val(value).build();
  }

  private static Attribute string(String name, String value) {
    return Attribute.newBuilder().setName(name).setStringVal(value).build();
  }

  private static void writeTrace(Path file, List<Node> nodes) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      ChakraProto.GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
      for (Node node : nodes) {
        node.writeDelimitedTo(out);
      }
    }
  }
}
