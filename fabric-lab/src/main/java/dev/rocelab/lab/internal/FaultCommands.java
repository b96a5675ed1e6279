package dev.rocelab.lab.internal;

import dev.rocelab.lab.LabCommand;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabFaultAction;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.internal.Templates.Quoting;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the lab's own fault commands: over SSH on an inventory device, as an HTTP request, or on
 * this machine. A command that fails (non-zero exit, HTTP status ≥ 400) is an infrastructure
 * problem; its message shows the template, so no substituted secret is ever printed.
 */
final class FaultCommands {

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final LabInventory lab;
  private final SshConnections ssh;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  FaultCommands(LabInventory lab, SshConnections ssh) {
    this.lab = lab;
    this.ssh = ssh;
  }

  /**
   * @return whether the lab says how to do this
   */
  boolean supports(LabFaultAction action) {
    return lab.faults().containsKey(action);
  }

  /**
   * Runs the command of an action.
   *
   * @param action what to do
   * @param device the device, e.g. {@code leaf1} or {@code host1}
   * @param port the port, or null for a device-wide action
   * @param more further placeholders of the action, e.g. {@code setting} and {@code value}
   */
  void run(LabFaultAction action, String device, String port, Map<String, String> more) {
    LabCommand command = lab.faults().get(action);
    if (command == null) {
      throw new LabException(
          "the lab inventory has no lab.faults." + action.key() + " command",
          device,
          action.key(),
          null);
    }
    Map<String, String> values = new LinkedHashMap<>();
    values.put("device", device);
    if (port != null) {
      values.put("port", port);
    }
    values.putAll(more);
    address(device, port).ifPresent(a -> values.put("address", a));
    String described = action.key() + " → " + command.describe();
    try {
      if (command instanceof LabCommand.Ssh s) {
        String on = Templates.fill(s.host(), values, Quoting.NONE, System::getenv);
        checked(
            ssh.run(
                on,
                Templates.fill(s.run(), values, Quoting.SHELL, System::getenv),
                described,
                TIMEOUT),
            on,
            described);
      } else if (command instanceof LabCommand.Http h) {
        request(h, values, device, described);
      } else if (command instanceof LabCommand.Local l) {
        checked(
            LocalShell.run(
                Templates.fill(l.run(), values, Quoting.SHELL, System::getenv), described, TIMEOUT),
            "local",
            described);
      }
    } catch (IllegalArgumentException badTemplate) {
      throw new LabException(
          "cannot fill the fault command: " + badTemplate.getMessage(),
          device,
          described,
          badTemplate);
    }
  }

  /** A switch's management address, or the data address of a host's NIC. */
  private Optional<String> address(String device, String port) {
    if (lab.switches().containsKey(device)) {
      return Optional.of(lab.switches().get(device).address());
    }
    if (lab.hosts().containsKey(device)) {
      if (port != null && lab.hosts().get(device).nics().containsKey(port)) {
        return Optional.of(lab.hosts().get(device).nics().get(port).address());
      }
      return Optional.of(lab.hosts().get(device).ssh().address());
    }
    return Optional.empty();
  }

  private static void checked(CommandResult result, String device, String described) {
    if (result.exitStatus() != 0) {
      throw new LabException(
          "the fault command exited with status "
              + result.exitStatus()
              + ": "
              + firstLine(result.stderr().isBlank() ? result.stdout() : result.stderr()),
          device,
          described,
          null);
    }
  }

  private void request(
      LabCommand.Http h, Map<String, String> values, String device, String described) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
                URI.create(Templates.fill(h.url(), values, Quoting.URL, System::getenv)))
            .timeout(TIMEOUT)
            .method(
                h.method(),
                h.body().isEmpty()
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(
                        Templates.fill(h.body(), values, Quoting.NONE, System::getenv)));
    h.headers()
        .forEach(
            (name, value) ->
                request.header(name, Templates.fill(value, values, Quoting.NONE, System::getenv)));
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (response.statusCode() >= 400) {
        throw new LabException(
            "the fault request answered HTTP "
                + response.statusCode()
                + ": "
                + firstLine(response.body()),
            device,
            described,
            null);
      }
    } catch (IOException e) {
      throw new LabException("the fault request failed: " + e, device, described, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LabException("interrupted during the fault request", device, described, e);
    }
  }

  static String firstLine(String text) {
    return text.strip().lines().findFirst().orElse("(no output)");
  }
}
