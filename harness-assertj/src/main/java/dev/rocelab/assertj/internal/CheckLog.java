package dev.rocelab.assertj.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.report.Check;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * The current thread's check recording behind {@link dev.rocelab.assertj.Checks}: its listener, the
 * recording it replaced, and the named limits to recognise in checks.
 */
@API(status = INTERNAL, since = "0.2")
public final class CheckLog {

  private static final ThreadLocal<CheckLog> CURRENT = new ThreadLocal<>();
  private static final StackWalker WALKER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
  // the assertions' own jar or classes directory: their frames are not the test's
  private static final Object OWN_CODE = codeSource(CheckLog.class);

  private final Consumer<Check> listener;
  private final CheckLog replaced;
  private final List<Limit> limits = new ArrayList<>();

  private record Limit(Object value, String source) {}

  private CheckLog(Consumer<Check> listener, CheckLog replaced) {
    this.listener = Objects.requireNonNull(listener, "listener");
    this.replaced = replaced;
  }

  /**
   * @param listener where this thread's checks go
   * @return the new recording, now current
   */
  public static CheckLog start(Consumer<Check> listener) {
    CheckLog log = new CheckLog(listener, CURRENT.get());
    CURRENT.set(log);
    return log;
  }

  /** Ends this recording if it is current, restoring the one it replaced. */
  public void close() {
    if (CURRENT.get() == this) {
      if (replaced == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(replaced);
      }
    }
  }

  /**
   * @param value a limit
   * @param source where it is defined
   */
  public static void limitFrom(Object value, String source) {
    CheckLog log = CURRENT.get();
    if (log != null && value != null) {
      log.limits.add(new Limit(value, Objects.requireNonNull(source, "source")));
    }
  }

  /**
   * Hands a check to the current recording, if there is one.
   *
   * @param quantity what was measured
   * @param where where
   * @param expected the criterion
   * @param actual the measured value, as messages show it
   * @param magnitude the measured value as a number with its unit, if it is a quantity
   * @param passed whether it met the criterion
   * @param bounds the limits compared against, to recognise named ones
   */
  public static void report(
      String quantity,
      String where,
      String expected,
      String actual,
      Optional<Check.Magnitude> magnitude,
      boolean passed,
      Object... bounds) {
    CheckLog log = CURRENT.get();
    if (log == null) {
      return;
    }
    log.listener.accept(
        new Check(
            quantity,
            where,
            expected,
            actual,
            magnitude,
            passed,
            log.sourceOf(bounds),
            callSite()));
  }

  private Optional<String> sourceOf(Object... bounds) {
    Set<String> sources = new LinkedHashSet<>();
    for (Object bound : bounds) {
      for (int i = limits.size() - 1; i >= 0; i--) {
        if (sameValue(limits.get(i).value(), bound)) {
          sources.add(limits.get(i).source());
          break;
        }
      }
    }
    return sources.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", sources));
  }

  private static boolean sameValue(Object limit, Object bound) {
    if (limit instanceof Number a && bound instanceof Number b) {
      return Double.compare(a.doubleValue(), b.doubleValue()) == 0;
    }
    return limit.equals(bound);
  }

  /** The first frame outside AssertJ assertions (these and others) and the JDK: the test's line. */
  private static Optional<String> callSite() {
    return WALKER.walk(
        frames ->
            frames
                .filter(f -> !isFramework(f) && f.getFileName() != null)
                .findFirst()
                .map(f -> f.getFileName() + ":" + f.getLineNumber()));
  }

  private static boolean isFramework(StackWalker.StackFrame frame) {
    Class<?> type = frame.getDeclaringClass();
    String name = type.getName();
    return Objects.equals(codeSource(type), OWN_CODE)
        // other assertion libraries that report checks (e.g. the alert-rule assertions)
        || AbstractAssert.class.isAssignableFrom(type.getNestHost())
        || name.startsWith("org.assertj.")
        || name.startsWith("java.")
        || name.startsWith("jdk.")
        || name.startsWith("sun.");
  }

  private static Object codeSource(Class<?> type) {
    return type.getProtectionDomain().getCodeSource() == null
        ? null
        : type.getProtectionDomain().getCodeSource().getLocation();
  }
}
