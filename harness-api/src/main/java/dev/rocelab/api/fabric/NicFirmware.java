package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * How a NIC firmware version behaves: the defaults it gives the settings a NIC profile may leave
 * out (DCQCN parameters, CNP marking) and the behaviours no profile setting reaches (the DCQCN
 * formula variant, loss recovery, the retransmission timeout, the receive buffer, how fast a
 * received pause takes effect). {@link FirmwareRegistry} names the versions.
 *
 * <p>Precedence, for a NIC of a profile that names this version: a key written in the profile wins;
 * a key left out takes this version's default. When a NIC changes version during a run ({@link
 * dev.rocelab.api.scenario.Fault.ConfigDrift ConfigDrift} of {@code firmware}), each DCQCN
 * parameter and the CNP marking that still equal the old version's default take the new version's
 * default, and values configured away from the default stay (see {@link #rebase(DcqcnParameters,
 * NicFirmware)}).
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
 *
 * @param version the version string, as NIC profiles name it
 * @param dcqcn DCQCN defaults of this version
 * @param dcqcnVariant how this version's reaction point moves its target rate on a cut
 * @param cnp how this version marks CNPs by default (DSCP and priority)
 * @param retransmission how a lost packet is recovered
 * @param retransmissionTimeout how long a queue pair waits for an acknowledgement before it resends
 *     (the local ACK timeout), or with adaptive retransmission the longest it waits
 * @param adaptiveRetransmission {@link SimTime#ZERO} for a fixed timeout; else the first timeout
 *     after progress, doubled on each further timeout without progress up to {@code
 *     retransmissionTimeout} (NVIDIA ConnectX adaptive retransmission starts short and backs off,
 *     so that a lost retransmission costs microseconds rather than the local ACK timeout)
 * @param receiveBuffer the NIC's receive buffer per priority; half full, it pauses its peer
 * @param pauseReaction the delay between receiving a PFC pause (or resume) and honouring it
 * @param outOfOrder how the receiver treats packets that arrive out of order, the default of NIC
 *     profiles that leave it out
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record NicFirmware(
    String version,
    DcqcnParameters dcqcn,
    DcqcnVariant dcqcnVariant,
    TrafficClass cnp,
    Retransmission retransmission,
    SimTime retransmissionTimeout,
    SimTime adaptiveRetransmission,
    DataSize receiveBuffer,
    SimTime pauseReaction,
    OutOfOrder outOfOrder) {

  /** CNPs as NVIDIA NICs mark them by default: DSCP 48, priority 6. */
  public static final TrafficClass DEFAULT_CNP = new TrafficClass(48, 6);

  /**
   * The retransmission timeout of an unregistered version: 4.096 µs × 2<sup>12</sup> ≈ 16.8 ms, the
   * mlx5 local ACK timeout exponent 12. It must exceed the longest a lossless packet can wait in
   * the fabric, or a timeout resends what was never lost.
   */
  public static final SimTime DEFAULT_RETRANSMISSION_TIMEOUT = SimTime.picos(4_096_000L << 12);

  /** The receive buffer of an unregistered version, a modelled assumption: 256 KiB per priority. */
  public static final DataSize DEFAULT_RECEIVE_BUFFER = DataSize.kib(256);

  /** Validates every field; the receive buffer holds at least one 4 KiB frame. */
  public NicFirmware {
    Checks.name(version, "version");
    Checks.notNull(dcqcn, "dcqcn");
    Checks.notNull(dcqcnVariant, "dcqcnVariant");
    Checks.notNull(cnp, "cnp");
    Checks.notNull(retransmission, "retransmission");
    Checks.positive(retransmissionTimeout, "retransmissionTimeout");
    Checks.notNull(adaptiveRetransmission, "adaptiveRetransmission");
    if (adaptiveRetransmission.compareTo(retransmissionTimeout) > 0) {
      throw new IllegalArgumentException(
          "adaptiveRetransmission "
              + adaptiveRetransmission
              + " must not exceed retransmissionTimeout "
              + retransmissionTimeout);
    }
    Checks.notNull(receiveBuffer, "receiveBuffer");
    if (receiveBuffer.bytes() < 8192) {
      throw new IllegalArgumentException(
          "receiveBuffer must be at least 8KiB (two 4KiB frames) but was " + receiveBuffer);
    }
    Checks.notNull(pauseReaction, "pauseReaction");
    Checks.notNull(outOfOrder, "outOfOrder");
  }

  /**
   * The behaviour of a version no registry knows: that of the most common RoCE NIC's firmware,
   * {@value FirmwareRegistry#NIC_MLX5} — mlx5 DCQCN defaults and reaction point, CNPs on DSCP 48 /
   * priority 6, go-back-N (reordered packets retransmitted), a 16.8 ms timeout, a 256 KiB receive
   * buffer and pauses honoured at once.
   *
   * @param version the version string
   * @return its behaviour; never null
   */
  public static NicFirmware generic(String version) {
    return new NicFirmware(
        version,
        DcqcnParameters.MLX5_DEFAULTS,
        DcqcnVariant.MLX5,
        DEFAULT_CNP,
        Retransmission.GO_BACK_N,
        DEFAULT_RETRANSMISSION_TIMEOUT,
        SimTime.ZERO,
        DEFAULT_RECEIVE_BUFFER,
        SimTime.ZERO,
        OutOfOrder.RETRANSMIT);
  }

  /**
   * The same behaviour under another version string (a user profile {@code basedOn} this one).
   *
   * @param newVersion the version string
   * @return a copy named {@code newVersion}
   */
  public NicFirmware named(String newVersion) {
    return change(d -> d.version = newVersion);
  }

  /**
   * The DCQCN parameters a NIC runs after it moves from this version to {@code next}: each
   * parameter still equal to this version's default takes {@code next}'s default; the others were
   * configured and stay.
   *
   * @param configured the parameters the NIC runs now
   * @param next the version it moves to
   * @return the parameters it runs then
   */
  public DcqcnParameters rebase(DcqcnParameters configured, NicFirmware next) {
    DcqcnParameters from = dcqcn;
    DcqcnParameters to = next.dcqcn;
    return new DcqcnParameters(
        pick(configured.enabled(), from.enabled(), to.enabled()),
        pick(configured.g(), from.g(), to.g()),
        pick(configured.initialAlpha(), from.initialAlpha(), to.initialAlpha()),
        pick(configured.alphaUpdatePeriod(), from.alphaUpdatePeriod(), to.alphaUpdatePeriod()),
        pick(configured.rateDecreasePeriod(), from.rateDecreasePeriod(), to.rateDecreasePeriod()),
        pick(configured.rateIncreaseTimer(), from.rateIncreaseTimer(), to.rateIncreaseTimer()),
        pick(configured.byteCounter(), from.byteCounter(), to.byteCounter()),
        pick(configured.fastRecoverySteps(), from.fastRecoverySteps(), to.fastRecoverySteps()),
        pick(configured.additiveIncrease(), from.additiveIncrease(), to.additiveIncrease()),
        pick(configured.hyperIncrease(), from.hyperIncrease(), to.hyperIncrease()),
        pick(configured.minRate(), from.minRate(), to.minRate()),
        pick(configured.cnpInterval(), from.cnpInterval(), to.cnpInterval()));
  }

  /**
   * The CNP marking a NIC uses after it moves from this version to {@code next}, by the rule of
   * {@link #rebase(DcqcnParameters, NicFirmware)}.
   *
   * @param configured the marking the NIC uses now
   * @param next the version it moves to
   * @return the marking it uses then
   */
  public TrafficClass rebase(TrafficClass configured, NicFirmware next) {
    return pick(configured, cnp, next.cnp);
  }

  /**
   * The out-of-order handling a NIC uses after it moves from this version to {@code next}, by the
   * rule of {@link #rebase(DcqcnParameters, NicFirmware)}.
   *
   * @param configured the handling the NIC uses now
   * @param next the version it moves to
   * @return the handling it uses then
   */
  public OutOfOrder rebase(OutOfOrder configured, NicFirmware next) {
    return pick(configured, outOfOrder, next.outOfOrder);
  }

  /**
   * @param dcqcn DCQCN defaults of this version
   * @return a copy with {@code dcqcn}
   * @since 0.3
   */
  public NicFirmware withDcqcn(DcqcnParameters dcqcn) {
    return change(d -> d.dcqcn = dcqcn);
  }

  /**
   * @param dcqcnVariant how this version's reaction point moves its target rate on a cut
   * @return a copy with {@code dcqcnVariant}
   * @since 0.3
   */
  public NicFirmware withDcqcnVariant(DcqcnVariant dcqcnVariant) {
    return change(d -> d.dcqcnVariant = dcqcnVariant);
  }

  /**
   * @param cnp how this version marks CNPs by default (DSCP and priority)
   * @return a copy with {@code cnp}
   * @since 0.3
   */
  public NicFirmware withCnp(TrafficClass cnp) {
    return change(d -> d.cnp = cnp);
  }

  /**
   * @param retransmission how a lost packet is recovered
   * @return a copy with {@code retransmission}
   * @since 0.3
   */
  public NicFirmware withRetransmission(Retransmission retransmission) {
    return change(d -> d.retransmission = retransmission);
  }

  /**
   * @param retransmissionTimeout how long a queue pair waits for an acknowledgement before it
   *     resends (the local ACK timeout), or with adaptive retransmission the longest it waits
   * @return a copy with {@code retransmissionTimeout}
   * @since 0.3
   */
  public NicFirmware withRetransmissionTimeout(SimTime retransmissionTimeout) {
    return change(d -> d.retransmissionTimeout = retransmissionTimeout);
  }

  /**
   * @param adaptiveRetransmission {@link SimTime#ZERO} for a fixed timeout; else the first timeout
   *     after progress, doubled on each further timeout without progress up to {@code
   *     retransmissionTimeout} (NVIDIA ConnectX adaptive retransmission starts short and backs off,
   *     so that a lost retransmission costs microseconds rather than the local ACK timeout)
   * @return a copy with {@code adaptiveRetransmission}
   * @since 0.3
   */
  public NicFirmware withAdaptiveRetransmission(SimTime adaptiveRetransmission) {
    return change(d -> d.adaptiveRetransmission = adaptiveRetransmission);
  }

  /**
   * @param receiveBuffer the NIC's receive buffer per priority; half full, it pauses its peer
   * @return a copy with {@code receiveBuffer}
   * @since 0.3
   */
  public NicFirmware withReceiveBuffer(DataSize receiveBuffer) {
    return change(d -> d.receiveBuffer = receiveBuffer);
  }

  /**
   * @param pauseReaction the delay between receiving a PFC pause (or resume) and honouring it
   * @return a copy with {@code pauseReaction}
   * @since 0.3
   */
  public NicFirmware withPauseReaction(SimTime pauseReaction) {
    return change(d -> d.pauseReaction = pauseReaction);
  }

  /**
   * @param outOfOrder how the receiver treats packets that arrive out of order, the default of NIC
   *     profiles that leave it out
   * @return a copy with {@code outOfOrder}
   * @since 0.3
   */
  public NicFirmware withOutOfOrder(OutOfOrder outOfOrder) {
    return change(d -> d.outOfOrder = outOfOrder);
  }

  /** A copy with one or more components changed, validated anew. */
  private NicFirmware change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next NicFirmware. */
  private static final class Draft {
    private String version;
    private DcqcnParameters dcqcn;
    private DcqcnVariant dcqcnVariant;
    private TrafficClass cnp;
    private Retransmission retransmission;
    private SimTime retransmissionTimeout;
    private SimTime adaptiveRetransmission;
    private DataSize receiveBuffer;
    private SimTime pauseReaction;
    private OutOfOrder outOfOrder;

    Draft(NicFirmware from) {
      version = from.version;
      dcqcn = from.dcqcn;
      dcqcnVariant = from.dcqcnVariant;
      cnp = from.cnp;
      retransmission = from.retransmission;
      retransmissionTimeout = from.retransmissionTimeout;
      adaptiveRetransmission = from.adaptiveRetransmission;
      receiveBuffer = from.receiveBuffer;
      pauseReaction = from.pauseReaction;
      outOfOrder = from.outOfOrder;
    }

    NicFirmware build() {
      return new NicFirmware(
          version,
          dcqcn,
          dcqcnVariant,
          cnp,
          retransmission,
          retransmissionTimeout,
          adaptiveRetransmission,
          receiveBuffer,
          pauseReaction,
          outOfOrder);
    }
  }

  private static <T> T pick(T configured, T oldDefault, T newDefault) {
    return configured.equals(oldDefault) ? newDefault : configured;
  }

  /**
   * Which DCQCN reaction point a firmware runs. Implementations agree on the algorithm and differ
   * in details that change how fast and how far a sender backs off and recovers; each variant is
   * the reading of one named source.
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum DcqcnVariant {
    /**
     * DCQCN as published (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
     * SIGCOMM 2015, §3.1, and the authors' ns-3 model): a CNP cuts at once (at most once per
     * rate-decrease period) and every cut sets {@code RT ← RC} and raises α by g; α decays once per
     * period without a CNP; the {@code F}-th timer or byte-counter expiry after a cut is the first
     * additive increase ({@code max(T, BC) < F} is fast recovery, as the paper's fluid model counts
     * it); hyper increase once both counters pass {@code F}, by {@code (min(T, BC) − F)·R_HAI}.
     */
    PAPER,
    /**
     * DCQCN as NVIDIA documents the mlx5 parameters and as ns-3 HPCC's "Mellanox version of DCQCN"
     * (Li et al., HPCC, SIGCOMM 2019, artifact {@code rdma-hw.cc}) and Google's isekai ({@code
     * rdma_roce_cc_dcqcn.cc}) run them: the RP checks every rate-decrease period
     * [rate_reduce_monitor_period] whether a CNP arrived and cuts once if so; a cut sets {@code RT
     * ← RC} only if the rate rose since the previous cut ({@code clamp_tgt_rate = 0}, {@code
     * clamp_tgt_rate_after_time_inc = 1}, as Google's isekai model reads them), so back-to-back
     * cuts keep the higher target and the rate climbs back faster; α moves once per α period
     * [dce_tcp_rtt], by +g if a CNP arrived in it; {@code F} [rpg_threshold] full fast-recovery
     * steps, one additive step, then hyper increase by a constant {@code R_HAI} [rpg_hai_rate].
     */
    MLX5
  }

  /** How a queue pair recovers from a lost packet (on a NAK or a retransmission timeout). */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Retransmission {
    /** Resend from the first packet not received (go-back-N). */
    GO_BACK_N,
    /**
     * Resend the whole message from its first packet (go-back-0, as older NICs do and as ns-3's
     * {@code L2BackToZero} models); the receiver discards what it already has.
     */
    GO_BACK_0
  }
}
