package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

/**
 * Hands the discovery request's configuration to the {@link ShardFilter}, which JUnit does not give
 * it: so the shard can be set wherever JUnit's configuration parameters are (a system property,
 * {@code junit-platform.properties}, Surefire's {@code configurationParameters}, a launcher
 * request), and the filter and the extension, which deals sweep points, always agree. Registered as
 * a launcher service; discovery and its post-discovery filters run on one thread.
 */
@API(status = INTERNAL, since = "0.2")
public final class ShardConfiguration implements LauncherDiscoveryListener {

  private static final ThreadLocal<ConfigurationParameters> CURRENT = new ThreadLocal<>();

  /** The listener the launcher loads. */
  public ShardConfiguration() {}

  @Override
  public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
    CURRENT.set(request.getConfigurationParameters());
  }

  @Override
  public void launcherDiscoveryFinished(LauncherDiscoveryRequest request) {
    CURRENT.remove();
  }

  /**
   * @param key a configuration parameter
   * @return its value in the discovery running on this thread, else the system property
   */
  static Optional<String> parameter(String key) {
    ConfigurationParameters current = CURRENT.get();
    return current != null ? current.get(key) : Optional.ofNullable(System.getProperty(key));
  }
}
