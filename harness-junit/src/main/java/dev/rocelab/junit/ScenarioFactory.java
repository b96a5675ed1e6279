package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Annotation;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Makes the scenarios a scenario annotation declares: named by the annotation's {@link
 * ScenarioSource @ScenarioSource}, created once per annotated method (with its no-argument
 * constructor) when the test plan is built. Read attribute values through the {@link
 * ScenarioDeclaration}, which checks them against the test class's fabric and reports a bad value
 * naming the annotation, the attribute, the value and the method.
 *
 * @param <A> the annotation
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface ScenarioFactory<A extends Annotation> {

  /**
   * The invocations of one annotated method: usually one per combination of the values of the
   * annotation's multi-valued attributes, each scenario {@linkplain ScenarioDeclaration#finish
   * finished} with the class's seed.
   *
   * @param annotation the annotation on the method
   * @param declaration its attribute values read against the fabric
   * @return the invocations, at least one
   */
  List<ScenarioInvocation> invocations(A annotation, ScenarioDeclaration declaration);
}
