package dev.rocelab.lab.internal;

import dev.rocelab.api.report.Secrets;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills a lab command template: {@code {name}} from the fault's values, {@code ${env:NAME}} from
 * the environment. Only the filled text ever reaches the lab; messages show the template, and the
 * values read from the environment are {@linkplain Secrets#register(String) registered} as secrets.
 */
final class Templates {

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}|\\{([a-zA-Z]+)}");

  private Templates() {}

  /**
   * Fills a template.
   *
   * @param template the text with placeholders
   * @param values the value of each {@code {name}}
   * @param environment reads an environment variable (null if unset)
   * @return the filled text
   * @throws IllegalArgumentException naming the placeholder or variable that has no value
   */
  static String fill(
      String template, Map<String, String> values, UnaryOperator<String> environment) {
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
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }
}
