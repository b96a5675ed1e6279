package dev.rocelab.model.internal.collective;

import dev.rocelab.model.internal.net.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow-level traffic of one run — collectives and training jobs' transfers — and the links it
 * shares: every network port and every GPU's NVLink (one link per GPU, whichever collective uses
 * it). Their groups' rates are set together — progressive filling over every running group: raise
 * the byte rate of every unfrozen group's most loaded stream together until a link is full, freeze
 * the groups on it, repeat (per-stream fairness, as a link's queue pairs share it, whether a group
 * is a collective's channel or one transfer) — whenever any member's groups change (a run starts or
 * ends, a group finishes, a fault changes links or routes). Two jobs placed on the same fabric so
 * share its uplinks as their packets would.
 */
public final class FlowLevelShare {

  /** Traffic that shares the links: each of its groups moves at one rate, set by the share. */
  interface Member {
    /**
     * Moves every group forward at its rate to {@code now}.
     *
     * @param now the time
     */
    void progress(long now);

    /**
     * @return whether it has groups under way
     */
    boolean running();

    /**
     * Adds its groups: the links each loads, its bytes on each, and whether it is out of the
     * sharing (finished, or stalled behind a failure).
     *
     * @param linksOf the links of each group so far
     * @param loadsOf the bytes on each link of each group so far
     * @param frozen whether each group so far is out of the sharing
     */
    void addGroups(List<int[]> linksOf, List<double[]> loadsOf, List<Boolean> frozen);

    /**
     * @param rates the rates of every group sharing the links, this member's from {@code from}
     * @param from where its groups start among them
     * @return where the next member's groups start
     */
    int takeRates(double[] rates, int from);

    /**
     * Wakes when its next group finishes at the current rates.
     *
     * @param now the time
     */
    void scheduleNext(long now);
  }

  /**
   * A group's load: the links it uses, in index order, and its bytes on each.
   *
   * @param links the links
   * @param bytes the bytes on each
   */
  record Load(int[] links, double[] bytes) {

    /**
     * @param perLink bytes per link, zero where the group does not go
     * @return the links with bytes on them
     */
    static Load of(double[] perLink) {
      int count = 0;
      for (double b : perLink) {
        if (b > 0) {
          count++;
        }
      }
      int[] links = new int[count];
      double[] bytes = new double[count];
      for (int l = 0, k = 0; l < perLink.length; l++) {
        if (perLink[l] > 0) {
          links[k] = l;
          bytes[k++] = perLink[l];
        }
      }
      return new Load(links, bytes);
    }
  }

  private final Network net;
  private final List<Member> members = new ArrayList<>();
  private final Map<String, Integer> nvlinkOf = new HashMap<>();
  private double[] capacity;

  /**
   * @param net the network whose ports the collectives share
   */
  public FlowLevelShare(Network net) {
    this.net = net;
    this.capacity = new double[net.portCount()];
    for (int gid = 0; gid < net.portCount(); gid++) {
      capacity[gid] = net.sustainedBytesPerSecond(gid);
    }
  }

  void join(Member member) {
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
  public void reshare(long now) {
    List<int[]> linksOf = new ArrayList<>();
    List<double[]> loadsOf = new ArrayList<>();
    List<Boolean> frozenAtStart = new ArrayList<>();
    for (Member m : members) {
      m.progress(now);
      if (m.running()) {
        m.addGroups(linksOf, loadsOf, frozenAtStart);
      }
    }
    double[] rates = fill(linksOf, loadsOf, frozenAtStart);
    int next = 0;
    for (Member m : members) {
      if (m.running()) {
        next = m.takeRates(rates, next);
        m.scheduleNext(now);
      }
    }
  }

  /**
   * Progressive filling in bytes per second on each group's most loaded link: every unfrozen
   * group's heaviest stream gets the same byte rate until a link is full — per-stream fairness, as
   * a link's queue pairs share it, whether the group is a collective's channel or one transfer —
   * then each group's rate as the share of its bytes per second.
   */
  private double[] fill(List<int[]> linksOf, List<double[]> loadsOf, List<Boolean> frozenAtStart) {
    int groups = linksOf.size();
    boolean[] frozen = new boolean[groups];
    double[] heaviest = new double[groups];
    // each group's bytes per link over those on its most loaded one, computed once per filling
    double[][] share = new double[groups][];
    for (int g = 0; g < groups; g++) {
      frozen[g] = frozenAtStart.get(g);
      double[] loads = loadsOf.get(g);
      for (double load : loads) {
        heaviest[g] = Math.max(heaviest[g], load);
      }
      frozen[g] |= heaviest[g] == 0;
      share[g] = new double[loads.length];
      for (int k = 0; k < loads.length && heaviest[g] > 0; k++) {
        share[g][k] = loads[k] / heaviest[g];
      }
    }
    double[] rates = new double[groups];
    double[] used = new double[capacity.length];
    double[] demand = new double[capacity.length];
    while (true) {
      Arrays.fill(demand, 0);
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          int[] links = linksOf.get(g);
          for (int k = 0; k < links.length; k++) {
            demand[links[k]] += share[g][k];
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
          rates[g] += step / heaviest[g];
          int[] links = linksOf.get(g);
          for (int k = 0; k < links.length; k++) {
            used[links[k]] += step * share[g][k];
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
