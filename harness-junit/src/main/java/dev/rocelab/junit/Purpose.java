package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * What a suite (a {@link FabricTest @FabricTest} class) or one of its tests checks, and why: the
 * reviewer's reading of it. Reports show it as the test's description — Allure's description of
 * every test of the class, the method's own before the class's.
 *
 * <pre>{@code
 * @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
 * @Purpose("Incast, microbursts and mixed traffic: lossless classes lose nothing under congestion.")
 * class CongestionTest { … }
 * }</pre>
 *
 * @since 0.2
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = EXPERIMENTAL, since = "0.2")
public @interface Purpose {

  /**
   * @return the description, plain text; Markdown is shown as Allure renders descriptions
   */
  String value();
}
