package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A full-duplex link of an expanded fabric. For generated topologies {@code a} is the lower-tier
 * end (host or leaf) and {@code b} the upper one.
 *
 * @param a one end
 * @param b the other end
 * @param spec speed and cable length
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Link(Endpoint a, Endpoint b, LinkSpec spec) {

  /** Validates the fields. */
  public Link {
    Checks.notNull(a, "a");
    Checks.notNull(b, "b");
    Checks.notNull(spec, "spec");
  }

  /**
   * The end opposite to the given one.
   *
   * @param end one of this link's ends
   * @return the other end
   */
  public Endpoint peerOf(Endpoint end) {
    if (end.equals(a)) {
      return b;
    }
    if (end.equals(b)) {
      return a;
    }
    throw new IllegalArgumentException(end + " is not an end of " + this);
  }

  @Override
  public String toString() {
    return a + " <-> " + b + " (" + spec.speed() + ", " + spec.length() + ")";
  }
}
