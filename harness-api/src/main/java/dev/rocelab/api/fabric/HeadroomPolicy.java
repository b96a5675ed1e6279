package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * How much headroom each lossless ingress priority group reserves: the bytes that still arrive
 * after XOFF is sent, while the pause travels to the peer and the peer stops.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface HeadroomPolicy permits HeadroomPolicy.Derived, HeadroomPolicy.Fixed {

  /**
   * Headroom derived per port from its speed and cable length with the SONiC/NVIDIA formula (see
   * {@link Headroom}); the ASIC-specific inputs are given here.
   *
   * @param macPhyDelay bytes held in the egress pipeline and PHY after XOFF is generated
   * @param pipelineLatency the XON headroom (ASIC pipeline latency in bytes)
   * @param smallPacketPercent share of minimum-size packets assumed for cell occupancy, 0..100
   * @param gearboxDelay delay of an external gearbox, {@link SimTime#ZERO} when there is none
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Derived(
      DataSize macPhyDelay, DataSize pipelineLatency, int smallPacketPercent, SimTime gearboxDelay)
      implements HeadroomPolicy {

    /**
     * The SONiC/NVIDIA inputs for Spectrum ASICs (sonic-swss buffer_headroom): 1 KiB of MAC/PHY
     * delay, 18 KiB of pipeline latency, all packets small, no gearbox. What a profile that gives
     * none of its own uses, and what a cable is held to under headroom configured by hand.
     */
    public static final Derived SPECTRUM_DEFAULTS =
        new Derived(DataSize.kib(1), DataSize.kib(18), 100, SimTime.ZERO);

    /** Validates the inputs. */
    public Derived {
      Checks.notNull(macPhyDelay, "macPhyDelay");
      Checks.notNull(pipelineLatency, "pipelineLatency");
      if (smallPacketPercent < 0 || smallPacketPercent > 100) {
        throw new IllegalArgumentException(
            "smallPacketPercent must be between 0 and 100 but was " + smallPacketPercent);
      }
      Checks.notNull(gearboxDelay, "gearboxDelay");
    }
  }

  /**
   * Headroom configured by hand per lossless priority group.
   *
   * @param perPriority priority → headroom size
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Fixed(Map<Integer, DataSize> perPriority) implements HeadroomPolicy {

    /** Validates the priorities. */
    public Fixed {
      perPriority = Checks.sortedMap(perPriority, "perPriority");
      perPriority.keySet().forEach(p -> Checks.priority(p, "perPriority key"));
    }
  }
}
