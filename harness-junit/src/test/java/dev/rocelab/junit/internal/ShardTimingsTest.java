package dev.rocelab.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An earlier run's timings, from the JUnit XML reports build tools write. */
class ShardTimingsTest {

  @TempDir Path reports;

  @Test
  void eachClassCostsTheSumOfItsTestCasesTimesOverEveryReport() throws IOException {
    write(
        "module-a/target/surefire-reports/TEST-a.A.xml",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="a.A" tests="2" time="3.5">
          <properties><property name="java.version" value="17"/></properties>
          <testcase name="one" classname="a.A" time="1.25"/>
          <testcase name="two" classname="a.A" time="2.25"><failure message="x">trace</failure></testcase>
          <testcase name="three" classname="a.A$Inner" time="1,000.5"/>
        </testsuite>
        """);
    write(
        "module-b/target/surefire-reports/TEST-b.B.xml",
        """
        <testsuite name="b.B"><testcase name="one" classname="b.B" time="0.5"/></testsuite>
        """);
    write("module-b/target/surefire-reports/b.B.txt", "not a report");

    Map<String, Double> seconds = ShardTimings.read(reports);

    assertThat(seconds).containsOnlyKeys("a.A", "a.A$Inner", "b.B");
    assertThat(seconds.get("a.A")).isCloseTo(3.5, within(1e-9));
    assertThat(seconds.get("a.A$Inner")).isCloseTo(1000.5, within(1e-9));
    assertThat(seconds.get("b.B")).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void aTimeThatIsNoNumberIsNamedWithItsFileAndLine() throws IOException {
    Path report =
        write(
            "TEST-a.A.xml",
            """
            <testsuite name="a.A">
              <testcase name="one" classname="a.A" time="soon"/>
            </testsuite>
            """);

    assertThatThrownBy(() -> ShardTimings.read(reports))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(report + ":2: testcase time \"soon\" is not a number of seconds");
  }

  @Test
  void aFileThatIsNoXmlIsNamed() throws IOException {
    Path report = write("TEST-a.A.xml", "<testsuite><testcase");

    assertThatThrownBy(() -> ShardTimings.read(reports))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(report + ": not a JUnit XML report");
  }

  @Test
  void aDirectoryThatIsNotThereIsNamed() {
    Path missing = reports.resolve("missing");

    assertThatThrownBy(() -> ShardTimings.read(missing))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "-Drocelab.shard.timings=" + missing + ": not a directory of JUnit XML reports");
  }

  private Path write(String name, String text) throws IOException {
    Path file = reports.resolve(name);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }
}
