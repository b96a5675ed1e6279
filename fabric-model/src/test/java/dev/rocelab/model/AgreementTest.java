package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.analysis.Agreement.Metric;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Two model runs compared as a lab run and a model run are: the same fabric agrees with itself
 * exactly; a twin whose NICs do not run DCQCN — the lab that "sent pauses where the simulator sent
 * none" — is apart exactly where congestion control acts. {@code docs/lab.md} shows that table as
 * this test makes it.
 */
class AgreementTest {

  private static final Scenario INCAST =
      Scenario.incast().senders(16).message("32MiB").dscp(26).duration("60ms").build();

  @Test
  void aRunAgreesWithItselfOnEveryMetric() {
    RunResult run = ModelFixtures.run(ModelFixtures.reference(), INCAST).result();
    RunResult again = ModelFixtures.run(ModelFixtures.reference(), INCAST).result();

    Agreement agreement = Agreement.of(run, again);
    assertThat(agreement.agrees()).isTrue();
    assertThat(agreement.compared())
        .as("flows, latency and every port counter")
        .hasSizeGreaterThanOrEqualTo(8)
        .allSatisfy(r -> assertThat(r.difference()).isZero());
  }

  @Test
  void withoutDcqcnTheTwinPausesWhereTheModelMarks() throws IOException {
    FabricSpec noCc =
        ModelFixtures.reference(
            "    dcqcn:\n      enabled: true", "    dcqcn:\n      enabled: false");
    RunResult lab = ModelFixtures.run(noCc, INCAST).result();
    RunResult model = ModelFixtures.run(ModelFixtures.reference(), INCAST).result();

    Agreement agreement = Agreement.of(lab, model);
    assertThat(Files.readString(Path.of("../docs/lab.md")))
        .as("docs/lab.md shows the table this comparison makes")
        .contains("```text\n" + agreement.table().stripTrailing() + "\n```");

    assertThat(agreement.agrees()).isFalse();
    assertThat(agreement.disagreements()).extracting(Agreement.Row::metric).contains(Metric.PAUSES);
    assertThat(agreement.rows())
        .filteredOn(r -> r.metric() == Metric.PAUSES)
        .extracting(r -> r.actual().getAsDouble() > r.reference().getAsDouble())
        .containsExactly(true);
    assertThat(agreement.rows())
        .extracting(Agreement.Row::metric, Agreement.Row::subject)
        .contains(tuple(Metric.COMPLETION_TIME, "p99"), tuple(Metric.PEAK_QUEUE, "any port"));
  }
}
