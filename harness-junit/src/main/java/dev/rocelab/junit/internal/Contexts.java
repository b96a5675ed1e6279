package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;

/** Where the extension keeps its state, and how it finds the contexts that own it. */
@API(status = INTERNAL, since = "0.1")
public final class Contexts {

  /** The namespace of everything the extension stores. */
  public static final Namespace NAMESPACE = Namespace.create("dev.rocelab.junit");

  private Contexts() {}

  /**
   * @param context any context
   * @return the extension's store in that context
   */
  public static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(NAMESPACE);
  }

  /**
   * @param context a method, invocation or class context
   * @return the nearest class-level context (the context itself if it is one)
   */
  public static ExtensionContext classContext(ExtensionContext context) {
    ExtensionContext current = context;
    while (current.getTestMethod().isPresent()) {
      current = current.getParent().orElseThrow();
    }
    return current;
  }

  /**
   * @param context a method-level context
   * @return true if it is one invocation of a test template (a scenario annotation, a parameterized
   *     test)
   */
  public static boolean isTemplateInvocation(ExtensionContext context) {
    return context.getTestMethod().isPresent()
        && context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent();
  }

  /**
   * @param context a context
   * @return its parent if that is a class-level context below the engine
   */
  static Optional<ExtensionContext> parentClass(ExtensionContext context) {
    return context
        .getParent()
        .filter(p -> p.getTestClass().isPresent() && p.getTestMethod().isEmpty());
  }
}
