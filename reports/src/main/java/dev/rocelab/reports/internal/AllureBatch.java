package dev.rocelab.reports.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The program {@link AllureCommandLine} runs: several {@code allure generate} one after another in
 * one JVM, on the Allure command line's own class path. One JVM pays for its start and the
 * generator's class loading once, not once per report (the main job's seven reports: 5.3 s and 7.1
 * CPU-seconds, against 12.3 s and 18.8 CPU-seconds as seven processes side by side, measured here).
 *
 * <p>It reaches the command line ({@code io.qameta.allure.CommandLine}, which this module does not
 * compile against) by reflection and uses nothing else, so that on the command line's class path
 * none of this module's other classes load.
 */
final class AllureBatch {

  /** Starts the line naming a report that failed; the rest of the line is its results directory. */
  static final String FAILED = "rocelab: allure generate failed for ";

  private AllureBatch() {}

  /**
   * @param args the command line's home, then pairs of a results directory and its report directory
   * @throws ReflectiveOperationException if the class path holds no Allure command line
   */
  public static void main(String[] args) throws ReflectiveOperationException {
    Path home = Path.of(args[0]);
    Class<?> commandLine = Class.forName("io.qameta.allure.CommandLine");
    Method parse = commandLine.getMethod("parse", String[].class);
    Method run = commandLine.getMethod("run");
    int failed = 0;
    for (int i = 1; i + 1 < args.length; i += 2) {
      String results = args[i];
      String report = args[i + 1];
      String[] generate = {"generate", "--clean", "-o", report, results};
      boolean done;
      try {
        Object line = commandLine.getConstructor(Path.class).newInstance(home);
        // parse answers an exit code only when it ends the program itself (bad arguments, --help)
        done =
            ((Optional<?>) parse.invoke(line, (Object) generate)).isEmpty()
                && "NO_ERROR".equals(String.valueOf(run.invoke(line)));
      } catch (InvocationTargetException e) {
        e.getCause().printStackTrace(System.out);
        done = false;
      }
      if (!done) {
        System.out.println(FAILED + results);
        failed++;
      }
    }
    System.exit(failed == 0 ? 0 : 1);
  }
}
