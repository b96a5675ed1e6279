package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The keys one kind of fabric-file mapping accepts, declared once per kind (the core's in its
 * internal {@code Shapes}, a section reader's beside it); {@link MappingReader} reads mappings
 * through it, and the schema agreement tests compare it with the JSON Schema's {@code $defs} entry
 * of the same {@link #name()}.
 *
 * @param name the name of the matching definition in the JSON Schema ({@code "switchProfile"})
 * @param keys every accepted key, in documentation order, with whether it is required
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Shape(String name, Map<String, Boolean> keys) {

  /**
   * Copies the key table, keeping its order.
   *
   * @param name the name of the matching definition in the JSON Schema
   * @param keys every accepted key, with whether it is required
   */
  public Shape {
    keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
  }

  /**
   * Starts a shape.
   *
   * @param name the schema definition's name
   * @return a builder
   */
  public static Builder named(String name) {
    return new Builder(name);
  }

  /**
   * @param key a key
   * @return whether the key is accepted
   */
  public boolean accepts(String key) {
    return keys.containsKey(key);
  }

  /**
   * @param key a key
   * @return whether the key must be present
   */
  public boolean requires(String key) {
    return keys.getOrDefault(key, false);
  }

  /**
   * @return the required keys, in declaration order
   */
  public List<String> requiredKeys() {
    List<String> required = new ArrayList<>();
    keys.forEach(
        (key, isRequired) -> {
          if (isRequired) {
            required.add(key);
          }
        });
    return required;
  }

  /**
   * Shapes by the value of the key that selects among them ({@code kind}, {@code via}).
   *
   * @param pairs value, shape, value, shape, …
   * @return the shapes by value, in the order given
   */
  public static Map<String, Shape> kinds(Object... pairs) {
    Map<String, Shape> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (Shape) pairs[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }

  /**
   * This shape with more optional keys after its own.
   *
   * @param more the keys to add; those it already has are left as they are
   * @return the wider shape
   */
  public Shape withOptional(Collection<String> more) {
    Map<String, Boolean> wider = new LinkedHashMap<>(keys);
    more.forEach(key -> wider.putIfAbsent(key, false));
    return new Shape(name, wider);
  }

  /** Collects keys in order. */
  public static final class Builder {
    private final String name;
    private final Map<String, Boolean> keys = new LinkedHashMap<>();

    private Builder(String name) {
      this.name = name;
    }

    /**
     * @param names keys that must be present
     * @return this builder
     */
    public Builder required(String... names) {
      for (String key : names) {
        add(key, true);
      }
      return this;
    }

    /**
     * @param names keys that may be present
     * @return this builder
     */
    public Builder optional(String... names) {
      for (String key : names) {
        add(key, false);
      }
      return this;
    }

    private void add(String key, boolean required) {
      if (keys.put(key, required) != null) {
        throw new IllegalStateException(name + " declares key " + key + " twice");
      }
    }

    /**
     * @return the shape
     * @throws IllegalStateException if a key was declared twice
     */
    public Shape build() {
      return new Shape(name, keys);
    }
  }
}
