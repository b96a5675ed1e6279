package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.MachineLock;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apiguardian.api.API;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * Prometheus' {@code promtool}, from Debian's {@code prometheus} package, in a container.
 *
 * <p>Image: built locally from this module's {@code dev/rocelab/alerting/promtool/Dockerfile}
 * ({@code FROM debian:bookworm-slim}, no registry needed) and tagged {@code rocelab-promtool:<hash
 * of the Dockerfile>}, so it is built once per machine and rebuilt only when the Dockerfile
 * changes. No ports: the container idles and each command runs in it with {@code docker exec}.
 * Start one per test class or suite and close it after; it is not thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Promtool implements AutoCloseable {

  private static final String DOCKERFILE = "dev/rocelab/alerting/promtool/Dockerfile";

  private final GenericContainer<?> container;
  private final String version;

  private Promtool(GenericContainer<?> container, String version) {
    this.container = container;
    this.version = version;
  }

  /**
   * Starts the container, building its image first if this machine has none.
   *
   * @return a running promtool
   * @throws PromtoolUnavailableException if no Docker engine answers or the container does not
   *     start
   */
  public static Promtool start() {
    boolean docker;
    RuntimeException why = null;
    try {
      docker = DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      docker = false;
      why = e;
    }
    if (!docker) {
      throw new PromtoolUnavailableException(
          "promtool runs in a Docker container and no Docker engine answers"
              + " (check `docker info`; on a CI machine .ci/docker installs and starts one)",
          why);
    }
    String dockerfile = dockerfile();
    String image = "rocelab-promtool:" + hash(dockerfile);
    GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image));
    container.withCommand("sleep", "infinity");
    try {
      // one build per machine: another process building it meanwhile is waited for
      MachineLock.holding(
          "image-" + image.replace(':', '-'),
          () ->
              imageExists(image)
                  ? image
                  : new ImageFromDockerfile(image, false)
                      .withFileFromTransferable("Dockerfile", Transferable.of(dockerfile))
                      .get());
      container.start();
      ExecResult result = container.execInContainer("promtool", "--version");
      String first =
          (result.getStdout() + result.getStderr()).strip().lines().findFirst().orElse("");
      return new Promtool(container, first);
    } catch (RuntimeException | IOException e) {
      container.stop();
      throw new PromtoolUnavailableException(
          "the promtool container ("
              + image
              + ", built from "
              + DOCKERFILE
              + " FROM debian:bookworm-slim) did not start: "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      container.stop();
      throw new PromtoolUnavailableException("interrupted while starting promtool", e);
    }
  }

  private static boolean imageExists(String image) {
    try {
      DockerClientFactory.instance().client().inspectImageCmd(image).exec();
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String dockerfile() {
    try (InputStream in = Promtool.class.getClassLoader().getResourceAsStream(DOCKERFILE)) {
      if (in == null) {
        throw new IllegalStateException("no " + DOCKERFILE + " on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + DOCKERFILE, e);
    }
  }

  private static String hash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /**
   * @return the first line of {@code promtool --version}, e.g. {@code promtool, version 2.42.0+ds
   *     ...}
   */
  public String version() {
    return version;
  }

  /**
   * Writes a file into the container.
   *
   * @param path an absolute path in the container
   * @param content its content
   */
  public void write(String path, String content) {
    container.copyFileToContainer(Transferable.of(content.getBytes(StandardCharsets.UTF_8)), path);
  }

  /**
   * Runs promtool.
   *
   * @param workingDirectory the directory to run in, in the container
   * @param arguments promtool's arguments, e.g. {@code test rules tests.yaml}
   * @return its exit code and output
   */
  public Result run(String workingDirectory, String... arguments) {
    // sh -c 'cd "$0" && exec promtool "$@"' DIR ARGS...: promtool resolves rule files from its
    // working directory
    String[] command = new String[arguments.length + 4];
    command[0] = "sh";
    command[1] = "-c";
    command[2] = "cd \"$0\" && exec promtool \"$@\"";
    command[3] = workingDirectory;
    System.arraycopy(arguments, 0, command, 4, arguments.length);
    try {
      ExecResult result = container.execInContainer(command);
      return new Result(result.getExitCode(), result.getStdout(), result.getStderr());
    } catch (IOException e) {
      throw new PromtoolUnavailableException(
          "cannot run promtool in its container: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PromtoolUnavailableException("interrupted while running promtool", e);
    }
  }

  /**
   * What a promtool command returned.
   *
   * @param exitCode its exit code
   * @param stdout its standard output
   * @param stderr its standard error
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Result(int exitCode, String stdout, String stderr) {

    /**
     * @return standard output and error, in that order
     */
    public String output() {
      return (stdout + stderr).strip();
    }
  }

  @Override
  public void close() {
    container.stop();
  }
}
