package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A lab's own way of doing something — shutting a switch port, resetting a switch — as a template.
 * Placeholders in braces ({@code {device}}, {@code {port}}, {@code {address}} — the device's
 * management address) are filled per fault; {@code ${env:NAME}} is replaced by an environment
 * variable when the command runs, so tokens and passwords stay out of the fabric file, and out of
 * messages, which show the template.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface LabCommand permits LabCommand.Ssh, LabCommand.Http, LabCommand.Local {

  /**
   * @return the template as written, for messages (no secret is ever substituted in it)
   */
  String describe();

  /**
   * A command run over SSH on an inventory device.
   *
   * @param host the inventory host or switch to log in to, a template ({@code {device}})
   * @param run the shell command, a template
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Ssh(String host, String run) implements LabCommand {

    /** Validates the fields. */
    public Ssh {
      Checks.name(host, "host");
      Checks.name(run, "run");
    }

    @Override
    public String describe() {
      return "ssh " + host + ": " + run;
    }
  }

  /**
   * An HTTP request to a management API (NVUE, eAPI, a lab controller).
   *
   * @param method the HTTP method, e.g. {@code POST}
   * @param url the URL, a template
   * @param headers request headers, values are templates
   * @param body the request body, a template; may be empty
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Http(String method, String url, Map<String, String> headers, String body)
      implements LabCommand {

    /** Validates the fields and copies the headers. */
    public Http {
      Checks.name(method, "method");
      Checks.name(url, "url");
      headers = Checks.orderedMap(headers, "headers");
      Checks.notNull(body, "body");
    }

    @Override
    public String describe() {
      return method + " " + url;
    }

    /** Shows the method and URL template only: header values may name tokens. */
    @Override
    public String toString() {
      return "Http[" + describe() + "]";
    }
  }

  /**
   * A command run on the machine that runs the tests (a lab controller script, {@code docker}).
   *
   * @param run the shell command, a template
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Local(String run) implements LabCommand {

    /** Validates the fields. */
    public Local {
      Checks.name(run, "run");
    }

    @Override
    public String describe() {
      return "local: " + run;
    }
  }
}
