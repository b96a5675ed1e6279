package dev.rocelab.lab.internal;

import java.nio.file.Path;

/** File names as users write them in fabric files. */
final class Paths {

  private Paths() {}

  /**
   * @return the path with a leading {@code ~/} replaced by the user's home directory
   */
  static Path expand(String path) {
    if (path.equals("~") || path.startsWith("~/")) {
      return Path.of(System.getProperty("user.home"), path.substring(1));
    }
    return Path.of(path);
  }
}
