package dev.rocelab.model.internal.net;

/** Something at the end of a wire: a switch or a NIC. */
interface Node {

  /**
   * A frame arrived whole on one of this node's ports.
   *
   * @param p the frame
   * @param port the local index of the port it arrived on
   * @param now the time in picoseconds
   */
  void receive(Packet p, int port, long now);
}
