package dev.rocelab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code version.properties} at build time. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"rocelab " + version(), "Java ${java.version} (${java.vendor})"};
  }

  static String version() {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version", "unknown");
  }
}
