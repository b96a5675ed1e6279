package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Why a packet was dropped. A drop on a lossless priority is always reported, whatever the reason.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum DropReason {
  /** A lossy queue exceeded its dynamic-threshold share of the buffer. */
  BUFFER_OVERFLOW,
  /** A lossless priority group filled its headroom: the pause came too late. */
  LOSSLESS_HEADROOM_EXCEEDED,
  /** The packet was on, or queued for, a link that went down. */
  LINK_DOWN,
  /** The packet was in a switch that reset. */
  SWITCH_RESET,
  /** The frame failed its CRC (bit errors). */
  CRC_ERROR,
  /** The PFC watchdog dropped the packet of a stormed queue. */
  PFC_WATCHDOG,
  /** No route to the destination. */
  NO_ROUTE,
  /** The frame exceeded the port MTU. */
  MTU_EXCEEDED
}
