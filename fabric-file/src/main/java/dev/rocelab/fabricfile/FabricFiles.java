package dev.rocelab.fabricfile;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Finding;
import dev.rocelab.fabricfile.internal.FabricFileReader;
import dev.rocelab.fabricfile.internal.FabricFileWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * Reads YAML fabric files into {@link FabricSpec}s.
 *
 * <p>A fabric file's keys are the component names of the records in {@code dev.rocelab.api.fabric};
 * {@code fabric.schema.json} next to this class describes the format for editors. Reading does not
 * stop at the first problem: every problem found is reported with file, line, column and field
 * path, then the finished fabric is cross-checked by {@link dev.rocelab.api.fabric.FabricValidator}
 * and its findings are located in the file the same way.
 *
 * <p>Input is bounded before it is parsed: a file larger than 4 MiB, or a line longer than 64 Ki
 * characters, is refused with a problem saying so (system properties {@code
 * rocelab.limits.fileBytes} and {@code rocelab.limits.lineLength} change the limits); a fabric
 * larger than {@link dev.rocelab.api.fabric.FabricLimits} is refused before it is expanded.
 *
 * <pre>{@code
 * FabricSpec fabric = FabricFiles.load(Path.of("fabrics/reference.yaml"));
 *
 * FabricFileReport report = FabricFiles.check(Path.of("lab.yaml"));
 * report.problems().forEach(System.err::println);  // lab.yaml:14:13 switchProfiles.sn5600.buffer: ...
 * }</pre>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricFiles {

  /** The classpath location of the fabric file's JSON Schema (draft 2020-12). */
  public static final String SCHEMA_RESOURCE = "/dev/rocelab/fabricfile/fabric.schema.json";

  /** The {@code $id} of the JSON Schema, for {@code # yaml-language-server: $schema=} lines. */
  public static final String SCHEMA_ID = "https://rocelab.dev/schema/fabric-0.1.json";

  private FabricFiles() {}

  /**
   * Loads a fabric file. Drift findings do not prevent loading; use {@link #check(Path)} to see
   * them.
   *
   * @param file the file, UTF-8 (a byte order mark is honoured); never null
   * @return the fabric
   * @throws FabricFileException listing every problem if the file has errors, cannot be read or is
   *     too large
   */
  public static FabricSpec load(Path file) {
    return check(file).orElseThrow();
  }

  /**
   * Loads a fabric from text, e.g. a test resource.
   *
   * @param content the YAML text; never null
   * @param file the name problems carry, e.g. {@code "fabrics/lab.yaml"}; never null
   * @return the fabric
   * @throws FabricFileException listing every problem if the content has errors
   */
  public static FabricSpec load(String content, String file) {
    return check(content, file).orElseThrow();
  }

  /**
   * Loads a fabric from a reader, e.g. a classpath resource.
   *
   * @param reader the YAML text, read to the end and not closed; never null
   * @param file the name problems carry; never null
   * @return the fabric
   * @throws FabricFileException listing every problem if the content has errors
   * @throws UncheckedIOException if the reader fails
   */
  public static FabricSpec load(Reader reader, String file) {
    return check(reader, file).orElseThrow();
  }

  /**
   * Checks a fabric file without throwing for its content. A file that cannot be read, or is too
   * large, is a problem at its line 1 like any other.
   *
   * @param file the file, UTF-8 (a byte order mark is honoured); never null
   * @return the fabric, if it has no errors, and every problem found
   */
  public static FabricFileReport check(Path file) {
    Objects.requireNonNull(file, "file must not be null");
    String name = file.toString();
    try {
      long size = Files.size(file);
      if (size > FabricFileReader.maxChars()) {
        return refused(
            name,
            "the file is "
                + size
                + " bytes; a fabric file may be at most "
                + FabricFileReader.maxChars()
                + " (rocelab.limits.fileBytes)");
      }
      try (Reader reader = new UnicodeReader(Files.newInputStream(file))) {
        return check(reader, name);
      }
    } catch (IOException | UncheckedIOException e) {
      return refused(
          name,
          "cannot be read: " + reason(e instanceof UncheckedIOException u ? u.getCause() : e));
    }
  }

  /**
   * Writes a fabric as a fabric file with every default written out: what runs, not only what was
   * typed. Reading the text back gives an equal fabric, so it can be kept, diffed against the file
   * it came from, and validated. Sections of other modules are written by their {@link
   * dev.rocelab.fabricfile.spi.SectionReader}, with literal credentials masked.
   *
   * @param fabric a fabric; never null
   * @return its fabric file, YAML, starting with a comment that names it
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static String write(FabricSpec fabric) {
    Objects.requireNonNull(fabric, "fabric must not be null");
    return FabricFileWriter.write(fabric);
  }

  private static String reason(Throwable failure) {
    if (failure instanceof NoSuchFileException) {
      return "no such file";
    }
    if (failure instanceof AccessDeniedException) {
      return "permission denied";
    }
    return failure.getMessage() == null ? failure.toString() : failure.getMessage();
  }

  private static FabricFileReport refused(String file, String message) {
    return new FabricFileReport(
        file, null, List.of(new Problem(file, 1, 1, "", message, Finding.Severity.ERROR)));
  }

  /**
   * Checks a fabric given as text without throwing for its content.
   *
   * @param content the YAML text; never null
   * @param file the name problems carry; never null
   * @return the fabric, if it has no errors, and every problem found
   */
  public static FabricFileReport check(String content, String file) {
    Objects.requireNonNull(content, "content must not be null");
    return check(new StringReader(content), file);
  }

  /**
   * Checks a fabric read from a reader without throwing for its content.
   *
   * @param reader the YAML text, read to the end and not closed; never null
   * @param file the name problems carry; never null
   * @return the fabric, if it has no errors, and every problem found
   * @throws UncheckedIOException if the reader fails
   */
  public static FabricFileReport check(Reader reader, String file) {
    Objects.requireNonNull(reader, "reader must not be null");
    Objects.requireNonNull(file, "file must not be null");
    FabricFileReader.Result result = FabricFileReader.read(reader, file);
    return new FabricFileReport(file, result.spec().orElse(null), result.problems());
  }
}
