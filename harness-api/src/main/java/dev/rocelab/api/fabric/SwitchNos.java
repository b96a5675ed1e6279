package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How a switch NOS version behaves: the defaults it gives the settings a switch profile may leave
 * out (the PFC watchdog, the dynamic-threshold {@code alpha}, the per-queue reserve, load
 * balancing) and how fast its ports honour a received PFC pause. {@link FirmwareRegistry} names the
 * versions.
 *
 * <p>Precedence, for a switch of a profile that names this version: a key written in the profile
 * wins; a key left out takes this version's default. When a switch changes NOS during a run, the
 * new version's pause reaction applies from then on; its buffers and watchdog keep the settings
 * they started with (the model does not re-carve buffers mid-run).
 *
 * @param version the version string, as switch profiles name it
 * @param watchdog the PFC watchdog defaults
 * @param alpha the dynamic-threshold factor default
 * @param reserve the per-(port, priority) reserve default
 * @param pauseReaction the delay between receiving a PFC pause (or resume) and honouring it
 * @param loadBalancing how the version chooses among equal-cost ports by default
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SwitchNos(
    String version,
    PfcWatchdog watchdog,
    double alpha,
    DataSize reserve,
    SimTime pauseReaction,
    LoadBalancing loadBalancing) {

  /** Validates every field. */
  public SwitchNos {
    Checks.name(version, "version");
    Checks.notNull(watchdog, "watchdog");
    Checks.positive(alpha, "alpha");
    Checks.notNull(reserve, "reserve");
    Checks.notNull(pauseReaction, "pauseReaction");
    Checks.notNull(loadBalancing, "loadBalancing");
  }

  /**
   * The behaviour of a version no registry knows, for the model at run time: SONiC's watchdog,
   * {@code alpha} 1/8, no reserve, pauses honoured at once, static ECMP. (A switch profile of an
   * unregistered NOS must write {@code alpha} itself.)
   *
   * @param version the version string
   * @return its behaviour; never null
   */
  public static SwitchNos generic(String version) {
    return new SwitchNos(
        version,
        PfcWatchdog.SONIC_DEFAULT,
        0.125,
        DataSize.ZERO,
        SimTime.ZERO,
        LoadBalancing.DEFAULT);
  }

  /**
   * The same behaviour under another version string (a user profile {@code basedOn} this one).
   *
   * @param newVersion the version string
   * @return a copy named {@code newVersion}
   */
  public SwitchNos named(String newVersion) {
    return new SwitchNos(newVersion, watchdog, alpha, reserve, pauseReaction, loadBalancing);
  }

  /**
   * The same behaviour balancing load another way by default.
   *
   * @param balancing the load-balancing default
   * @return a copy with {@code balancing}
   */
  public SwitchNos withLoadBalancing(LoadBalancing balancing) {
    return new SwitchNos(version, watchdog, alpha, reserve, pauseReaction, balancing);
  }
}
