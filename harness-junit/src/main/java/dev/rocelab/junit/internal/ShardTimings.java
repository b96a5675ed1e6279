package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apiguardian.api.API;

/**
 * How long each test class took in an earlier run, read from the JUnit XML reports that run wrote
 * ({@code TEST-*.xml}, as Maven Surefire and Failsafe, Gradle and most CI tools write them): the
 * sum of its test cases' {@code time}, per {@code classname} ({@code Outer$Inner} for a nested
 * class). Sharding deals the costliest classes first, so the shards finish together. Selected with
 * {@code -Drocelab.shard.timings=DIR} or {@code ROCELAB_SHARD_TIMINGS=DIR}; every job of a matrix
 * must read the same reports (for example the main branch's last run, restored from the CI cache),
 * or the shards would not be disjoint.
 */
@API(status = INTERNAL, since = "0.2")
public final class ShardTimings {

  /** The system property naming the reports' directory. */
  public static final String PROPERTY = "rocelab.shard.timings";

  /** The environment variable naming it when the property is not set. */
  public static final String ENVIRONMENT_VARIABLE = "ROCELAB_SHARD_TIMINGS";

  private ShardTimings() {}

  /**
   * @return the directory JUnit's configuration parameter (see {@link ShardConfiguration}) or the
   *     environment names, if any
   */
  public static Optional<Path> selected() {
    return ShardConfiguration.parameter(PROPERTY)
        .or(() -> Optional.ofNullable(System.getenv(ENVIRONMENT_VARIABLE)))
        .filter(s -> !s.isBlank())
        .map(Path::of);
  }

  /**
   * Reads the reports under a directory (and its subdirectories: one per module).
   *
   * @param directory where the reports are
   * @return seconds per test class name, sorted by name
   * @throws IllegalArgumentException naming the directory or the file that cannot be read
   */
  public static Map<String, Double> read(Path directory) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          "-D" + PROPERTY + "=" + directory + ": not a directory of JUnit XML reports");
    }
    Map<String, Double> seconds = new TreeMap<>();
    List<Path> reports;
    try (Stream<Path> files = Files.walk(directory)) {
      reports =
          files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
    for (Path report : reports) {
      readReport(report, seconds);
    }
    return seconds;
  }

  private static void readReport(Path report, Map<String, Double> seconds) {
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    try (InputStream in = Files.newInputStream(report)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      while (xml.hasNext()) {
        if (xml.next() == XMLStreamConstants.START_ELEMENT
            && xml.getLocalName().equals("testcase")) {
          String owner = xml.getAttributeValue(null, "classname");
          String time = xml.getAttributeValue(null, "time");
          if (owner != null && time != null) {
            seconds.merge(owner, parseTime(report, xml, time), Double::sum);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + report, e);
    } catch (XMLStreamException e) {
      throw new IllegalArgumentException(
          report + ": not a JUnit XML report (" + e.getMessage() + ")", e);
    }
  }

  private static double parseTime(Path report, XMLStreamReader xml, String time) {
    try {
      return Double.parseDouble(time.replace(",", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          report
              + ":"
              + xml.getLocation().getLineNumber()
              + ": testcase time \""
              + time
              + "\" is not a number of seconds",
          e);
    }
  }
}
