package dev.rocelab.model.internal.collective;

import dev.rocelab.api.fabric.Framing;
import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.net.Network;
import java.util.ArrayList;
import java.util.List;

/**
 * Point-to-point transfers at flow fidelity (a training job's pipeline activations, say): each is
 * one stream along the path of its queue pair (ECMP's, or spread where switches balance adaptively:
 * {@link dev.rocelab.model.internal.net.Network#addRoute}), its bytes on the wire with every
 * packet's headers, sharing links max-min fairly with the run's other flow-level traffic ({@link
 * FlowLevelShare}). It is done when its bytes have gone; a transfer whose path ends at a failed
 * link waits for routes to move it. Not modelled, as for flow-level collectives: queues, PFC,
 * congestion control, latency.
 */
public final class FlowLevelTransfers extends Component
    implements FlowLevelShare.Member, Network.TopologyListener {

  /** Told when a transfer's bytes have all gone. */
  public interface Listener {
    /**
     * @param transfer the transfer's id, as given to {@link #start}
     * @param now when
     */
    void transferDone(int transfer, long now);
  }

  private static final double PS_PER_SECOND = 1e12;
  private static final double DONE = 1e-12;

  private final Network net;
  private final FlowLevelShare share;
  private final Listener listener;
  private final List<Transfer> active = new ArrayList<>();
  private long updatedPs;

  /** Whether the rates must be set anew: transfers started or their routes changed. */
  private boolean reshareDue;

  /** One transfer under way: what is left of it, 1 → 0, and the links it loads. */
  private static final class Transfer {
    final int id;
    final int queuePair;
    final double wireBytes;
    double remaining = 1;
    double rate;
    int[] links;
    double[] loads;
    boolean stalled;

    Transfer(int id, int queuePair, double wireBytes) {
      this.id = id;
      this.queuePair = queuePair;
      this.wireBytes = wireBytes;
    }
  }

  /**
   * @param net the network (the transfers' queue pairs never send)
   * @param share the links the transfers share with the run's other flow-level traffic
   * @param listener told of finished transfers
   */
  public FlowLevelTransfers(Network net, FlowLevelShare share, Listener listener) {
    this.net = net;
    this.share = share;
    this.listener = listener;
    share.join(this);
    net.simulator().register(this);
    net.addTopologyListener(this);
  }

  /**
   * Starts a transfer now. Its rate is set when the transfers started at the same time are all in:
   * one re-sharing of the links for all of them.
   *
   * @param id its id, given back when it is done
   * @param queuePair the queue pair whose path it takes
   * @param bytes its payload
   * @param now the time
   */
  public void start(int id, int queuePair, long bytes, long now) {
    progress(now);
    long mtu = net.mtu(queuePair);
    long packets = (bytes + mtu - 1) / mtu;
    Transfer t =
        new Transfer(
            id,
            queuePair,
            bytes + packets * (double) (Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD));
    route(t);
    active.add(t);
    reshareDue = true;
    net.simulator().schedule(this, now);
  }

  @Override
  public void topologyChanged(long now) {
    if (!active.isEmpty()) {
      progress(now);
      active.forEach(this::route);
      reshareDue = true;
      net.simulator().schedule(this, now);
    }
  }

  @Override
  protected void wake(long now) {
    progress(now);
    boolean finished = false;
    for (int i = 0; i < active.size(); ) {
      Transfer t = active.get(i);
      if (t.remaining <= DONE) {
        active.remove(i);
        listener.transferDone(t.id, now);
        finished = true;
      } else {
        i++;
      }
    }
    if (finished || reshareDue) {
      reshareDue = false;
      share.reshare(now);
    } else {
      scheduleNext(now);
    }
  }

  @Override
  public void progress(long now) {
    if (now <= updatedPs) {
      return;
    }
    double seconds = (now - updatedPs) / PS_PER_SECOND;
    for (Transfer t : active) {
      t.remaining = Math.max(0, t.remaining - t.rate * seconds);
    }
    updatedPs = now;
  }

  @Override
  public boolean running() {
    return !active.isEmpty();
  }

  @Override
  public void addGroups(List<int[]> linksOf, List<double[]> loadsOf, List<Boolean> frozen) {
    for (Transfer t : active) {
      linksOf.add(t.links);
      loadsOf.add(t.loads);
      frozen.add(t.remaining <= DONE || t.stalled);
    }
  }

  @Override
  public int takeRates(double[] rates, int from) {
    for (Transfer t : active) {
      t.rate = rates[from++];
    }
    return from;
  }

  @Override
  public void scheduleNext(long now) {
    long from = Math.max(now, updatedPs);
    long next = Long.MAX_VALUE;
    for (Transfer t : active) {
      if (t.remaining <= DONE) {
        next = from;
      } else if (t.rate > 0) {
        next =
            Math.min(
                next, from + Math.max(1, (long) Math.ceil(t.remaining / t.rate * PS_PER_SECOND)));
      }
    }
    if (next != Long.MAX_VALUE) {
      net.simulator().schedule(this, next);
    } else {
      net.simulator().cancel(this);
    }
  }

  /**
   * The links a transfer's path loads and its wire bytes on each; stalled if the path is broken.
   */
  private void route(Transfer t) {
    double[] dense = new double[share.links()];
    t.stalled = !net.addRoute(t.queuePair, dense, t.wireBytes);
    FlowLevelShare.Load load = FlowLevelShare.Load.of(dense);
    t.links = load.links();
    t.loads = load.bytes();
  }
}
