package dev.rocelab.junit.internal;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFileException;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** Finds a fabric file as a class path resource, else as a file, and loads it. */
final class FabricLocator {

  private FabricLocator() {}

  /** A fabric file that was found: where, and how to read it. */
  record Located(String origin, Optional<URL> resource, Optional<Path> file) {}

  static Located locate(String location, ClassLoader loader, String where) {
    String resourceName = location.startsWith("/") ? location.substring(1) : location;
    URL url = resourceName.isEmpty() ? null : loader.getResource(resourceName);
    if (url != null) {
      return new Located(url.toString(), Optional.of(url), Optional.empty());
    }
    Path file;
    try {
      file = Path.of(location);
    } catch (InvalidPathException e) {
      throw notFound(location, where);
    }
    if (!Files.isRegularFile(file)) {
      throw notFound(location, where);
    }
    return new Located(
        file.toAbsolutePath().normalize().toString(), Optional.empty(), Optional.of(file));
  }

  static FabricSpec load(Located located, String location, String where) {
    try {
      if (located.file().isPresent()) {
        return FabricFiles.load(located.file().get());
      }
      try (InputStream in = located.resource().orElseThrow().openStream();
          Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
        return FabricFiles.load(reader, location);
      }
    } catch (FabricFileException e) {
      throw Misuse.of(where + ": the fabric file has errors:\n" + e.getMessage(), e);
    } catch (IOException | UncheckedIOException e) {
      throw Misuse.of(where + ": cannot read the fabric file: " + e.getMessage(), e);
    }
  }

  /**
   * The SHA-256 of the fabric file's bytes, for the audit record of a sign-off.
   *
   * @param located a fabric file that was found
   * @return 64 lower-case hex digits
   * @throws UncheckedIOException if the file cannot be read
   */
  static String sha256(Located located) {
    try (InputStream in =
        located.file().isPresent()
            ? Files.newInputStream(located.file().get())
            : located.resource().orElseThrow().openStream()) {
      // the file has loaded, so it is within the fabric file size limit
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static RuntimeException notFound(String location, String where) {
    return Misuse.of(
        where
            + ": there is no class path resource or file \""
            + location
            + "\" (working directory "
            + Path.of("").toAbsolutePath()
            + ")");
  }
}
