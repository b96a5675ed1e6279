package dev.rocelab.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.reports.internal.Categories;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The categories a sign-off sorts failures into — the same list it writes as Allure's {@code
 * categories.json} — so a suite can check that its failures land where a reviewer looks for them
 * rather than in Allure's default "Product defects".
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class FailureCategories {

  private FailureCategories() {}

  /**
   * @param status an Allure status, e.g. {@code failed} or {@code broken}
   * @param message the failure message
   * @return the name of the first category it falls in, empty if none
   */
  public static Optional<String> of(String status, String message) {
    return Categories.nameOf(status, message);
  }

  /**
   * @return the categories' names, in matching order
   */
  public static List<String> names() {
    return Categories.names();
  }
}
