package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.unit.SimTime;
import java.util.Locale;

/**
 * What a perftest client prints, in perftest's own layout (that of the lab backend's sample
 * outputs), with a model flow's figures in its result row.
 */
final class PerftestText {

  private static final String RULE =
      "---------------------------------------------------------------------------------------\n";

  private PerftestText() {}

  /**
   * A bandwidth test's output: its average bandwidth (and peak, the same) is the rate that moves
   * the test's bytes (message size × messages) in the model flow's completion time, so the lab
   * reads that completion time back.
   *
   * @param client the client's command
   * @param local the client NIC's address
   * @param completionTime the model flow's completion time
   * @return the output
   */
  static String bandwidth(PerftestCommand client, String local, SimTime completionTime) {
    double seconds = completionTime.picos() / 1e12;
    double bytesPerSecond = client.totalBytes() / seconds;
    double rate = client.gigabits() ? bytesPerSecond * 8 / 1e9 : bytesPerSecond / (1 << 20);
    String unit = client.gigabits() ? "Gb/sec" : "MB/sec";
    return RULE
        + "                    "
        + title(client)
        + " BW Test\n"
        + " Dual-port       : OFF\t\tDevice         : "
        + client.device()
        + "\n"
        + " Number of qps   : "
        + client.qps()
        + """
          \t\tTransport type : IB
           Connection type : RC\t\tUsing SRQ      : OFF
           PCIe relax order: ON
           ibv_wr* API     : ON
           TX depth        : 128
           CQ Moderation   : 1
           Mtu             : 4096[B]
           Link type       : Ethernet
           GID index       : 3
           Max inline data : 0[B]
           rdma_cm QPs\t : OFF
           Data ex. method : Ethernet
          """
        + RULE
        + addresses(local, client)
        + RULE
        + String.format(
            Locale.ROOT,
            " #bytes     #iterations    BW peak[%1$s]    BW average[%1$s]   MsgRate[Mpps]%n",
            unit)
        + String.format(
            Locale.ROOT,
            " %-10d %-10d       %-12.2f       %-8.2f  \t   %.6f%n",
            client.bytes(),
            client.iterations(),
            rate,
            rate,
            client.iterations() * client.qps() / seconds / 1e6)
        + RULE;
  }

  /**
   * A latency test's output: the model flow's one-way latency, its median as perftest's typical
   * latency and its mean as the average. The model gives no standard deviation: it prints as 0.
   *
   * @param client the client's command
   * @param local the client NIC's address
   * @param latency the model flow's latency
   * @return the output
   */
  static String latency(PerftestCommand client, String local, LatencySummary latency) {
    return RULE
        + "                    "
        + title(client)
        + " Latency Test\n"
        + " Dual-port       : OFF\t\tDevice         : "
        + client.device()
        + "\n"
        + """
           Number of qps   : 1\t\tTransport type : IB
           Connection type : RC\t\tUsing SRQ      : OFF
           TX depth        : 1
           Mtu             : 4096[B]
           Link type       : Ethernet
           GID index       : 3
           Max inline data : 220[B]
           rdma_cm QPs\t : OFF
           Data ex. method : Ethernet
          """
        + RULE
        + addresses(local, client)
        + RULE
        + " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]"
        + "    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n"
        + String.format(
            Locale.ROOT,
            " %-7d %-10d    %-10.2f     %-10.2f   %-10.2f \t       %-8.2f \t%.2f   \t\t%.2f"
                + "    \t\t%.2f   %n",
            client.bytes(),
            client.iterations(),
            micros(latency.min()),
            micros(latency.max()),
            micros(latency.p50()),
            micros(latency.mean()),
            0.0,
            micros(latency.p99()),
            micros(latency.p999()))
        + RULE;
  }

  private static String title(PerftestCommand client) {
    return client.tool().startsWith("ib_write") ? "RDMA_Write" : "Send";
  }

  /** Both ends' queue pairs, their GIDs holding the NICs' IPv4 addresses as RoCEv2's do. */
  private static String addresses(String local, PerftestCommand client) {
    return " local address: LID 0000 QPN 0x0108 PSN 0x6e1c3a RKey 0x1fff00 VAddr 0x007f2c3d8e5000\n"
        + " GID: "
        + gid(local)
        + "\n remote address: LID 0000 QPN 0x0109 PSN 0x9d2a41 RKey 0x1fff00 VAddr"
        + " 0x007f9a1b2c6000\n GID: "
        + gid(client.server().orElseThrow())
        + "\n";
  }

  private static String gid(String ipv4) {
    return "00:00:00:00:00:00:00:00:00:00:255:255:" + ipv4.replace('.', ':');
  }

  private static double micros(SimTime time) {
    return time.picos() / 1e6;
  }
}
