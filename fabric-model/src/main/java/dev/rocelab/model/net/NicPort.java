package dev.rocelab.model.net;

/** A NIC's transmit side: data comes from the NIC's queue pairs. */
final class NicPort extends Port {

  private final NicNode nic;

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

  @Override
  void onTransmitStart(Packet p, long now) {
    if (p.kind == Packet.DATA) {
      net.sentPayload += p.payload;
      net.dataPacketsSent++;
    }
  }
}
