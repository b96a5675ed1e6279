package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.Collective;
import dev.rocelab.junit.FirmwareMismatch;
import dev.rocelab.junit.Incast;
import dev.rocelab.junit.LinkFailure;
import dev.rocelab.junit.Microburst;
import dev.rocelab.junit.MixedTraffic;
import dev.rocelab.junit.PfcStorm;
import dev.rocelab.junit.ScenarioFactory;
import dev.rocelab.junit.ScenarioInvocation;
import dev.rocelab.junit.ScenarioSource;
import dev.rocelab.junit.SwitchReset;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The scenario annotations — every annotation whose type carries {@link ScenarioSource}, rocelab's
 * own and users' alike: which a method carries, and the scenarios they declare.
 */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioAnnotations {

  /** rocelab's own, in the order messages list them. */
  private static final List<Class<? extends Annotation>> BUILT_IN =
      List.of(
          Baseline.class,
          Incast.class,
          Microburst.class,
          MixedTraffic.class,
          LinkFailure.class,
          SwitchReset.class,
          PfcStorm.class,
          FirmwareMismatch.class,
          Collective.class);

  private ScenarioAnnotations() {}

  /**
   * @return rocelab's scenario annotations, as messages list them, e.g. {@code @Baseline, @Incast,
   *     …}
   */
  public static String builtIn() {
    return BUILT_IN.stream().map(Misuse::annotation).collect(Collectors.joining(", "));
  }

  /**
   * @param type an annotation type
   * @return true if it is a scenario annotation, or carries one as a meta-annotation
   */
  public static boolean isScenarioAnnotation(Class<? extends Annotation> type) {
    return type.isAnnotationPresent(ScenarioSource.class)
        || !found(type, new HashSet<>()).isEmpty();
  }

  /**
   * @param method a method
   * @return true if it carries a scenario annotation, directly or as a meta-annotation
   */
  public static boolean isScenarioMethod(Method method) {
    return !found(method, new HashSet<>()).isEmpty();
  }

  /**
   * The one scenario annotation of a method.
   *
   * @param method a scenario method
   * @return its annotation
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException if it has more than one
   */
  public static Annotation declaration(Method method) {
    List<Annotation> found = found(method, new HashSet<>());
    if (found.size() > 1) {
      List<String> names = found.stream().map(a -> Misuse.annotation(a.annotationType())).toList();
      String listed =
          names.subList(0, names.size() - 1).stream().collect(Collectors.joining(", "))
              + " and "
              + names.get(names.size() - 1);
      throw Misuse.of(
          Misuse.method(method)
              + " declares "
              + found.size()
              + " scenario annotations, "
              + listed
              + "; a test method runs one — inject a FabricSession to run several scenarios in one test");
    }
    return found.get(0);
  }

  /**
   * The invocations a scenario annotation declares, as its {@link ScenarioSource}'s factory makes
   * them.
   *
   * @param annotation the annotation
   * @param method the method carrying it
   * @param configuration the class's configuration
   * @return the invocations, at least one
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the attribute if
   *     a value is invalid for the fabric, or the factory if it makes none or cannot be created
   */
  public static List<ScenarioInvocation> invocations(
      Annotation annotation, Method method, FabricConfiguration configuration) {
    Declaration d = new Declaration(annotation, method, configuration);
    Class<? extends ScenarioFactory<?>> type =
        AnnotationSupport.findAnnotation(annotation.annotationType(), ScenarioSource.class)
            .orElseThrow()
            .value();
    ScenarioFactory<Annotation> factory;
    try {
      @SuppressWarnings("unchecked")
      ScenarioFactory<Annotation> created =
          (ScenarioFactory<Annotation>) ReflectionSupport.newInstance(type);
      factory = created;
    } catch (Exception e) { // newInstance rethrows the constructor's checked exceptions unchecked
      throw d.invalid(
          "its factory "
              + type.getName()
              + " cannot be created ("
              + e
              + "); a ScenarioFactory needs a"
              + " no-argument constructor");
    }
    List<ScenarioInvocation> invocations;
    try {
      invocations = factory.invocations(annotation, d);
    } catch (IllegalArgumentException e) {
      throw d.invalid(e.getMessage());
    }
    if (invocations == null || invocations.isEmpty()) {
      throw d.invalid("its factory " + type.getName() + " made no scenario");
    }
    return invocations;
  }

  /**
   * The scenario annotations on an element, directly or through annotations of annotations, in
   * order.
   */
  private static List<Annotation> found(AnnotatedElement element, Set<Class<?>> seen) {
    List<Annotation> found = new ArrayList<>();
    for (Annotation annotation : element.getAnnotations()) {
      Class<? extends Annotation> type = annotation.annotationType();
      if (type.isAnnotationPresent(ScenarioSource.class)) {
        found.add(annotation);
      } else if (!type.getName().startsWith("java.lang.annotation.") && seen.add(type)) {
        found.addAll(found(type, seen));
        seen.remove(
            type); // only the path from the method is remembered: annotations may annotate each
        // other
      }
    }
    return found;
  }
}
