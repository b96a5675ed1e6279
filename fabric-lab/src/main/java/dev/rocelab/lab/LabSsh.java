package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How to log in to a lab device over SSH. Holds no secret: the key comes from a file (whose
 * passphrase, if any, is read from an environment variable) or from the SSH agent. Host keys are
 * verified against known_hosts unless {@code strictHostKeyChecking} is turned off explicitly.
 *
 * @param address the management address or host name
 * @param port the SSH port, 1..65535
 * @param user the user to log in as
 * @param identityFile the private key file; empty to use the SSH agent
 * @param passphraseEnv the environment variable holding the key's passphrase; empty if it has none
 * @param knownHosts the known_hosts file; empty for {@code ~/.ssh/known_hosts}
 * @param strictHostKeyChecking false to accept any host key (say so explicitly, for throw-away
 *     labs)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabSsh(
    String address,
    int port,
    String user,
    Optional<String> identityFile,
    Optional<String> passphraseEnv,
    Optional<String> knownHosts,
    boolean strictHostKeyChecking) {

  /** The default SSH port. */
  public static final int DEFAULT_PORT = 22;

  /** Validates the fields. */
  public LabSsh {
    Checks.address(address, "address");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be a TCP port 1..65535 but was " + port);
    }
    Checks.name(user, "user");
    Checks.notNull(identityFile, "identityFile");
    Checks.notNull(passphraseEnv, "passphraseEnv");
    Checks.notNull(knownHosts, "knownHosts");
  }

  /**
   * @return {@code user@address:port}, for messages
   */
  public String target() {
    return user + "@" + address + ":" + port;
  }

  /** Names the target only: key files and variables stay out of logs and reports. */
  @Override
  public String toString() {
    return "ssh " + target();
  }
}
