package dev.rocelab.lab.internal;

import dev.rocelab.lab.LabException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command with {@code sh -c} on the machine that runs the tests (a lab's local fault
 * commands). Messages show the command as given in {@code shown}, the template.
 */
final class LocalShell {

  private LocalShell() {}

  static CommandResult run(String command, String shown, Duration timeout) {
    try {
      Process process = new ProcessBuilder("sh", "-c", command).start();
      process.getOutputStream().close();
      CompletableFuture<String> out =
          CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
      CompletableFuture<String> err =
          CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new LabException(
            "timed out after " + timeout.toSeconds() + " s", "local", shown, null);
      }
      return new CommandResult(process.exitValue(), out.get(), err.get());
    } catch (IOException | ExecutionException e) {
      throw new LabException("could not run a local command: " + e, "local", shown, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LabException("interrupted", "local", shown, e);
    }
  }

  private static String read(java.io.InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
