package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How a receiving NIC treats a data packet that arrives ahead of one it still expects (reordered by
 * adaptive routing or spraying, or behind a lost packet).
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public enum OutOfOrder {
  /**
   * Go-back-N as RoCE NICs run it: the packet is discarded and the gap NAKed once (IBTA C9-114), so
   * the sender resends everything from the expected packet — reordering costs as much as a loss.
   */
  RETRANSMIT,
  /**
   * Direct data placement, as NVIDIA's Spectrum-X SuperNICs and Ultra Ethernet NICs do: the packet
   * is placed and remembered in a window of {@value #WINDOW} packets past the expected one, and the
   * receiver acknowledges cumulatively as gaps fill. Only a packet beyond the window makes it
   * discard and NAK the gap (a packet really lost; one lost at the end of a message waits for the
   * retransmission timeout, as with go-back-N).
   */
  TOLERATE;

  /** The reorder window of a tolerating NIC, in packets (a modelled assumption). */
  public static final int WINDOW = 1024;
}
