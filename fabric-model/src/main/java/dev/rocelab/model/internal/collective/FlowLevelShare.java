package dev.rocelab.model.internal.collective;

import dev.rocelab.model.internal.net.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow-level collectives of one run and the links they share: every network port and every
 * GPU's NVLink (one link per GPU, whichever collective uses it). Their groups' rates are set
 * together — progressive filling over every running group of every collective: raise all unfrozen
 * groups' rates together until a link is full, freeze the groups on it, repeat — whenever any
 * collective's groups change (a run starts or ends, a group finishes, a fault changes links or
 * routes). Two jobs placed on the same fabric so share its uplinks as their packets would.
 */
public final class FlowLevelShare {

  private static final double PS_PER_SECOND = 1e12;

  private final Network net;
  private final List<FlowLevelCollective> members = new ArrayList<>();
  private final Map<String, Integer> nvlinkOf = new HashMap<>();
  private double[] capacity;

  /**
   * @param net the network whose ports the collectives share
   */
  public FlowLevelShare(Network net) {
    this.net = net;
    this.capacity = new double[net.portCount()];
    for (int gid = 0; gid < net.portCount(); gid++) {
      capacity[gid] = PS_PER_SECOND / net.psPerByte(gid);
    }
  }

  void join(FlowLevelCollective member) {
    members.add(member);
  }

  /**
   * @param rank a GPU taking part in a collective
   * @param bytesPerSecond its NVLink bandwidth
   * @return the index of its NVLink among the shared links, the same for every collective on it
   */
  int nvlink(Rank rank, double bytesPerSecond) {
    return nvlinkOf.computeIfAbsent(
        rank.host() + "/" + rank.gpu(),
        gpu -> {
          capacity = Arrays.copyOf(capacity, capacity.length + 1);
          capacity[capacity.length - 1] = bytesPerSecond;
          return capacity.length - 1;
        });
  }

  /**
   * @return the shared links: network ports, then NVLinks
   */
  int links() {
    return capacity.length;
  }

  /**
   * Brings every collective up to {@code now} at its old rates, sets every running group's rate
   * anew, and has each collective wake when its next group finishes.
   *
   * @param now the time
   */
  void reshare(long now) {
    List<int[]> linksOf = new ArrayList<>();
    List<double[]> loadsOf = new ArrayList<>();
    List<Boolean> frozenAtStart = new ArrayList<>();
    for (FlowLevelCollective m : members) {
      m.progress(now);
      if (m.running()) {
        m.addGroups(linksOf, loadsOf, frozenAtStart);
      }
    }
    double[] rates = fill(linksOf, loadsOf, frozenAtStart);
    int next = 0;
    for (FlowLevelCollective m : members) {
      if (m.running()) {
        next = m.takeRates(rates, next);
        m.scheduleNext(now);
      }
    }
  }

  private double[] fill(List<int[]> linksOf, List<double[]> loadsOf, List<Boolean> frozenAtStart) {
    int groups = linksOf.size();
    boolean[] frozen = new boolean[groups];
    for (int g = 0; g < groups; g++) {
      frozen[g] = frozenAtStart.get(g);
    }
    double[] rates = new double[groups];
    double[] used = new double[capacity.length];
    double[] demand = new double[capacity.length];
    while (true) {
      Arrays.fill(demand, 0);
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          int[] links = linksOf.get(g);
          double[] loads = loadsOf.get(g);
          for (int k = 0; k < links.length; k++) {
            demand[links[k]] += loads[k];
          }
        }
      }
      double step = Double.MAX_VALUE;
      for (int l = 0; l < capacity.length; l++) {
        if (demand[l] > 0) {
          step = Math.min(step, (capacity[l] - used[l]) / demand[l]);
        }
      }
      if (step == Double.MAX_VALUE) {
        return rates;
      }
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          rates[g] += step;
          int[] links = linksOf.get(g);
          double[] loads = loadsOf.get(g);
          for (int k = 0; k < links.length; k++) {
            used[links[k]] += step * loads[k];
          }
        }
      }
      boolean[] full = new boolean[groups];
      for (int g = 0; g < groups; g++) {
        for (int l : linksOf.get(g)) {
          if (used[l] >= capacity[l] * (1 - 1e-12)) {
            full[g] = true;
            break;
          }
        }
      }
      for (int g = 0; g < groups; g++) {
        frozen[g] |= full[g];
      }
    }
  }
}
