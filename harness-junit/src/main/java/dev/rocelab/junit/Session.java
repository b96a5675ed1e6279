package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * {@code @Session} sets the session scope of one test method, overriding {@link
 * FabricTest#session()}: {@code @Session(SessionScope.PER_METHOD)} gives a test a fabric session of
 * its own, e.g. because it changes the fabric's state.
 *
 * @since 0.1
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Session {

  /**
   * @return the scope of this method's session
   */
  SessionScope value();
}
