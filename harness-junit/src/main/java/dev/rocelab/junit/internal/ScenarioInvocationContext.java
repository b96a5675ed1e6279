package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.List;
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

  /**
   * @param point the scenario of this invocation
   */
  public ScenarioInvocationContext(ScenarioInvocation point) {
    this.point = point;
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return point.displayName();
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    return List.of(new Invocation(point));
  }

  private record ResultKey() {}

  private record RunKey() {}

  private static final class Invocation implements BeforeEachCallback, ParameterResolver {

    private final ScenarioInvocation point;

    Invocation(ScenarioInvocation point) {
      this.point = point;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
      Contexts.store(context).put(ScenarioInvocation.class, point);
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
