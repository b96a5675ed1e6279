package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Finding.Severity;
import org.junit.jupiter.api.Test;

class ProblemTest {

  @Test
  void errorReadsLikeACompilerMessage() {
    Problem problem =
        new Problem(
            "broken.yaml",
            14,
            13,
            "switchProfiles.spectrum4.buffer",
            "\"64MBs\" is not a size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")",
            Severity.ERROR);

    assertThat(problem)
        .hasToString(
            "broken.yaml:14:13 switchProfiles.spectrum4.buffer: \"64MBs\" is not a size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")");
  }

  @Test
  void driftIsLabelled() {
    Problem problem =
        new Problem("lab.yaml", 3, 5, "nicProfiles.cx7.firmware", "not approved", Severity.DRIFT);

    assertThat(problem).hasToString("lab.yaml:3:5 nicProfiles.cx7.firmware: drift: not approved");
    assertThat(problem.isError()).isFalse();
  }

  @Test
  void problemOfTheWholeFileHasNoPath() {
    assertThat(new Problem("empty.yaml", 1, 1, "", "the file is empty", Severity.ERROR))
        .hasToString("empty.yaml:1:1 the file is empty");
  }

  @Test
  void positionsAreOneBased() {
    assertThatThrownBy(() -> new Problem("f.yaml", 0, 1, "", "m", Severity.ERROR))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("line and column are 1-based but were 0:1");
  }
}
