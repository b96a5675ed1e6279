package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A collective seen as steady streams, for the flow-level model: everything one rank sends another
 * over one path during the collective, summed over its steps.
 *
 * @param group the streams that advance together (a channel's ring, chain or tree; all of an
 *     all-to-all): the group is done when all its streams are
 * @param from the sending rank
 * @param to the receiving rank
 * @param connection the network connection, or null over NVLink
 * @param dataBytes the user data it carries in all
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public record Edge(int group, int from, int to, Connection connection, long dataBytes) {

  /**
   * @return whether it stays inside a host
   */
  public boolean nvlink() {
    return connection == null;
  }
}
