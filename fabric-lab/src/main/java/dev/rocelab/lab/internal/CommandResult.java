package dev.rocelab.lab.internal;

/**
 * What a finished command left.
 *
 * @param exitStatus its exit status
 * @param stdout its standard output
 * @param stderr its standard error
 */
record CommandResult(int exitStatus, String stdout, String stderr) {

  /** The exit status of a shell that could not find the program. */
  static final int NOT_FOUND = 127;
}
