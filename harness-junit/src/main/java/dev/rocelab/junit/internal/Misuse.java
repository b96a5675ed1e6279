package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Names classes, methods and annotations the way misuse messages show them. */
@API(status = INTERNAL, since = "0.1")
public final class Misuse {

  private Misuse() {}

  /**
   * @param method a test method
   * @return {@code com.example.IncastTest#lossless(RunResult)}
   */
  public static String method(Method method) {
    return method.getDeclaringClass().getName()
        + "#"
        + method.getName()
        + "("
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", "))
        + ")";
  }

  /**
   * @param type an annotation type
   * @return {@code @Incast}
   */
  public static String annotation(Class<? extends Annotation> type) {
    return "@" + type.getSimpleName();
  }

  /**
   * @param message what is wrong, naming the class, method or annotation
   * @return the exception to throw
   */
  public static ExtensionConfigurationException of(String message) {
    return new ExtensionConfigurationException(message);
  }

  /**
   * @param message what is wrong, naming the class, method or annotation
   * @param cause the underlying error
   * @return the exception to throw
   */
  public static ExtensionConfigurationException of(String message, Throwable cause) {
    return new ExtensionConfigurationException(message, cause);
  }
}
