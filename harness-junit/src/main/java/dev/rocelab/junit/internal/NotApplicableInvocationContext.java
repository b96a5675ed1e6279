package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.MissingShapeException;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * The one invocation of a scenario annotation whose scenario needs a shape the fabric lacks (a
 * redundant uplink on a single-spine fabric): it does not run and is reported as skipped with
 * {@link MissingShapeException#reportText()}, which the sign-off counts as not applicable.
 */
@API(status = INTERNAL, since = "0.3")
public final class NotApplicableInvocationContext implements TestTemplateInvocationContext {

  private final MissingShapeException missing;

  /**
   * @param missing what the fabric lacks
   */
  public NotApplicableInvocationContext(MissingShapeException missing) {
    this.missing = missing;
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return "not applicable";
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    ExecutionCondition notApplicable =
        context -> ConditionEvaluationResult.disabled(missing.reportText());
    return List.of(notApplicable);
  }
}
