package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * The physical layer of a class of links: speed and cable length.
 *
 * @param speed the line rate
 * @param length the cable length (sets propagation delay and headroom)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record LinkSpec(Rate speed, Length length) {

  /** Validates a positive speed. */
  public LinkSpec {
    Checks.positive(speed, "speed");
    Checks.notNull(length, "length");
  }
}
