package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Finds {@link FabricBackend}s on the class path with {@link ServiceLoader}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricBackends {

  private FabricBackends() {}

  /**
   * Every backend visible to the context class loader, sorted by id.
   *
   * @return the backends; empty if none is installed
   * @throws IllegalStateException if two backends share an id
   */
  public static List<FabricBackend> available() {
    List<FabricBackend> backends = new ArrayList<>();
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    ServiceLoader.load(
            FabricBackend.class, loader != null ? loader : FabricBackends.class.getClassLoader())
        .forEach(backends::add);
    backends.sort(Comparator.comparing(FabricBackend::id));
    for (int i = 1; i < backends.size(); i++) {
      if (backends.get(i).id().equals(backends.get(i - 1).id())) {
        throw new IllegalStateException(
            "two fabric backends have the id \""
                + backends.get(i).id()
                + "\": "
                + backends.get(i - 1).getClass().getName()
                + " and "
                + backends.get(i).getClass().getName());
      }
    }
    return List.copyOf(backends);
  }

  /**
   * A backend by id.
   *
   * @param id e.g. {@code model}
   * @return the backend, or empty
   */
  public static Optional<FabricBackend> find(String id) {
    return available().stream().filter(b -> b.id().equals(id)).findFirst();
  }

  /**
   * A backend by id, which must exist.
   *
   * @param id e.g. {@code model}
   * @return the backend
   * @throws IllegalArgumentException naming the available ids if there is no such backend
   */
  public static FabricBackend require(String id) {
    return find(id)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no fabric backend with id \"" + id + "\"; available: " + availableIds()));
  }

  private static String availableIds() {
    List<FabricBackend> all = available();
    return all.isEmpty()
        ? "none (add a backend such as dev.rocelab:fabric-model to the class path)"
        : all.stream().map(FabricBackend::id).collect(Collectors.joining(", "));
  }
}
