package dev.rocelab.lab.internal;

import dev.rocelab.api.report.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills a lab command template: {@code {name}} from the fault's values, {@code ${env:NAME}} from
 * the environment. A fault's value is written for where the command goes ({@link Quoting}), so a
 * name or a value from the fabric file or a scenario always arrives as one literal word, never as
 * more command; the environment's values are the operator's own and go in as they are, inside
 * whatever quotes the template gives them. Only the filled text ever reaches the lab; messages show
 * the template, and the values read from the environment are {@linkplain Secrets#register(String)
 * registered} as secrets.
 */
final class Templates {

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}|\\{([a-zA-Z]+)}");

  /** How a fault's value is written into the command. */
  enum Quoting {
    /**
     * One word for a POSIX shell ({@code sh -c} here, the login shell of the SSH account there): in
     * single quotes, each single quote inside written {@code '\''}.
     */
    SHELL {
      @Override
      String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
      }
    },
    /**
     * Part of a URL: UTF-8, percent-encoded but for RFC 3986's unreserved characters and {@code :}
     * (so an address stays an address and a port name one path segment: {@code Ethernet1/1} is
     * {@code Ethernet1%2F1}).
     */
    URL {
      @Override
      String quote(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
          char c = (char) (b & 0xff);
          if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~:".indexOf(c) >= 0)) {
            out.append(c);
          } else {
            out.append('%').append(String.format("%02X", b & 0xff));
          }
        }
        return out.toString();
      }
    },
    /**
     * As it is: an SSH host to connect to, an HTTP header (which the client refuses to break) or
     * body. Device and port names hold only the characters network inventories use.
     */
    NONE {
      @Override
      String quote(String value) {
        return value;
      }
    };

    abstract String quote(String value);
  }

  private Templates() {}

  /**
   * Fills a template.
   *
   * @param template the text with placeholders
   * @param values the value of each {@code {name}}
   * @param quoting how those values are written
   * @param environment reads an environment variable (null if unset)
   * @return the filled text
   * @throws IllegalArgumentException naming the placeholder or variable that has no value
   */
  static String fill(
      String template,
      Map<String, String> values,
      Quoting quoting,
      UnaryOperator<String> environment) {
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value;
      if (m.group(1) != null) {
        value = environment.apply(m.group(1));
        if (value == null) {
          throw new IllegalArgumentException("environment variable " + m.group(1) + " is not set");
        }
        Secrets.register(value); // whatever is written from here on shows it masked
      } else {
        value = values.get(m.group(2));
        if (value == null) {
          throw new IllegalArgumentException(
              "{"
                  + m.group(2)
                  + "} has no value here; known: "
                  + String.join(", ", values.keySet().stream().map(k -> "{" + k + "}").toList()));
        }
        value = quoting.quote(value);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }
}
