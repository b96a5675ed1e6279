package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One invocation of a scenario annotation: its display name, and an extension that skips it when
 * the backend cannot run the scenario and resolves its {@link RunResult}, {@link ScenarioRun} and
 * {@link Scenario} parameters. The run happens when the parameter is resolved, once per invocation.
 */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioInvocationContext implements TestTemplateInvocationContext {

  private final ScenarioInvocation point;
  private final int index;

  /**
   * @param point the scenario of this invocation
   * @param index its position in the whole sweep, 0-based (a shard runs some of the points)
   */
  public ScenarioInvocationContext(ScenarioInvocation point, int index) {
    this.point = point;
    this.index = index;
  }

  /**
   * The sweep point a test invocation runs, named for reports so that it is the same test whichever
   * shard runs it: JUnit numbers the invocations a shard runs 1, 2… whatever their points.
   *
   * @param context a test's context
   * @return the sweep's unique id followed by the point's position, if the test is a sweep point
   */
  public static Optional<String> sweepPointId(ExtensionContext context) {
    return Optional.ofNullable(Contexts.store(context).get(PointKey.class, Integer.class))
        .map(
            index ->
                context.getParent().orElseThrow().getUniqueId() + "/[sweep-point:" + index + "]");
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return point.displayName();
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    return List.of(new Invocation(point, index));
  }

  private record PointKey() {}

  private record ResultKey() {}

  private record RunKey() {}

  private static final class Invocation implements BeforeEachCallback, ParameterResolver {

    private final ScenarioInvocation point;
    private final int index;

    Invocation(ScenarioInvocation point, int index) {
      this.point = point;
      this.index = index;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
      Contexts.store(context).put(ScenarioInvocation.class, point);
      Contexts.store(context).put(PointKey.class, index);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      Class<?> type = parameter.getParameter().getType();
      return type == RunResult.class || type == ScenarioRun.class || type == Scenario.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      Class<?> type = parameter.getParameter().getType();
      if (type == Scenario.class) {
        return point.scenario();
      }
      if (type == ScenarioRun.class) {
        return Contexts.store(context)
            .getOrComputeIfAbsent(
                new RunKey(), key -> session(context).start(point.scenario()), ScenarioRun.class);
      }
      return Contexts.store(context)
          .getOrComputeIfAbsent(
              new ResultKey(), key -> session(context).run(point.scenario()), RunResult.class);
    }

    private static ManagedSession session(ExtensionContext context) {
      FabricConfiguration configuration = FabricConfiguration.find(context).orElseThrow();
      return new ManagedSession(Sessions.handle(context, configuration), context);
    }
  }
}
