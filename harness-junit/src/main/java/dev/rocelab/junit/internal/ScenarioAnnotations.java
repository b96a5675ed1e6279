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
import dev.rocelab.junit.SwitchReset;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.platform.commons.support.AnnotationSupport;

/** The scenario annotations: which a method carries, and the scenarios they declare. */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioAnnotations {

  private static final List<Class<? extends Annotation>> TYPES = List.of(Baseline.class, Incast.class,
      Microburst.class, MixedTraffic.class, LinkFailure.class, SwitchReset.class, PfcStorm.class,
      FirmwareMismatch.class, Collective.class);

  private ScenarioAnnotations() {}

  /** @return the scenario annotation types, in the order reports list them */
  public static List<Class<? extends Annotation>> types() {
    return TYPES;
  }

  /**
   * @param method a method
   * @return true if it carries a scenario annotation, directly or as a meta-annotation
   */
  public static boolean isScenarioMethod(Method method) {
    return TYPES.stream().anyMatch(type -> AnnotationSupport.isAnnotated(method, type));
  }

  /**
   * The one scenario annotation of a method.
   *
   * @param method a scenario method
   * @return its annotation
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException if it has more than one
   */
  public static Annotation declaration(Method method) {
    List<Annotation> found = TYPES.stream()
        .map(type -> AnnotationSupport.findAnnotation(method, type))
        .flatMap(Optional::stream)
        .map(Annotation.class::cast)
        .toList();
    if (found.size() > 1) {
      List<String> names = found.stream().map(a -> Misuse.annotation(a.annotationType())).toList();
      String listed = names.subList(0, names.size() - 1).stream().collect(Collectors.joining(", "))
          + " and " + names.get(names.size() - 1);
      throw Misuse.of(Misuse.method(method) + " declares " + found.size() + " scenario annotations, " + listed
          + "; a test method runs one — inject a FabricSession to run several scenarios in one test");
    }
    return found.get(0);
  }

  /**
   * The invocations a scenario annotation declares: the cartesian product of its multi-valued
   * attributes, first attribute outermost.
   *
   * @param annotation the annotation
   * @param method the method carrying it
   * @param configuration the class's configuration
   * @return the points, at least one
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the attribute if a
   *     value is invalid for the fabric
   */
  public static List<ScenarioPoint> points(Annotation annotation, Method method, FabricConfiguration configuration) {
    Declaration d = new Declaration(annotation, method, configuration);
    try {
      return declared(annotation, d);
    } catch (IllegalArgumentException e) {
      throw d.invalid(e.getMessage());
    }
  }

  private static List<ScenarioPoint> declared(Annotation annotation, Declaration d) {
    if (annotation instanceof Baseline a) {
      return ScenarioFactories.baseline(a, d);
    } else if (annotation instanceof Incast a) {
      return ScenarioFactories.incast(a, d);
    } else if (annotation instanceof Microburst a) {
      return ScenarioFactories.microburst(a, d);
    } else if (annotation instanceof MixedTraffic a) {
      return ScenarioFactories.mixedTraffic(a, d);
    } else if (annotation instanceof LinkFailure a) {
      return FaultScenarioFactories.linkFailure(a, d);
    } else if (annotation instanceof SwitchReset a) {
      return FaultScenarioFactories.switchReset(a, d);
    } else if (annotation instanceof PfcStorm a) {
      return FaultScenarioFactories.pfcStorm(a, d);
    } else if (annotation instanceof FirmwareMismatch a) {
      return FaultScenarioFactories.firmwareMismatch(a, d);
    } else if (annotation instanceof Collective a) {
      return ScenarioFactories.collective(a, d);
    }
    throw new IllegalArgumentException("not a scenario annotation: " + annotation);
  }
}
