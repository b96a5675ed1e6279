package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a label of an exported series means; its name on the wire comes from {@link
 * MetricNaming.Labels#name(MetricLabel)}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum MetricLabel {
  /** The switch or host. */
  DEVICE,
  /** The port on the device. */
  PORT,
  /** The 802.1p priority. */
  PRIORITY,
  /** The flow id. */
  FLOW,
  /** The drop reason, in lower case. */
  REASON,
  /** The collective operation, e.g. {@code all_reduce}. */
  OPERATION,
  /** The collective message size in bytes. */
  SIZE
}
