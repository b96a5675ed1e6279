package dev.rocelab.model.internal.net;

import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.engine.Simulator;
import java.util.ArrayDeque;

/**
 * A NIC's receive path through a host interface slower than its line: frames wait in the NIC's
 * receive buffer and are written to host memory one after another at the interface's data rate;
 * each is processed (delivered, acknowledged, answered with a CNP) once written. The NIC pauses its
 * peer when the buffer fills ({@link NicNode}).
 */
final class ReceiveDma extends Component {

  private final NicNode nic;
  private final Simulator sim;
  private final long bitsPerSecond;
  private final ArrayDeque<Packet> queue = new ArrayDeque<>();
  private long queuedBytes;

  /**
   * @param nic the NIC whose frames it writes
   * @param sim the engine
   * @param bitsPerSecond the host interface's data rate
   */
  ReceiveDma(NicNode nic, Simulator sim, long bitsPerSecond) {
    this.nic = nic;
    this.sim = sim;
    this.bitsPerSecond = bitsPerSecond;
  }

  /** Queues a received frame behind those not yet written. */
  void accept(Packet p, long now) {
    queue.addLast(p);
    queuedBytes += p.frameBytes;
    if (queue.size() == 1) {
      sim.schedule(this, now + NicNode.transferPs(p.payload, bitsPerSecond));
    }
  }

  @Override
  protected void wake(long now) {
    Packet written = queue.pollFirst();
    queuedBytes -= written.frameBytes;
    Packet next = queue.peekFirst();
    if (next != null) {
      sim.schedule(this, now + NicNode.transferPs(next.payload, bitsPerSecond));
    }
    nic.written(written, now);
  }

  /**
   * @return the frame bytes waiting in the receive buffer
   */
  long queuedBytes() {
    return queuedBytes;
  }

  /**
   * @return the payload bytes waiting, for in-flight accounting
   */
  long queuedPayload() {
    long bytes = 0;
    for (Packet p : queue) {
      bytes += p.payload;
    }
    return bytes;
  }
}
