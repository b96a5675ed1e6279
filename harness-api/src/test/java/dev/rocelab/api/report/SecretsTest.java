package dev.rocelab.api.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What {@link Secrets} masks in text about to be written, and what it leaves readable. */
class SecretsTest {

  @Test
  void userInfoOfAUrlIsMaskedWhereverTheUrlStands() {
    assertThat(Secrets.mask("Prometheus at https://alice:s3cr3t@prom.lab:9090/ did not answer"))
        .isEqualTo("Prometheus at https://***@prom.lab:9090/ did not answer");
    assertThat(Secrets.mask("prometheus: \"http://token-only@prom:9090\""))
        .isEqualTo("prometheus: \"http://***@prom:9090\"");
    assertThat(Secrets.mask("mail alice@example.com")).isEqualTo("mail alice@example.com");
  }

  @Test
  void queryParametersThatCarryCredentialsAreMaskedOthersKept() {
    assertThat(
            Secrets.mask("GET http://prom:9090/api/v1/query?query=up&access_token=abc123&time=5"))
        .isEqualTo("GET http://prom:9090/api/v1/query?query=up&access_token=***&time=5");
    assertThat(Secrets.mask("http://x/?API_KEY=k1;sig=zz&X-Amz-Signature=ff"))
        .isEqualTo("http://x/?API_KEY=***;sig=***&X-Amz-Signature=***");
    assertThat(Secrets.mask("http://x/?keyspace=a&tokens=2"))
        .isEqualTo("http://x/?keyspace=a&tokens=2");
  }

  @Test
  void authorizationHeadersInTextAreMaskedKeepingTheScheme() {
    assertThat(Secrets.mask("curl -H 'Authorization: Bearer eyJhbGciOi' http://x"))
        .isEqualTo("curl -H 'Authorization: Bearer ***' http://x");
    assertThat(Secrets.mask("authorization=Basic YWxpY2U6cHc="))
        .isEqualTo("authorization=Basic ***");
  }

  @Test
  void registeredValuesAreMaskedAnywhereLongestFirstShortOnesIgnored() {
    Secrets.register("env-value-7f3a");
    Secrets.register("env-value-7f3a-and-more");
    Secrets.register("abc");
    Secrets.register(null);

    assertThat(Secrets.mask("ssh said: env-value-7f3a-and-more, then env-value-7f3a; abc"))
        .isEqualTo("ssh said: ***, then ***; abc");
  }

  @Test
  void headerValuesKeepTheirPlaceholdersAndSchemeOnly() {
    assertThat(Secrets.maskHeaderValue("Bearer ${env:PROM_TOKEN}"))
        .isEqualTo("Bearer ${env:PROM_TOKEN}");
    assertThat(Secrets.maskHeaderValue("Bearer literal-token")).isEqualTo("Bearer ***");
    assertThat(Secrets.maskHeaderValue("k-${env:A}-${env:B}")).isEqualTo("***${env:A}***${env:B}");
    assertThat(Secrets.maskHeaderValue("application/json")).isEqualTo("***");
    assertThat(Secrets.maskHeaderValue("")).isEmpty();
  }

  @Test
  void nothingToMaskLeavesTextAsItWas() {
    assertThat(Secrets.mask(null)).isNull();
    assertThat(Secrets.mask("")).isEmpty();
    assertThat(Secrets.mask("leaf1:eth3 priority 3 paused 2ms"))
        .isEqualTo("leaf1:eth3 priority 3 paused 2ms");
  }
}
