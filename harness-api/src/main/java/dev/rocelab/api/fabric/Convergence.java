package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How fast a switch routes around a failure: after {@code failureDetection} it drops a failed link
 * of its own from its ECMP groups (loss of signal, BFD); after {@code routeConvergence} beyond the
 * first detection it has learnt of a failure elsewhere (routing protocol) and recomputed its
 * routes. The same delays apply when a link comes back.
 *
 * @param failureDetection time to notice one of its own links failing
 * @param routeConvergence time to learn of a failure elsewhere, counted from its detection
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Convergence(SimTime failureDetection, SimTime routeConvergence) {

  /** A fast fabric: 10 µs to notice a local failure, 200 µs to reconverge on a remote one. */
  public static final Convergence FAST = new Convergence(SimTime.micros(10), SimTime.micros(200));

  /** Validates the fields. */
  public Convergence {
    Checks.notNull(failureDetection, "failureDetection");
    Checks.notNull(routeConvergence, "routeConvergence");
  }
}
