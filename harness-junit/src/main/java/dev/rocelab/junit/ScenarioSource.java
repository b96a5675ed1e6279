package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;

/**
 * Makes an annotation a scenario annotation, as {@link Incast @Incast} and the others are: a method
 * carrying it (directly, or through an annotation of your own that carries it) is a test template
 * of a {@link FabricTest @FabricTest} class, with one invocation per scenario that the named {@link
 * ScenarioFactory} makes of the annotation. Like JUnit's {@code @ArgumentsSource}, it is all a new
 * scenario annotation needs — nothing is registered anywhere else:
 *
 * <pre>{@code
 * @Target(ElementType.METHOD)
 * @Retention(RetentionPolicy.RUNTIME)
 * @ScenarioSource(AllToAll.Scenarios.class)
 * public @interface AllToAll {
 *   String[] perPair() default "1MiB";
 *
 *   final class Scenarios implements ScenarioFactory<AllToAll> { … }
 * }
 * }</pre>
 *
 * @since 0.1
 */
@Target(ElementType.ANNOTATION_TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@API(status = EXPERIMENTAL, since = "0.1")
public @interface ScenarioSource {

  /**
   * The factory of the annotation's scenarios: a class with a no-argument constructor.
   *
   * @return the factory class
   */
  Class<? extends ScenarioFactory<?>> value();
}
