package dev.rocelab.junit;

import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.internal.Contexts;
import dev.rocelab.junit.internal.FabricConfiguration;
import dev.rocelab.junit.internal.ManagedSession;
import dev.rocelab.junit.internal.Misuse;
import dev.rocelab.junit.internal.NotApplicableInvocationContext;
import dev.rocelab.junit.internal.ScenarioAnnotations;
import dev.rocelab.junit.internal.ScenarioInvocationContext;
import dev.rocelab.junit.internal.Sessions;
import dev.rocelab.junit.internal.Shard;
import dev.rocelab.junit.internal.Signatures;
import dev.rocelab.junit.internal.SweepSelection;
import dev.rocelab.junit.internal.TestReporters;
import dev.rocelab.junit.internal.UnfinishedRuns;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.opentest4j.TestAbortedException;

/**
 * The Jupiter extension behind {@link FabricTest @FabricTest} and the scenario annotations: it
 * resolves the class's configuration (checking the fabric and the backend before any test runs),
 * provides one invocation per sweep point of a scenario annotation, injects sessions and the
 * fabric, turns a backend's "cannot run this" into a skipped test, fails tests whose runs left
 * required work undone, and labels tests for reports.
 */
final class FabricExtension
    implements BeforeAllCallback,
        BeforeEachCallback,
        BeforeTestExecutionCallback,
        AfterTestExecutionCallback,
        AfterEachCallback,
        AfterAllCallback,
        ParameterResolver,
        TestTemplateInvocationContextProvider,
        TestExecutionExceptionHandler,
        LifecycleMethodExecutionExceptionHandler {

  @Override
  public void beforeAll(ExtensionContext context) {
    FabricConfiguration.find(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    boolean scenario = ScenarioAnnotations.isScenarioMethod(method);
    if (scenario && !Contexts.isTemplateInvocation(context)) {
      Signatures.checkAlone(method, ScenarioAnnotations.declaration(method));
    }
    configuration(context, "its test methods");
    if (!scenario) {
      Signatures.check(method, false);
    }
  }

  @Override
  public void beforeTestExecution(ExtensionContext context) {
    FabricConfiguration.find(context)
        .ifPresent(
            configuration -> {
              TestReporters.testStarted(
                  context,
                  configuration,
                  Optional.ofNullable(
                      Contexts.store(context)
                          .get(ScenarioInvocation.class, ScenarioInvocation.class)));
              Contexts.store(context).put(Checks.Recording.class, TestReporters.recordChecks());
            });
  }

  /** Ends the test's check recording: the checks of lifecycle methods are not the test's. */
  @Override
  public void afterTestExecution(ExtensionContext context) {
    Checks.Recording recording =
        Contexts.store(context).remove(Checks.Recording.class, Checks.Recording.class);
    if (recording != null) {
      recording.close();
    }
  }

  /**
   * Fails a test whose runs (in the test or its {@code @BeforeEach}/{@code @AfterEach}) left
   * required work undone, or ends it as broken if they ran out of their wall-clock budget.
   */
  @Override
  public void afterEach(ExtensionContext context) {
    UnfinishedRuns.throwIfStoppedShort(context);
  }

  /** Fails a class whose {@code @BeforeAll}/{@code @AfterAll} runs stopped short, as for a test. */
  @Override
  public void afterAll(ExtensionContext context) {
    UnfinishedRuns.throwIfStoppedShort(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == FabricSession.class || type == FabricSpec.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    FabricConfiguration configuration =
        configuration(
            context, "a " + parameter.getParameter().getType().getSimpleName() + " parameter");
    if (parameter.getParameter().getType() == FabricSpec.class) {
      return configuration.spec();
    }
    return new ManagedSession(Sessions.handle(context, configuration), context);
  }

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return context.getTestMethod().map(ScenarioAnnotations::isScenarioMethod).orElse(false);
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Annotation declaration = ScenarioAnnotations.declaration(method);
    Signatures.checkAlone(method, declaration);
    FabricConfiguration configuration =
        configuration(
            context,
            Misuse.method(method) + " with " + Misuse.annotation(declaration.annotationType()));
    Signatures.check(method, true);
    List<ScenarioInvocation> invocations;
    try {
      invocations = ScenarioAnnotations.invocations(declaration, method, configuration);
    } catch (MissingShapeException missing) {
      return Stream.of(new NotApplicableInvocationContext(missing));
    }
    Optional<Shard> shard = Shard.selected(context);
    SweepSelection sweep = SweepSelection.selected(context);
    return IntStream.range(0, invocations.size())
        .filter(point -> sweep.runs(point, invocations.size()))
        .filter(point -> shard.map(s -> s.dealt(point)).orElse(true))
        .mapToObj(point -> new ScenarioInvocationContext(invocations.get(point), point));
  }

  /** A sharded run deals a sweep's points over the shards: a shard may have none of a small one. */
  @Override
  public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
    return Shard.selected(context).isPresent();
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    Throwable translated = translated(throwable);
    if (!(translated instanceof AssertionError) && !(translated instanceof TestAbortedException)) {
      Optional<Throwable> stoppedShort = UnfinishedRuns.explaining(context, translated);
      if (stoppedShort.isPresent()) {
        throw stoppedShort.get();
      }
    }
    throw translated;
  }

  @Override
  public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    throw translated(throwable);
  }

  @Override
  public void handleBeforeEachMethodExecutionException(
      ExtensionContext context, Throwable throwable) throws Throwable {
    throw translated(throwable);
  }

  @Override
  public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    throw translated(throwable);
  }

  @Override
  public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    throw translated(throwable);
  }

  private static FabricConfiguration configuration(ExtensionContext context, String needer) {
    return FabricConfiguration.find(context)
        .orElseThrow(
            () ->
                Misuse.of(
                    needer
                        + " needs "
                        + context.getRequiredTestClass().getName()
                        + " to be annotated @FabricTest(fabric = …, phase = …)"));
  }

  /**
   * A backend that cannot run a scenario skips the test with its reason; an infrastructure problem
   * met while resolving a parameter is reported as itself, not as a resolution failure.
   */
  private static Throwable translated(Throwable throwable) {
    for (Throwable t = throwable; t != null; t = t.getCause()) {
      if (t instanceof MissingShapeException missing) {
        return new TestAbortedException(missing.reportText(), missing);
      }
      if (t instanceof UnsupportedScenarioException unsupported) {
        return new TestAbortedException(unsupported.getMessage(), unsupported);
      }
      if (t instanceof TestAbortedException aborted) {
        return aborted;
      }
    }
    if (throwable instanceof ParameterResolutionException
        && throwable.getCause() instanceof FabricBackendException) {
      return throwable.getCause();
    }
    return throwable;
  }
}
