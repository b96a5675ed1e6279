package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.fake.ScriptedBackend;
import dev.rocelab.junit.fake.ScriptedSession;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

class SessionLifecycleTest {

  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @BeforeEach
  void reset() {
    SEEN.clear();
    ScriptedBackend.reset();
  }

  @Test
  void oneSessionServesAClassAndJUnitClosesItAfterTheClass() {
    Engine.run(PerClassTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(3).succeeded(3));

    assertThat(SEEN)
        .containsExactly(
            "1 session, open", "1 session, open", "1 session, open", "afterAll: still open");
    assertThat(ScriptedBackend.sessions())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.isOpen()).isFalse();
              assertThat(s.scenarios()).hasSize(3);
            });
  }

  @Test
  void perMethodScopeGivesEachInvocationItsOwnSessionClosedAfterIt() {
    Engine.run(PerMethodTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(3).succeeded(3));

    assertThat(SEEN)
        .containsExactly(
            "session 1, earlier ones closed",
            "session 2, earlier ones closed",
            "session 3, earlier ones closed");
    assertThat(ScriptedBackend.sessions()).hasSize(3).noneMatch(ScriptedSession::isOpen);
  }

  @Test
  void aMethodCanAskForItsOwnSession() {
    Engine.run(SessionAnnotationTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(3).succeeded(3));

    assertThat(ScriptedBackend.sessions()).hasSize(2).noneMatch(ScriptedSession::isOpen);
    assertThat(ScriptedBackend.sessions().get(0).scenarios()).hasSize(2);
    assertThat(ScriptedBackend.sessions().get(1).scenarios()).hasSize(1);
  }

  @Test
  void nestedClassesShareTheSessionOfTheirEnclosingClass() {
    Engine.run(OuterTestCase.class).testEvents().assertStatistics(s -> s.started(2).succeeded(2));

    assertThat(ScriptedBackend.sessions())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.isOpen()).isFalse();
              assertThat(s.scenarios()).hasSize(2);
            });
  }

  @Test
  void theInjectedSessionCannotBeClosedByATest() {
    Engine.run(ClosingTestCase.class).testEvents().assertStatistics(s -> s.started(2).succeeded(2));

    assertThat(ScriptedBackend.sessions())
        .singleElement()
        .satisfies(s -> assertThat(s.scenarios()).hasSize(2));
  }

  private static void record() {
    List<ScriptedSession> sessions = ScriptedBackend.sessions();
    SEEN.add(
        sessions.size()
            + (sessions.size() == 1 ? " session, " : " sessions, ")
            + (sessions.get(sessions.size() - 1).isOpen() ? "open" : "closed"));
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class PerClassTestCase {

    @Incast(senders = {2, 4})
    void a(RunResult run) {
      record();
    }

    @Test
    void b(FabricSession session) {
      session.run(Scenario.incast().senders(2));
      record();
    }

    @AfterAll
    static void afterAll() {
      SEEN.add(
          "afterAll: still " + (ScriptedBackend.sessions().get(0).isOpen() ? "open" : "closed"));
    }
  }

  @FabricTest(
      fabric = "fabrics/tiny.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD,
      session = SessionScope.PER_METHOD)
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class PerMethodTestCase {

    @Incast(senders = {2, 4})
    void a(RunResult run) {
      recordEarlierClosed();
    }

    @Test
    void b(FabricSession session) {
      session.run(Scenario.incast().senders(2));
      recordEarlierClosed();
    }

    private static void recordEarlierClosed() {
      List<ScriptedSession> sessions = ScriptedBackend.sessions();
      boolean earlierClosed =
          sessions.subList(0, sessions.size() - 1).stream().noneMatch(ScriptedSession::isOpen);
      SEEN.add(
          "session "
              + sessions.size()
              + (earlierClosed ? ", earlier ones closed" : ", earlier ones open"));
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class SessionAnnotationTestCase {

    @Incast(senders = {2, 4})
    void a(RunResult run) {}

    @Test
    @Session(SessionScope.PER_METHOD)
    void b(FabricSession session) {
      session.run(Scenario.incast().senders(2));
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class OuterTestCase {

    @Incast(senders = 2)
    void outer(RunResult run) {}

    @Nested
    class Inner {
      @Incast(senders = 4)
      void inner(RunResult run) {}
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class ClosingTestCase {

    @Test
    void a(FabricSession session) {
      try (session) {
        session.run(Scenario.incast().senders(2));
      }
    }

    @Test
    void b(FabricSession session) {
      session.run(Scenario.incast().senders(2));
    }
  }
}
