package dev.rocelab.calibration.synthetic;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A perftest command line as the lab backend writes it, e.g. {@code ib_write_bw -d mlx5_0 -p 18515
 * --report_gbits -F -s 1048576 -n 16 10.0.0.1}: a client when it ends in its server's address, a
 * server otherwise. Options the synthetic lab has no use for (pacing, {@code -F}) are accepted and
 * ignored.
 *
 * @param tool {@code ib_write_bw}, {@code ib_write_lat}, {@code ib_send_bw} or {@code ib_send_lat}
 * @param device the RDMA device ({@code -d}), empty if not given
 * @param port the server's TCP port ({@code -p})
 * @param bytes the message size ({@code -s})
 * @param iterations the messages each queue pair sends ({@code -n})
 * @param qps the queue pairs ({@code -q}, 1 if not given)
 * @param gigabits whether bandwidth is reported in Gb/s ({@code --report_gbits}) rather than MB/s
 * @param server the server's address, for a client
 */
record PerftestCommand(
    String tool,
    String device,
    int port,
    long bytes,
    long iterations,
    int qps,
    boolean gigabits,
    Optional<String> server) {

  private static final Pattern TOOL = Pattern.compile("ib_(write|send)_(bw|lat)");

  /**
   * @param words a command line split at blanks
   * @return the perftest command, or empty if the line does not run perftest
   * @throws IllegalArgumentException if it runs perftest with options it does not understand
   */
  static Optional<PerftestCommand> parse(List<String> words) {
    if (words.isEmpty() || !TOOL.matcher(words.get(0)).matches()) {
      return Optional.empty();
    }
    String device = "";
    Integer port = null;
    Long bytes = null;
    Long iterations = null;
    int qps = 1;
    boolean gigabits = false;
    String server = null;
    for (int i = 1; i < words.size(); i++) {
      String word = words.get(i);
      switch (word) {
        case "-d" -> device = value(words, ++i);
        case "-p" -> port = Integer.valueOf(value(words, ++i));
        case "-s" -> bytes = Long.valueOf(value(words, ++i));
        case "-n" -> iterations = Long.valueOf(value(words, ++i));
        case "-q" -> qps = Integer.parseInt(value(words, ++i));
        case "--report_gbits" -> gigabits = true;
        default -> {
          if (!word.startsWith("-")) {
            if (server != null || i != words.size() - 1) {
              throw new IllegalArgumentException(
                  "perftest takes one address, last; got " + String.join(" ", words));
            }
            server = word;
          }
        }
      }
    }
    if (port == null || bytes == null || iterations == null) {
      throw new IllegalArgumentException(
          "the synthetic lab serves perftest given -p, -s and -n; got " + String.join(" ", words));
    }
    return Optional.of(
        new PerftestCommand(
            words.get(0),
            device,
            port,
            bytes,
            iterations,
            qps,
            gigabits,
            Optional.ofNullable(server)));
  }

  private static String value(List<String> words, int index) {
    if (index >= words.size()) {
      throw new IllegalArgumentException(
          "perftest option " + words.get(index - 1) + " needs a value: " + String.join(" ", words));
    }
    return words.get(index);
  }

  /**
   * @return whether it is a latency test ({@code ib_*_lat})
   */
  boolean latency() {
    return tool.endsWith("_lat");
  }

  /**
   * @return the bytes the test moves: message size × messages
   */
  long totalBytes() {
    return Math.multiplyExact(Math.multiplyExact(bytes, iterations), qps);
  }
}
