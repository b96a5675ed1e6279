package dev.rocelab.model.net;

/** A NIC's transmit side: data comes from the NIC's queue pairs. */
final class NicPort extends Port {

  private final NicNode nic;
  private int stormPriority;
  private long stormNextPs = Long.MAX_VALUE;
  private long stormUntilPs;

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

  /**
   * Starts a PFC storm: the NIC sends pauses for a priority without end (its receive path is
   * stuck), refreshed before they expire, until {@code untilPs}.
   */
  void startStorm(int priority, long untilPs, long now) {
    stormPriority = priority;
    stormUntilPs = untilPs;
    stormNextPs = now;
    kick(now);
  }

  @Override
  long ownerTimer() {
    return stormNextPs;
  }

  @Override
  void onOwnerTimer(long now) {
    if (now >= stormUntilPs) {
      stormNextPs = Long.MAX_VALUE;
      return;
    }
    Packet pause = Packet.pause(stormPriority, SwitchNode.XOFF_QUANTA);
    pause.readyPs = now;
    pause.arrivedPs = now;
    net.counters.pausesSent[gid * 8 + stormPriority]++;
    sendControl(pause, now);
    stormNextPs = now + (long) SwitchNode.XOFF_QUANTA * QUANTUM_BYTES * psPerByte / 2;
  }

  @Override
  void onTransmitStart(Packet p, long now) {
    if (p.kind == Packet.DATA) {
      net.sentPayload += p.payload;
      net.dataPacketsSent++;
    }
  }
}
