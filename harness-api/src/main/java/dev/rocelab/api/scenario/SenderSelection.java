package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Picks the senders of an incast or a microburst onto one receiving NIC: the rule every backend
 * follows, so that a scenario puts the same senders on the model and on a lab, and the two runs
 * compare.
 *
 * <p>Senders are spread over hosts first: hosts are visited round-robin in order, skipping the
 * receiver's host. On each host the NIC with the receiver's port name ({@code nic0} for {@code
 * host1:nic0}) comes first, then the host's other NICs in order. So the first senders are the
 * same-rail NICs of every other host — on a rail-optimized fabric that incast stays under the
 * receiver's rail leaf, the classic single-switch incast — and larger incasts add NICs of other
 * rails, whose traffic crosses the spines. Only when every NIC of the other hosts sends are the
 * receiver's own host's other NICs added (in NIC order): their traffic still leaves the host and
 * crosses the fabric, and this is what lets a 63:1 incast run on a 64-NIC fabric.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class SenderSelection {

  private SenderSelection() {}

  /**
   * Picks senders.
   *
   * @param nics the NICs that may send, grouped by host, in order (the fabric's, or a lab
   *     inventory's)
   * @param receiver the receiving NIC, one of {@code nics}
   * @param senders how many senders, &gt; 0
   * @return {@code senders} distinct NICs, none of them the receiver
   * @throws IllegalArgumentException if fewer than {@code senders} NICs other than the receiver are
   *     given; callers check {@link #available} first to say so in their own terms
   */
  public static List<Endpoint> pick(List<Endpoint> nics, Endpoint receiver, int senders) {
    if (senders > available(nics, receiver)) {
      throw new IllegalArgumentException(
          senders
              + " senders need as many NICs other than the receiver "
              + receiver
              + "; there are "
              + available(nics, receiver));
    }
    List<List<Endpoint>> otherHosts = new ArrayList<>();
    List<Endpoint> ownHost = new ArrayList<>();
    for (List<Endpoint> host : byHost(nics).values()) {
      if (host.get(0).device().equals(receiver.device())) {
        host.stream().filter(nic -> !nic.equals(receiver)).forEach(ownHost::add);
      } else {
        otherHosts.add(sameRailFirst(host, receiver.port()));
      }
    }
    List<Endpoint> picked = new ArrayList<>(senders);
    for (int round = 0; picked.size() < senders; round++) {
      boolean any = false;
      for (List<Endpoint> host : otherHosts) {
        if (round < host.size() && picked.size() < senders) {
          picked.add(host.get(round));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    for (int i = 0; picked.size() < senders; i++) {
      picked.add(ownHost.get(i));
    }
    return List.copyOf(picked);
  }

  /**
   * @param nics the NICs that may send
   * @param receiver the receiving NIC
   * @return how many senders there can be: every NIC but the receiver
   */
  public static int available(List<Endpoint> nics, Endpoint receiver) {
    return (int) nics.stream().filter(nic -> !nic.equals(receiver)).count();
  }

  /**
   * @param nics the NICs
   * @param receiver the receiving NIC
   * @return how many of them are on other hosts than the receiver's
   */
  public static int onOtherHosts(List<Endpoint> nics, Endpoint receiver) {
    return (int) nics.stream().filter(nic -> !nic.device().equals(receiver.device())).count();
  }

  private static Map<String, List<Endpoint>> byHost(List<Endpoint> nics) {
    Map<String, List<Endpoint>> hosts = new LinkedHashMap<>();
    for (Endpoint nic : nics) {
      hosts.computeIfAbsent(nic.device(), h -> new ArrayList<>()).add(nic);
    }
    return hosts;
  }

  private static List<Endpoint> sameRailFirst(List<Endpoint> host, String port) {
    List<Endpoint> ordered = new ArrayList<>(host.size());
    host.stream().filter(nic -> nic.port().equals(port)).forEach(ordered::add);
    host.stream().filter(nic -> !nic.port().equals(port)).forEach(ordered::add);
    return ordered;
  }
}
