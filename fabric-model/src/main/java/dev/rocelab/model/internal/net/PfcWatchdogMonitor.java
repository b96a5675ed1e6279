package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.engine.Component;

/**
 * A switch's PFC watchdog (as in SONiC's pfcwd): every poll interval it looks at each lossless
 * egress queue; one that holds frames and has been paused without a break for the detection time is
 * declared stormed: it stops honouring pauses and, with action drop, discards its frames and those
 * that arrive for it. Once no pause has arrived for the restoration time, it is restored.
 */
final class PfcWatchdogMonitor extends Component {

  private final Network net;
  private final SwitchNode sw;
  private final boolean[] stormed;
  private boolean enabled;
  private long detectionPs;
  private long restorationPs;
  private long pollPs;
  private boolean drop;

  /** A watchdog with {@code config}, polling from {@code now} if it is enabled. */
  PfcWatchdogMonitor(Network net, SwitchNode sw, PfcWatchdog config, long now) {
    this.net = net;
    this.sw = sw;
    this.stormed = new boolean[sw.ports.length * 8];
    net.sim.register(this);
    reconfigure(config, now);
  }

  /**
   * Takes new settings. Enabled, it polls from now on at the new interval; disabled, it lifts what
   * it did (stormed queues honour pauses and forward again) and stops polling.
   */
  void reconfigure(PfcWatchdog config, long now) {
    detectionPs = config.detection().picos();
    restorationPs = config.restoration().picos();
    pollPs = config.pollInterval().picos();
    drop = config.action() == PfcWatchdog.Action.DROP;
    enabled = config.enabled();
    if (enabled) {
      net.sim.schedule(this, now + pollPs);
      return;
    }
    for (SwitchPort port : sw.ports) {
      for (int priority = 0; priority < 8; priority++) {
        if (stormed[port.local * 8 + priority]) {
          restore(port, priority, now, "watchdog disabled");
        }
      }
    }
  }

  @Override
  protected void wake(long now) {
    if (!enabled) {
      return;
    }
    for (SwitchPort port : sw.ports) {
      for (int priority = 0; priority < 8; priority++) {
        if (!sw.isLossless(priority)) {
          continue;
        }
        int slot = port.local * 8 + priority;
        if (!stormed[slot]) {
          long since = port.pausedSince(priority, now);
          if (since >= 0 && now - since >= detectionPs && port.holds(priority)) {
            trigger(port, priority, since, now);
          }
        } else if (now - port.lastPauseReceived(priority) >= restorationPs) {
          restore(port, priority, now, "no pause for " + SimTime.picos(restorationPs));
        }
      }
    }
    net.sim.schedule(this, now + pollPs);
  }

  private void trigger(SwitchPort port, int priority, long since, long now) {
    stormed[port.local * 8 + priority] = true;
    port.ignorePauses(priority, true, now);
    if (drop) {
      port.watchdogDropping[priority] = true;
      port.dropQueue(priority, DropReason.PFC_WATCHDOG, now);
    }
    net.event(
        now,
        FabricEvent.Kind.WATCHDOG_TRIGGERED,
        port.name + "/" + priority,
        "paused without a break since "
            + SimTime.picos(since)
            + "; action "
            + (drop ? "drop" : "forward"));
  }

  private void restore(SwitchPort port, int priority, long now, String why) {
    stormed[port.local * 8 + priority] = false;
    port.ignorePauses(priority, false, now);
    port.watchdogDropping[priority] = false;
    net.event(now, FabricEvent.Kind.WATCHDOG_RESTORED, port.name + "/" + priority, why);
  }
}
