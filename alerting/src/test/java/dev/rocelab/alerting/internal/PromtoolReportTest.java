package dev.rocelab.alerting.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PromtoolReportTest {

  // verbatim from promtool 2.42.0+ds (Debian bookworm) on a rule file with one alert
  private static final String OUTPUT =
      """
      Unit Testing:  test.yaml
        FAILED:
          alertname: HighX, time: 4m,\s
              exp:[],\s
              got:[
                  0:
                    Labels:{alertname="HighX", device="a\\"b", port="eth1", severity="critical"}
                    Annotations:{summary="x high on a\\"b eth1"},
                  1:
                    Labels:{alertname="HighX", device="c", port="eth2", severity="critical"}
                    Annotations:{summary="x high on c eth2"}
                  ]
          alertname: HighX, time: 1h5m15s,\s
              exp:[],\s
              got:[
                  0:
                    Labels:{alertname="HighX", device="c", port="eth2", severity="critical"}
                    Annotations:{}
                  ]
      """;

  @Test
  void readsEveryFailureWithItsAlertsLabelsAndAnnotations() {
    List<PromtoolReport.Failure> failures = PromtoolReport.failures(OUTPUT);

    assertThat(failures).hasSize(2);
    assertThat(failures.get(0).alertname()).isEqualTo("HighX");
    assertThat(failures.get(0).time()).isEqualTo(Duration.ofMinutes(4));
    assertThat(failures.get(0).got())
        .containsExactly(
            new PromtoolReport.Alert(
                Map.of(
                    "alertname", "HighX", "device", "a\"b", "port", "eth1", "severity", "critical"),
                Map.of("summary", "x high on a\"b eth1")),
            new PromtoolReport.Alert(
                Map.of("alertname", "HighX", "device", "c", "port", "eth2", "severity", "critical"),
                Map.of("summary", "x high on c eth2")));
    assertThat(failures.get(1).time()).isEqualTo(Duration.ofMinutes(65).plusSeconds(15));
    assertThat(failures.get(1).got().get(0).annotations()).isEmpty();
  }

  @Test
  void readsGoDurationsAndRejectsOthers() {
    assertThat(PromtoolReport.duration("0s")).isZero();
    assertThat(PromtoolReport.duration("1m500ms")).isEqualTo(Duration.ofMillis(60_500));
    assertThatThrownBy(() -> PromtoolReport.duration("5 minutes"))
        .hasMessage("not a Prometheus duration: \"5 minutes\"");
  }

  @Test
  void writesDurationsAsPrometheusDoes() {
    assertThat(PromtoolTestFile.go(Duration.ofSeconds(315))).isEqualTo("5m15s");
    assertThat(PromtoolTestFile.go(Duration.ZERO)).isEqualTo("0s");
    assertThat(PromtoolReport.duration(PromtoolTestFile.go(Duration.ofMillis(3_723_004))))
        .isEqualTo(Duration.ofMillis(3_723_004));
  }
}
