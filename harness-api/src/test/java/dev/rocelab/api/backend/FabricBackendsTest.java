package dev.rocelab.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FabricBackendsTest {

  @Test
  void discoversBackendsListedInMetaInfServices() {
    assertThat(FabricBackends.available())
        .extracting(FabricBackend::id)
        .containsExactly("alpha", "beta");
    assertThat(FabricBackends.require("beta")).isInstanceOf(BetaBackend.class);
    assertThat(FabricBackends.find("gamma")).isEmpty();
  }

  @Test
  void unknownIdFailsWithTheAvailableIds() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> FabricBackends.require("lab"))
        .withMessage("no fabric backend with id \"lab\"; available: alpha, beta");
  }

  @Test
  void sessionNamesTheCapabilitiesAScenarioLacks() {
    Scenario incastWithLinkDown =
        Scenario.of(
                "incast",
                new Workload.Incast(
                    4, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO))
            .with(Fault.linkDown("spine1:eth3").at("2ms"));
    try (FabricSession session = new AlphaBackend().open(null)) {
      assertThat(session.unsupported(incastWithLinkDown))
          .contains("backend alpha cannot run \"incast\": it lacks [LINK_FAULTS]");
      assertThat(session.unsupported(Scenario.of("plain", incastWithLinkDown.workloads().get(0))))
          .isEmpty();
      // the one check every start makes, and so every run
      assertThatThrownBy(() -> session.run(incastWithLinkDown))
          .isInstanceOf(UnsupportedScenarioException.class)
          .hasMessage("backend alpha cannot run \"incast\": it lacks [LINK_FAULTS]");
    }
  }

  /** A test backend that runs traffic but injects no faults. */
  public static final class AlphaBackend implements FabricBackend {
    @Override
    public String id() {
      return "alpha";
    }

    @Override
    public Set<Capability> capabilities() {
      return EnumSet.of(Capability.RDMA_TRAFFIC);
    }

    @Override
    public FabricSession open(FabricSpec spec) {
      FabricBackend backend = this;
      return new FabricSession() {
        @Override
        public FabricSpec fabric() {
          return spec;
        }

        @Override
        public FabricBackend backend() {
          return backend;
        }

        @Override
        public ScenarioRun start(Scenario scenario) {
          requireSupported(scenario);
          throw new UnsupportedScenarioException("not a real backend");
        }

        @Override
        public void close() {}
      };
    }
  }

  /** A second test backend, to check ordering and lookup. */
  public static final class BetaBackend implements FabricBackend {
    @Override
    public String id() {
      return "beta";
    }

    @Override
    public Set<Capability> capabilities() {
      return EnumSet.allOf(Capability.class);
    }

    @Override
    public FabricSession open(FabricSpec spec) {
      throw new FabricBackendException("beta cannot open anything");
    }
  }
}
