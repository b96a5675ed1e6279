package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Settings that replace an annotation's value for a whole run: a JUnit configuration parameter
 * (which the launcher also fills from system properties and {@code junit-platform.properties}), a
 * system property, or an environment variable, in that order.
 */
@API(status = INTERNAL, since = "0.1")
public final class Overrides {

  private static volatile UnaryOperator<String> environment = System::getenv;

  private Overrides() {}

  /**
   * A value set outside the code, and where it came from.
   *
   * @param value the value
   * @param source e.g. {@code rocelab.backend} or {@code environment variable ROCELAB_BACKEND}
   */
  public record Override(String value, String source) {}

  /**
   * Looks a setting up.
   *
   * @param context any extension context of the run
   * @param property the configuration parameter and system property name
   * @param variable the environment variable name
   * @return the value, if set and not blank
   */
  public static Optional<Override> lookup(
      ExtensionContext context, String property, String variable) {
    Optional<String> parameter =
        context.getConfigurationParameter(property).filter(v -> !v.isBlank());
    if (parameter.isPresent()) {
      return Optional.of(new Override(parameter.get().trim(), property));
    }
    String system = System.getProperty(property);
    if (system != null && !system.isBlank()) {
      return Optional.of(new Override(system.trim(), property));
    }
    String env = environment.apply(variable);
    if (env != null && !env.isBlank()) {
      return Optional.of(new Override(env.trim(), "environment variable " + variable));
    }
    return Optional.empty();
  }

  /**
   * Replaces the environment, for tests of this class's users.
   *
   * @param replacement looks variables up; {@code System::getenv} restores the real one
   */
  public static void environment(UnaryOperator<String> replacement) {
    environment = replacement;
  }
}
