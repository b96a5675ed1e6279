package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The alerting page's sample, compiled and run here; docs/alerting.md must show it as it is. */
class ReadmeExampleTest {

  @Test
  void readmeSampleProvesThePfcStormAlert() {
    FabricSpec fabric = Scenarios.REFERENCE;
    // tag::alerts[]
    try (FabricSession session = FabricBackends.require("model").open(fabric);
        Promtool promtool = Promtool.start()) {
      // a window of traffic: the 64 MiB flows are still running when the 3 ms are up
      RunResult run =
          session.run(
              Scenario.permutation()
                  .flowSize("64MiB")
                  .duration("3ms")
                  .with(Fault.pfcStorm("host2:nic0", 3, "1ms").at("500us"))
                  .named("PFC storm")
                  .completion(Completion.WINDOW));
      // each phase (before, fault, after recovery) held 5 minutes, scraped every 15 s
      OperationalTimeline timeline = OperationalTimeline.of(run, fabric);
      AlertReport report =
          AlertRuleTester.using(promtool)
              .rules(RuleFile.exampleRules()) // or RuleFile.of(Path.of("my-team.rules.yaml"))
              .evaluate(timeline);

      AlertsAssert.assertThat(report).fired("RocePfcStorm").within("2m15s").ofTheFault();
      AlertsAssert.assertThat(report).didNotFire("RoceLinkDown");
      System.out.println(report.table()); // which alerts fired, when
    }
    // end::alerts[]
  }

  @Test
  void theAlertingPageShowsTheSampleAsCompiled() throws IOException {
    String source =
        Files.readString(Path.of("src/test/java/dev/rocelab/alerting/ReadmeExampleTest.java"));
    String snippet =
        source.substring(
            source.indexOf('\n', source.indexOf("// tag::alerts[]")) + 1,
            source.indexOf("    // end::alerts[]"));
    String unindented =
        snippet
            .lines()
            .map(line -> line.length() >= 4 ? line.substring(4) : line)
            .reduce("", (a, b) -> a + b + "\n");

    assertThat(Files.readString(Path.of("../docs/alerting.md")))
        .contains("```java\n" + unindented + "```");
  }
}
