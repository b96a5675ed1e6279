package dev.rocelab.junit.fake;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A deterministic fake backend for the extension's own tests (id {@code scripted}): results follow
 * from the scenario by the rules of {@link Script}, runs can be watched in simulated time, and
 * every session is recorded so tests can check that the extension opened and closed them.
 */
public class ScriptedBackend implements FabricBackend {

  private static final List<ScriptedSession> SESSIONS = new CopyOnWriteArrayList<>();

  private final String id;
  private final Set<Capability> capabilities;
  private final boolean realTime;

  /** The full backend: every capability but overlapping runs (a session's runs take turns). */
  public ScriptedBackend() {
    this("scripted", inTurns(), false);
  }

  ScriptedBackend(String id, Set<Capability> capabilities, boolean realTime) {
    this.id = id;
    this.capabilities = capabilities;
    this.realTime = realTime;
  }

  /**
   * @return every session opened since the last {@link #reset()}, in order
   */
  public static List<ScriptedSession> sessions() {
    return List.copyOf(SESSIONS);
  }

  /** Forgets the sessions recorded so far. */
  public static void reset() {
    SESSIONS.clear();
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @Override
  public FabricSession open(FabricSpec spec) {
    ScriptedSession session = new ScriptedSession(this, spec, realTime);
    SESSIONS.add(session);
    return session;
  }

  /** The same fabric without fault injection (id {@code scripted-nofaults}). */
  public static final class NoFaults extends ScriptedBackend {
    /** Creates it. */
    public NoFaults() {
      super(
          "scripted-nofaults",
          EnumSet.of(
              Capability.RDMA_TRAFFIC,
              Capability.MICROBURSTS,
              Capability.LOSSY_TRAFFIC,
              Capability.COLLECTIVES,
              Capability.PACKET_TELEMETRY),
          false);
    }
  }

  /**
   * The same fabric in real time (id {@code scripted-realtime}): a live run moves on by itself, one
   * microsecond of run per {@value ScriptedRun#WALL_NANOS_PER_RUN_MICRO} ns of wall-clock time.
   */
  public static final class RealTime extends ScriptedBackend {
    /** Creates it. */
    public RealTime() {
      super("scripted-realtime", inTurns(), true);
    }
  }

  /**
   * The full backend whose sessions run several scenarios at once (id {@code scripted-concurrent}),
   * as the model does.
   */
  public static final class Concurrent extends ScriptedBackend {
    /** Creates it. */
    public Concurrent() {
      super("scripted-concurrent", EnumSet.allOf(Capability.class), false);
    }
  }

  private static Set<Capability> inTurns() {
    return EnumSet.complementOf(EnumSet.of(Capability.CONCURRENT_RUNS));
  }
}
