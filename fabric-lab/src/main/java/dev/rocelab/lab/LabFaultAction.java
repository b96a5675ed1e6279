package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The faults a lab can be told how to inject, each with its own {@link LabCommand}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum LabFaultAction {
  /** Take a link down; the command sees {@code {device}} and {@code {port}}. */
  LINK_DOWN("linkDown"),
  /** Bring a link back up; the command sees {@code {device}} and {@code {port}}. */
  LINK_UP("linkUp"),
  /** Reset a switch; the command sees {@code {device}}. */
  RESET("reset"),
  /**
   * Change a setting of a device (a config drift: a firmware or NOS version, a load-balancing mode,
   * an MTU); the command sees {@code {device}}, {@code {setting}} and {@code {value}}.
   */
  CONFIG_DRIFT("configDrift"),
  /**
   * Send pause frames from a host's NIC (a PFC storm, e.g. SONiC's {@code pfc_gen.py}); the command
   * runs for the storming NIC and sees {@code {device}} (its host), {@code {port}} (the NIC),
   * {@code {address}} (its data address), {@code {priority}} and {@code {micros}} (how long to
   * storm, in whole microseconds, rounded up; a storm without end lasts the rest of the scenario's
   * duration). It may return at once with the storm running, or when the storm ends; the run's
   * event is stamped when it returns.
   *
   * @since 0.3
   */
  PFC_STORM("pfcStorm");

  private final String key;

  LabFaultAction(String key) {
    this.key = key;
  }

  /**
   * @return the key in the fabric file's {@code lab.faults}, e.g. {@code linkDown}
   */
  public String key() {
    return key;
  }
}
