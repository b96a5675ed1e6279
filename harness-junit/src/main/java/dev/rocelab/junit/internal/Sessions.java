package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.junit.Session;
import dev.rocelab.junit.SessionScope;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Finds or opens the session a context uses, in the store of the context that owns it. */
@API(status = INTERNAL, since = "0.1")
public final class Sessions {

  private record ClassSessionKey(String identity) {}

  private record MethodSessionKey(String uniqueId) {}

  private Sessions() {}

  /**
   * The session of a context: the method's own under {@link SessionScope#PER_METHOD}, else the one
   * of the outermost enclosing class that runs the same fabric on the same backend.
   *
   * @param context a class, method or invocation context
   * @param configuration the configuration of its class
   * @return the handle, stored where JUnit will close it
   */
  public static SessionHandle handle(ExtensionContext context, FabricConfiguration configuration) {
    if (context.getTestMethod().isPresent()
        && scope(context, configuration) == SessionScope.PER_METHOD) {
      return Contexts.store(context)
          .getOrComputeIfAbsent(
              new MethodSessionKey(context.getUniqueId()),
              key -> new SessionHandle(configuration),
              SessionHandle.class);
    }
    ExtensionContext owner = Contexts.classContext(context);
    for (Optional<ExtensionContext> parent = Contexts.parentClass(owner);
        parent.isPresent();
        parent = Contexts.parentClass(owner)) {
      Optional<FabricConfiguration> outer = FabricConfiguration.find(parent.get());
      if (outer.isEmpty()
          || !outer.get().sessionIdentity().equals(configuration.sessionIdentity())) {
        break;
      }
      owner = parent.get();
    }
    return Contexts.store(owner)
        .getOrComputeIfAbsent(
            new ClassSessionKey(configuration.sessionIdentity()),
            key -> new SessionHandle(configuration),
            SessionHandle.class);
  }

  private static SessionScope scope(ExtensionContext context, FabricConfiguration configuration) {
    return context
        .getTestMethod()
        .flatMap(method -> AnnotationSupport.findAnnotation(method, Session.class))
        .map(Session::value)
        .orElse(configuration.scope());
  }
}
