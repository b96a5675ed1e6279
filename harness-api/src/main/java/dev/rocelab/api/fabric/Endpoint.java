package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A port of a device, written {@code device:port} (e.g. {@code leaf1:eth3}, {@code host2:nic0}).
 *
 * @param device the device name
 * @param port the port name on that device
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Endpoint(String device, String port) implements Comparable<Endpoint> {

  /**
   * Validates that both are names of the characters {@linkplain Checks#deviceName network
   * inventories use} (so neither holds the ':' between them).
   */
  public Endpoint {
    Checks.deviceName(device, "device");
    Checks.deviceName(port, "port");
  }

  /**
   * Parses {@code device:port}.
   *
   * @param text e.g. {@code "leaf1:eth3"}
   * @return the endpoint
   * @throws IllegalArgumentException if the text is not {@code device:port}
   */
  public static Endpoint parse(String text) {
    Checks.notNull(text, "endpoint");
    int colon = text.indexOf(':');
    if (colon <= 0 || colon == text.length() - 1 || text.indexOf(':', colon + 1) >= 0) {
      throw new IllegalArgumentException(
          "\"" + text + "\" is not a port; write device:port (e.g. \"leaf1:eth3\")");
    }
    return new Endpoint(text.substring(0, colon), text.substring(colon + 1));
  }

  @Override
  public int compareTo(Endpoint other) {
    int byDevice = NaturalOrder.INSTANCE.compare(device, other.device);
    return byDevice != 0 ? byDevice : NaturalOrder.INSTANCE.compare(port, other.port);
  }

  @Override
  public String toString() {
    return device + ":" + port;
  }
}
