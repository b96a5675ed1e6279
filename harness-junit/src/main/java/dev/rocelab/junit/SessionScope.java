package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How long a {@link dev.rocelab.api.backend.FabricSession FabricSession} lives.
 *
 * @since 0.1
 * @see FabricTest#session()
 * @see Session
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SessionScope {

  /**
   * One session for all tests of a class (and its {@code @Nested} classes), closed after the class.
   */
  PER_CLASS,

  /**
   * One session for each test method invocation (each sweep point of a scenario annotation is an
   * invocation), closed after it. Lifecycle methods of the class ({@code @BeforeAll}) still get the
   * class session.
   */
  PER_METHOD
}
