package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How large a fabric rocelab expands: a fabric beyond these limits is refused before anything is
 * built, naming the field that makes it too large, instead of running out of memory on the way. The
 * defaults leave room for several times the largest fabrics the model is benchmarked on (32,768
 * GPUs on 4,096 hosts); at them a fabric's graph takes a few hundred megabytes. Each can be changed
 * with a system property, e.g. {@code -Drocelab.limits.hosts=131072} (for the command line, in
 * {@code ROCELAB_JAVA_OPTS}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FabricLimits {

  /** Hosts by default ({@code rocelab.limits.hosts}). */
  public static final int DEFAULT_HOSTS = 65_536;

  /** Switches by default ({@code rocelab.limits.switches}). */
  public static final int DEFAULT_SWITCHES = 32_768;

  /**
   * Links by default, NIC links and switch-to-switch links together ({@code rocelab.limits.links}).
   */
  public static final int DEFAULT_LINKS = 1_048_576;

  /** NICs, and as many GPUs, per host by default ({@code rocelab.limits.perHost}). */
  public static final int DEFAULT_PER_HOST = 256;

  private FabricLimits() {}

  /**
   * @return the most hosts a fabric may have
   */
  public static int hosts() {
    return limit("hosts", DEFAULT_HOSTS);
  }

  /**
   * @return the most switches a fabric may have
   */
  public static int switches() {
    return limit("switches", DEFAULT_SWITCHES);
  }

  /**
   * @return the most links a fabric may have
   */
  public static int links() {
    return limit("links", DEFAULT_LINKS);
  }

  /**
   * @return the most NICs, and GPUs, a host may have
   */
  public static int perHost() {
    return limit("perHost", DEFAULT_PER_HOST);
  }

  private static int limit(String name, int defaultValue) {
    Integer value = Integer.getInteger("rocelab.limits." + name);
    return value == null || value < 1 ? defaultValue : value;
  }
}
