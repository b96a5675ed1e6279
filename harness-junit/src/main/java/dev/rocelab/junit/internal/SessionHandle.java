package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricSession;
import org.apiguardian.api.API;

/**
 * The session of a class (or of one method invocation), kept in the extension store: opened when
 * first needed, used by one thread at a time unless its backend's runs may overlap, and closed by
 * JUnit with the store. JUnit closes {@link AutoCloseable} values of the store unless {@code
 * junit.jupiter.extensions.store.close.autocloseable.enabled} is {@code false}.
 */
@API(status = INTERNAL, since = "0.1")
public final class SessionHandle implements AutoCloseable {

  private final FabricConfiguration configuration;
  private final Turn turn;
  private FabricSession session;
  private boolean closed;

  SessionHandle(FabricConfiguration configuration) {
    this.configuration = configuration;
    this.turn = Turn.on(configuration.backend());
  }

  /**
   * @return the configuration the session was opened with
   */
  public FabricConfiguration configuration() {
    return configuration;
  }

  /**
   * @return the backend's session, opened now if this is the first use
   * @throws IllegalStateException if the handle was closed
   */
  public synchronized FabricSession session() {
    if (closed) {
      throw new IllegalStateException(
          "the fabric session of "
              + configuration.testClass().getName()
              + " was closed by JUnit; a test may not keep it beyond its scope");
    }
    if (session == null) {
      session = configuration.backend().open(configuration.spec());
    }
    return session;
  }

  Turn turn() {
    return turn;
  }

  @Override
  public void close() {
    FabricSession opened;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      opened = session;
    }
    if (opened != null) {
      opened.close();
    }
  }
}
