package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.MissingShapeException;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Whether a fabric is large enough for a scenario: as many NICs besides the receiver as an incast
 * or a microburst has senders, as many GPUs as a collective has ranks, hosts (and for a permutation
 * across leaves, leaves) none of which holds more than half of the NICs a permutation pairs. A
 * scenario written for a larger fabric — a 16:1 incast on eight NICs — does not apply to a smaller
 * one; the JUnit extension checks each run before it starts, so the one sweep point that is too
 * large is not applicable while the others run.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class ScenarioFit {

  private ScenarioFit() {}

  /**
   * @param scenario a scenario
   * @param fabric the fabric it is to run on
   * @throws MissingShapeException naming the first workload the fabric is too small for
   */
  public static void require(Scenario scenario, FabricGraph fabric) {
    for (Workload workload : scenario.workloads()) {
      require(workload, fabric);
    }
  }

  private static void require(Workload workload, FabricGraph fabric) {
    if (workload instanceof Workload.MixedTraffic mixed) {
      require(mixed.lossless(), fabric);
      require(mixed.lossy(), fabric);
    } else if (workload instanceof Workload.Incast incast) {
      senders("incast", incast.senders(), incast.receiver(), fabric);
    } else if (workload instanceof Workload.Microburst burst) {
      senders("microburst", burst.senders(), burst.receiver(), fabric);
    } else if (workload instanceof Workload.Permutation permutation) {
      HostDerangement.unmet(fabric.nics(), permutation.pairing(), fabric)
          .ifPresent(
              reason -> {
                throw new MissingShapeException(reason + " (fabric " + fabric.spec().name() + ")");
              });
    } else if (workload instanceof Workload.Collective collective && collective.hosts().isEmpty()) {
      int gpus = mostRanks(fabric);
      if (collective.ranks() > gpus) {
        throw new MissingShapeException(
            "a collective over "
                + collective.ranks()
                + " ranks needs as many GPUs; fabric "
                + fabric.spec().name()
                + " has "
                + gpus);
      }
    }
  }

  /**
   * The most senders an incast or a microburst can have on a fabric: every NIC but the receiver.
   *
   * @param fabric the fabric
   * @param receiver the receiving NIC; empty for the fabric's first NIC, as the scenarios default
   * @return how many NICs besides the receiver the fabric has, 0 if it has none
   */
  public static int mostSenders(FabricGraph fabric, Optional<Endpoint> receiver) {
    List<Endpoint> nics = fabric.nics();
    return nics.isEmpty() ? 0 : SenderSelection.available(nics, receiver.orElse(nics.get(0)));
  }

  /**
   * The most ranks a collective placed on the fabric's hosts can have: its GPUs.
   *
   * @param fabric the fabric
   * @return the GPUs of all its hosts
   */
  public static int mostRanks(FabricGraph fabric) {
    int gpus = 0;
    for (Device host : fabric.hosts()) {
      gpus += fabric.hostProfileOf(host.name()).gpus();
    }
    return gpus;
  }

  private static void senders(
      String kind, int senders, Optional<Endpoint> receiver, FabricGraph fabric) {
    List<Endpoint> nics = fabric.nics();
    if (nics.isEmpty()) {
      return; // the backend says what is wrong with a fabric without NICs
    }
    Endpoint to = receiver.orElse(nics.get(0));
    int available = mostSenders(fabric, receiver);
    if (senders > available) {
      throw new MissingShapeException(
          kind
              + " of "
              + senders
              + " senders needs as many NICs besides the receiver "
              + to
              + "; fabric "
              + fabric.spec().name()
              + " has "
              + available);
    }
  }
}
