package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * An Allure results directory as written by allure-jupiter: test results, their containers
 * (fixtures) and the attachment files they refer to. Can copy a part of itself, attachments
 * included, to another directory: that is how the results are split by phase.
 */
final class AllureResults {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<AllureResult> results;
  private final Map<Path, JsonNode> containers;

  private AllureResults(List<AllureResult> results, Map<Path, JsonNode> containers) {
    this.results = results;
    this.containers = containers;
  }

  /**
   * Reads a results directory.
   *
   * @param directory the directory
   * @return its results, in file name order
   * @throws IllegalArgumentException naming the directory or file if it is missing or not Allure's
   */
  static AllureResults read(Path directory) {
    return read(List.of(directory));
  }

  /**
   * Reads several results directories as one: the shards of a suite run on several machines, each
   * with its own attachments. Allure names its files by UUID, so they do not collide.
   *
   * @param directories the directories, at least one
   * @return their results, directory by directory, each in file name order
   * @throws IllegalArgumentException naming the directory or file if it is missing or not Allure's
   */
  static AllureResults read(List<Path> directories) {
    List<AllureResult> results = new ArrayList<>();
    Map<Path, JsonNode> containers = new LinkedHashMap<>();
    for (Path directory : directories) {
      if (!Files.isDirectory(directory)) {
        throw new IllegalArgumentException(directory + ": no such Allure results directory");
      }
      for (Path file : files(directory)) {
        String name = file.getFileName().toString();
        if (name.endsWith("-result.json")) {
          results.add(AllureResult.of(file, parse(file)));
        } else if (name.endsWith("-container.json")) {
          containers.put(file, parse(file));
        }
      }
    }
    return new AllureResults(List.copyOf(results), containers);
  }

  /**
   * @return every test result, in file name order
   */
  List<AllureResult> results() {
    return results;
  }

  /**
   * The results that count: of several results with one history id (a test retried), the last.
   *
   * @param results some results
   * @return one per history id, in the given order
   */
  static List<AllureResult> latest(List<AllureResult> results) {
    Map<String, AllureResult> latest = new LinkedHashMap<>();
    for (AllureResult result : results) {
      latest.merge(result.historyId(), result, (a, b) -> b.stop() >= a.stop() ? b : a);
    }
    return List.copyOf(latest.values());
  }

  /**
   * Copies some results to a directory, with the containers that hold them and every attachment
   * either refers to.
   *
   * @param target the directory, created if needed
   * @param which the results to copy
   * @return how many results were copied
   */
  int copyTo(Path target, Predicate<AllureResult> which) {
    try {
      Files.createDirectories(target);
      Set<String> uuids = new HashSet<>();
      // an attachment lies beside the result or container that refers to it
      Set<Path> attachments = new HashSet<>();
      for (AllureResult result : results) {
        if (which.test(result)) {
          uuids.add(result.uuid());
          Path directory = result.file().getParent();
          result.attachments().forEach(source -> attachments.add(beside(directory, source)));
          copy(result.file(), target);
        }
      }
      for (Map.Entry<Path, JsonNode> container : containers.entrySet()) {
        boolean holdsOne = false;
        for (JsonNode child : container.getValue().path("children")) {
          holdsOne |= uuids.contains(child.asText());
        }
        if (holdsOne) {
          Path directory = container.getKey().getParent();
          AllureResult.attachmentSources(container.getValue())
              .forEach(source -> attachments.add(beside(directory, source)));
          copy(container.getKey(), target);
        }
      }
      for (Path file : attachments) {
        if (file != null && Files.isRegularFile(file)) {
          copy(file, target);
        }
      }
      return uuids.size();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy Allure results to " + target, e);
    }
  }

  /** The attachment file in a directory, or null if its name would leave the directory. */
  private static Path beside(Path directory, String source) {
    Path file = directory.resolve(source).normalize();
    return file.startsWith(directory) ? file : null;
  }

  private static void copy(Path file, Path target) throws IOException {
    Files.copy(
        file, target.resolve(file.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
  }

  private static List<Path> files(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(Files::isRegularFile)
          .sorted(Comparator.comparing(Path::toString))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
  }

  private static JsonNode parse(Path file) {
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          file + ": not an Allure JSON file: " + e.getMessage().lines().findFirst().orElse(""), e);
    }
  }
}
