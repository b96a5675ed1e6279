package dev.rocelab.lab.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Captured tool outputs under {@code src/test/resources/outputs}. */
final class Outputs {

  private Outputs() {}

  static String read(String name) {
    try (InputStream in = Outputs.class.getResourceAsStream("/outputs/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no captured output " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
