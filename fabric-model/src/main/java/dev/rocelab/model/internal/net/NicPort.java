package dev.rocelab.model.internal.net;

/** A NIC's transmit side: data comes from the NIC's queue pairs. */
final class NicPort extends Port {

  private final NicNode nic;
  private int pausePriority;
  private long pauseRefreshPs = Long.MAX_VALUE;

  NicPort(Network net, int gid, String name, long psPerByte, NicNode nic) {
    super(net, gid, name, psPerByte);
    this.nic = nic;
  }

  @Override
  Packet pollData(long now) {
    return nic.pollData(now);
  }

  @Override
  long nextDataTime(long now) {
    return nic.nextDataTime(now);
  }

  /** Starts sending XOFF for a priority, refreshed every half pause until {@link #stopPausing}. */
  void startPausing(int priority, long now) {
    pausePriority = priority;
    pauseRefreshPs = now;
    kick(now);
  }

  /** Stops pausing the peer: sends XON (zero quanta). */
  void stopPausing(long now) {
    if (pauseRefreshPs == Long.MAX_VALUE) {
      return;
    }
    pauseRefreshPs = Long.MAX_VALUE;
    sendPause(0, now);
  }

  @Override
  long ownerTimer() {
    return pauseRefreshPs;
  }

  @Override
  void onOwnerTimer(long now) {
    sendPause(SwitchNode.XOFF_QUANTA, now);
    pauseRefreshPs = now + (long) SwitchNode.XOFF_QUANTA * QUANTUM_BYTES * psPerByte / 2;
  }

  private void sendPause(int quanta, long now) {
    Packet pause = Packet.pause(pausePriority, quanta);
    pause.readyPs = now;
    pause.arrivedPs = now;
    if (sendControl(pause, now)) {
      net.counters.pausesSent[gid * 8 + pausePriority]++;
    }
  }

  @Override
  void onTransmitStart(Packet p, long now) {
    if (p.kind == Packet.DATA) {
      net.sentPayload += p.payload;
      net.dataPacketsSent++;
    }
  }
}
