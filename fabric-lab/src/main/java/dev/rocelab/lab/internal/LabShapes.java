package dev.rocelab.lab.internal;

import dev.rocelab.fabricfile.spi.Shape;
import java.util.List;
import java.util.Map;

/** The keys each mapping of a fabric file's {@code lab:} section accepts. */
final class LabShapes {

  private LabShapes() {}

  /**
   * The inventory of a real lab ({@code lab:}); absent for a fabric that runs on the model only.
   */
  static final Shape LAB =
      Shape.named("lab")
          .optional("hosts", "switches", "telemetry", "launcher", "flowTool", "faults")
          .build();

  /** A lab host: SSH login and the data address of each NIC. */
  static final Shape LAB_HOST =
      Shape.named("labHost")
          .required("address")
          .optional("port")
          .required("user")
          .optional("identityFile", "passphraseEnv", "knownHosts", "strictHostKeyChecking")
          .required("nics")
          .build();

  /** A lab host's NIC. */
  static final Shape LAB_NIC =
      Shape.named("labNic").required("address").optional("rdmaDevice").build();

  /** A lab switch: management address and, where fault commands log in to it, SSH login. */
  static final Shape LAB_SWITCH =
      Shape.named("labSwitch")
          .required("address")
          .optional(
              "port",
              "user",
              "identityFile",
              "passphraseEnv",
              "knownHosts",
              "strictHostKeyChecking")
          .build();

  /** Where a lab's counters are read. */
  static final Shape LAB_TELEMETRY =
      Shape.named("labTelemetry")
          .required("prometheus")
          .optional("headers", "step", "deviceLabel", "portLabel", "priorityLabel")
          .required("queries")
          .build();

  /** One PromQL query per counter. */
  static final Shape LAB_QUERIES =
      Shape.named("labQueries")
          .optional(
              "txBytes",
              "rxBytes",
              "txPackets",
              "rxPackets",
              "pfcPausesSent",
              "pfcPausesReceived",
              "ecnMarks",
              "drops",
              "droppedBytes",
              "bufferUse",
              "headroomUse",
              "fecCorrectedCodewords",
              "fecUncorrectableCodewords",
              "fecCodewords")
          .build();

  /** The launcher of multi-node jobs. */
  static final Shape LAB_LAUNCHER =
      Shape.named("labLauncher").required("kind", "host").optional("hostFile", "options").build();

  /** The lab's fault commands. */
  static final Shape LAB_FAULTS =
      Shape.named("labFaults")
          .optional("linkDown", "linkUp", "reset", "configDrift", "pfcStorm")
          .build();

  /** A command run over SSH on an inventory device. */
  static final Shape LAB_SSH_COMMAND =
      Shape.named("labSshCommand").required("via", "host", "run").build();

  /** An HTTP request to a management API. */
  static final Shape LAB_HTTP_COMMAND =
      Shape.named("labHttpCommand")
          .required("via")
          .optional("method")
          .required("url")
          .optional("headers", "body")
          .build();

  /** A command run where the tests run. */
  static final Shape LAB_LOCAL_COMMAND =
      Shape.named("labLocalCommand").required("via", "run").build();

  /** Lab command shapes by the {@code via} that selects them. */
  static final Map<String, Shape> LAB_COMMAND_KINDS =
      Shape.kinds("ssh", LAB_SSH_COMMAND, "http", LAB_HTTP_COMMAND, "local", LAB_LOCAL_COMMAND);

  /** Every shape of the section, for the schema agreement test. */
  static final List<Shape> ALL =
      List.of(
          LAB,
          LAB_HOST,
          LAB_NIC,
          LAB_SWITCH,
          LAB_TELEMETRY,
          LAB_QUERIES,
          LAB_LAUNCHER,
          LAB_FAULTS,
          LAB_SSH_COMMAND,
          LAB_HTTP_COMMAND,
          LAB_LOCAL_COMMAND);
}
