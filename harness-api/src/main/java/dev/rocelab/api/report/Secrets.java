package dev.rocelab.api.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Keeps credentials out of everything rocelab writes — report attachments, logs, exception
 * messages, sign-off pages. Whatever writes text a person or a CI system will see passes it through
 * {@link #mask(String)}, which masks the user-info of URLs ({@code https://***@host}), query
 * parameters that carry credentials ({@code ?token=***}), credentials after an {@code
 * Authorization:} header name, and every value that was read from the environment for a {@code
 * ${env:…}} template ({@link #register(String)}). Header values from a fabric file go through
 * {@link #maskHeaderValue(String)}: only their {@code ${env:…}} placeholders and the authentication
 * scheme stay readable.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Secrets {

  /** What stands in for a secret. */
  public static final String MASK = "***";

  /** Values shorter than this are not masked where they appear: they would mask ordinary text. */
  public static final int SHORTEST_MASKED = 4;

  private static final Pattern USER_INFO =
      Pattern.compile("(\\b[A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s\"'<>]+@");
  private static final Pattern CREDENTIAL_PARAMETER =
      Pattern.compile(
          "(?i)([?&;](?:access_token|id_token|token|"
              + "api[_-]?key|apikey|key|secret|client_secret|password|passwd|pwd|pass|auth|authorization|signature|sig|"
              + "x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|credential|session)=)[^&;#\\s\"'<>]*");
  private static final Pattern AUTHORIZATION =
      Pattern.compile(
          "(?i)((?:proxy-)?authorization\\s*[:=]\\s*"
              + "(?:(?:bearer|basic|token|digest|negotiate)\\s+)?)[^\\s\"',;]+");
  private static final Pattern TEMPLATE = Pattern.compile("\\$\\{env:[A-Za-z_][A-Za-z0-9_]*}");
  private static final String SCHEMES = "(?i)\\s*(bearer|basic|token|digest|negotiate|apikey)";
  private static final Pattern SCHEME_ALONE = Pattern.compile(SCHEMES + "?\\s*");
  private static final Pattern SCHEME_FIRST = Pattern.compile("^" + SCHEMES + "\\s+");
  private static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();

  private Secrets() {}

  /**
   * Notes a value that must never be written, e.g. one read from the environment for an {@code
   * ${env:…}} template. Values shorter than {@value #SHORTEST_MASKED} characters are ignored.
   *
   * @param value the secret; null is ignored
   */
  public static void register(String value) {
    if (value != null && value.length() >= SHORTEST_MASKED) {
      KNOWN.add(value);
    }
  }

  /**
   * @param text text about to be written; null stays null
   * @return the text with every credential masked
   */
  public static String mask(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    // the longest first, so that a secret that contains another is masked whole
    List<String> known =
        KNOWN.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    for (String secret : known) {
      out = out.replace(secret, MASK);
    }
    out = USER_INFO.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "@");
    out = CREDENTIAL_PARAMETER.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK));
    return AUTHORIZATION.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK));
  }

  /**
   * @param value a header value as a fabric file gives it (a template)
   * @return the value with its {@code ${env:…}} placeholders and authentication scheme kept and
   *     every literal part masked, e.g. {@code Bearer ${env:TOKEN}} as it is, {@code Bearer abc} as
   *     {@code Bearer ***}
   */
  public static String maskHeaderValue(String value) {
    if (value == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    Matcher placeholder = TEMPLATE.matcher(value);
    int from = 0;
    while (placeholder.find()) {
      out.append(literal(value.substring(from, placeholder.start()))).append(placeholder.group());
      from = placeholder.end();
    }
    return out.append(literal(value.substring(from))).toString();
  }

  private static String literal(String part) {
    if (part.isEmpty() || SCHEME_ALONE.matcher(part).matches()) {
      return part;
    }
    Matcher scheme = SCHEME_FIRST.matcher(part);
    return (scheme.find() ? scheme.group() : "") + MASK;
  }
}
