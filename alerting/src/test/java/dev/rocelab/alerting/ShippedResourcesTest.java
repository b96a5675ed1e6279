package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The example rules and the Grafana dashboard query only metrics the default naming exports. */
class ShippedResourcesTest {

  private static final Pattern METRIC = Pattern.compile("rocelab_[a-z_]+");

  @Test
  void exampleRulesAndDashboardUseExportedNames() throws IOException {
    MetricNaming naming = MetricNaming.rocelab();
    Set<String> exported =
        Arrays.stream(Metric.values()).map(naming::sampleName).collect(Collectors.toSet());

    assertThat(metrics(RuleFile.exampleRules().content())).isNotEmpty().isSubsetOf(exported);
    assertThat(metrics(resource("grafana/rocelab-roce-fabric.json")))
        .hasSizeGreaterThanOrEqualTo(10)
        .isSubsetOf(exported);
    assertThat(RuleFile.exampleRules().alertNames())
        .containsExactly(
            "RocePfcStorm",
            "RoceLosslessDrops",
            "RoceEcnSurge",
            "RoceCnpSurge",
            "RoceLinkDown",
            "RoceOpticDegrading",
            "RoceFecUncorrectable",
            "RoceBufferNearFull",
            "RoceBusbwRegression");
  }

  private static Set<String> metrics(String text) {
    Set<String> names = new TreeSet<>();
    Matcher m = METRIC.matcher(text);
    while (m.find()) {
      names.add(m.group());
    }
    return names;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = ShippedResourcesTest.class.getClassLoader().getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
