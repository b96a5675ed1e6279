package dev.rocelab.model.internal.net;

/**
 * A cabled link as faults see it: its two ports (each with the wire it sends on).
 *
 * @param name both ends, for events
 * @param a one end
 * @param b the other end
 */
record FabricLink(String name, Port a, Port b) {

  boolean touches(String port) {
    return a.name.equals(port) || b.name.equals(port);
  }

  boolean isDown() {
    return a.isDown();
  }
}
