package dev.rocelab.api.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Phase;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a test of a {@code @FabricTest} class is, as a report labels it.
 *
 * @param phase the phase its class declares
 * @param criterion what it checks: the test's display name (a scenario test's, not one sweep
 *     point's)
 * @param scenario the scenario of this invocation, if it is a scenario annotation's
 * @param fabricSha256 the SHA-256 of the fabric file's bytes, 64 lower-case hex digits
 * @param parameters what it ran with, in order: fabric, backend, seed, NIC firmware, switch NOS,
 *     then the scenario's attributes; values may hold secrets a report must mask
 * @param purpose the {@code @Purpose} of the test or its class, if any
 * @param sweepPoint the point's place in the whole sweep, e.g. {@code
 *     [engine:junit-jupiter]/…/[sweep-point:3]}, if the test is one point of a sweep; it identifies
 *     the point whichever shard runs it
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TestDescription(
    Phase phase,
    String criterion,
    Optional<String> scenario,
    String fabricSha256,
    Map<String, String> parameters,
    Optional<String> purpose,
    Optional<String> sweepPoint) {

  /** Checks that no component is null; keeps the parameters' order. */
  public TestDescription {
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(criterion, "criterion");
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(fabricSha256, "fabricSha256");
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(sweepPoint, "sweepPoint");
  }
}
