package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How a switch chooses among the equal-cost ports towards a destination.
 *
 * <p>{@link Mode#ECMP} hashes each flow onto one port for good. The other modes weigh the ports by
 * a <b>congestion band</b>, 0 (idle) to {@code bands − 1}, as switch ASICs quantise port quality:
 * the port's egress occupancy (bytes held, all priorities) in steps of {@code queueStep}, and its
 * recent load (the share of line rate it sent in the last completed {@code loadWindow}) in equal
 * steps, mixed as {@code round(queueWeight × queue band + (1 − queueWeight) × load band)}. A port
 * that is down is never chosen; the ports of the lowest band take turns (a rotating pointer per
 * switch, starting where the switch's seed puts it), so at low load a sprayed flow spreads evenly
 * and results stay deterministic. Data frames are balanced; ACK, NACK and CNP frames take the
 * hashed path (adaptive routing is enabled per traffic class, and the CNP class usually is not).
 *
 * <ul>
 *   <li>{@link Mode#FLOWLET}: a flow keeps its port while its packets come closer together than
 *       {@code flowletGap}; after a longer silence it moves to the best port (Broadcom's dynamic
 *       load balancing). The model keeps one entry per queue pair, as a flowlet table without
 *       collisions.
 *   <li>{@link Mode#PACKET}: every data packet goes to the best port (NVIDIA Spectrum-X adaptive
 *       routing, Ultra Ethernet spraying); a flow's packets arrive out of order wherever paths
 *       differ, and the receiving NIC's {@link OutOfOrder} handling decides what that costs.
 *   <li>{@link Mode#GLOBAL}: as {@link Mode#FLOWLET} (per packet with a zero {@code flowletGap}),
 *       but a port's band is the worse of its own and the next switch's best band towards the
 *       destination (one past the worst if that switch has no live way there). The switch samples
 *       the bands of the next switches' ports every {@code remotePeriod} and uses each sample
 *       {@code remoteDelay} after it was taken, as path quality propagated between switches.
 * </ul>
 *
 * <p>{@code hashQp} adds the destination queue pair number (RoCEv2 BTH) to the ECMP hash, as
 * "enhanced ECMP" does; it matters where several queue pairs of a connection share the UDP source
 * port. The defaults ({@link #DEFAULT}) are modelled assumptions, not vendor figures: vendors leave
 * the inactivity time and band thresholds to the operator.
 *
 * @param mode how ports are chosen
 * @param hashQp whether the ECMP hash includes the destination queue pair
 * @param flowletGap the silence after which a flow may move ({@link Mode#FLOWLET}, {@link
 *     Mode#GLOBAL})
 * @param bands how many congestion bands port quality is quantised into (2..16)
 * @param queueStep egress occupancy per queue band
 * @param queueWeight the weight of the queue band against the load band, 0..1
 * @param loadWindow the window recent load is measured over (a port keeps the window its switch
 *     started with)
 * @param remoteDelay how old remote bands are when a switch uses them ({@link Mode#GLOBAL})
 * @param remotePeriod how often switches sample their bands for others ({@link Mode#GLOBAL})
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LoadBalancing(
    Mode mode,
    boolean hashQp,
    SimTime flowletGap,
    int bands,
    DataSize queueStep,
    double queueWeight,
    SimTime loadWindow,
    SimTime remoteDelay,
    SimTime remotePeriod) {

  /**
   * Static ECMP on the 5-tuple, with defaults for the adaptive modes' settings: a 16 µs flowlet
   * gap, 8 bands, 4 KiB per queue band (one full-size RoCE frame, so that two flows starting
   * together see each other), queue and load weighted equally, a 2 µs load window, remote bands
   * sampled every 2 µs and 2 µs old.
   */
  public static final LoadBalancing DEFAULT =
      new LoadBalancing(
          Mode.ECMP,
          false,
          SimTime.micros(16),
          8,
          DataSize.kib(4),
          0.5,
          SimTime.micros(2),
          SimTime.micros(2),
          SimTime.micros(2));

  /** Validates every field. */
  public LoadBalancing {
    Checks.notNull(mode, "mode");
    Checks.notNull(flowletGap, "flowletGap");
    if (bands < 2 || bands > 16) {
      throw new IllegalArgumentException("bands must be in 2..16 but was " + bands);
    }
    Checks.positive(queueStep, "queueStep");
    Checks.fraction(queueWeight, "queueWeight");
    Checks.positive(loadWindow, "loadWindow");
    Checks.notNull(remoteDelay, "remoteDelay");
    Checks.positive(remotePeriod, "remotePeriod");
  }

  /**
   * The same settings in another mode.
   *
   * @param newMode the mode
   * @return a copy in {@code newMode}
   */
  public LoadBalancing withMode(Mode newMode) {
    return new LoadBalancing(
        newMode,
        hashQp,
        flowletGap,
        bands,
        queueStep,
        queueWeight,
        loadWindow,
        remoteDelay,
        remotePeriod);
  }

  /**
   * @return whether ports are chosen by congestion (any mode but {@link Mode#ECMP})
   */
  public boolean adaptive() {
    return mode != Mode.ECMP;
  }

  /** How a switch chooses among equal-cost ports. */
  @API(status = EXPERIMENTAL, since = "0.2")
  public enum Mode {
    /** Static hashing: a flow keeps one port. */
    ECMP,
    /** Dynamic load balancing of flowlets by local port quality. */
    FLOWLET,
    /** Adaptive routing or spraying: each data packet to the best local port. */
    PACKET,
    /** Flowlets (or packets) by local and next-tier port quality. */
    GLOBAL
  }
}
