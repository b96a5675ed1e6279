package dev.rocelab.lab.internal;

import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One collective of a scenario, as the lab runs it: an nccl-tests binary ({@code all_reduce_perf},
 * {@code alltoall_perf}, …) on {@code ranks} ranks, one GPU each, over the workload's size sweep.
 * Data checks are off ({@code -c 0}, nccl-tests then prints {@code N/A} as the wrong count): they
 * cost GPU time and say nothing about the network.
 *
 * @param id the collective's index in its scenario, e.g. {@code collective0}
 * @param collective the workload
 * @param ranks the rank count, the workload's or every GPU of the lab's hosts
 */
record CollectiveJob(String id, Workload.Collective collective, int ranks) {

  /**
   * @return the nccl-tests binary, e.g. {@code all_reduce_perf}
   */
  String binary() {
    return collective.operation().ncclName() + "_perf";
  }

  /**
   * @return the binary with its arguments: the sweep, data type, reduction or root, no data check
   */
  String program() {
    StringBuilder line =
        new StringBuilder(binary())
            .append(" -b ")
            .append(collective.sizes().min().bytes())
            .append(" -e ")
            .append(collective.sizes().max().bytes())
            .append(" -f ")
            .append(collective.sizes().factor())
            .append(" -d ")
            .append(collective.dataType().ncclName());
    if (collective.operation().reduces()) {
      line.append(" -o sum");
    }
    if (collective.operation().rooted()) {
      line.append(" -r ").append(collective.root());
    }
    return line.append(" -c 0").toString();
  }

  /**
   * The NCCL settings the workload asks for: queue pairs per connection and how messages use them,
   * the algorithm and protocol unless NCCL is to choose them, and, where given, the channel count
   * (NCCL environment variables, NCCL user guide).
   *
   * @return the variables in a stable order
   */
  Map<String, String> environment() {
    Map<String, String> variables = new LinkedHashMap<>();
    variables.put("NCCL_IB_QPS_PER_CONNECTION", Integer.toString(collective.qpsPerConnection()));
    variables.put("NCCL_IB_SPLIT_DATA_ON_QPS", collective.splitDataOnQps() ? "1" : "0");
    if (collective.algorithm() != Algorithm.AUTO) { // unset: NCCL chooses per size
      variables.put("NCCL_ALGO", collective.algorithm().ncclName());
    }
    switch (collective.protocol()) {
      case SIMPLE -> variables.put("NCCL_PROTO", "Simple");
      case LL128 -> variables.put("NCCL_PROTO", "LL128");
      case LL -> variables.put("NCCL_PROTO", "LL");
      case AUTO -> {
        // unset: NCCL chooses per size
      }
    }
    if (collective.channels() > 0) {
      variables.put("NCCL_MIN_NCHANNELS", Integer.toString(collective.channels()));
      variables.put("NCCL_MAX_NCHANNELS", Integer.toString(collective.channels()));
    }
    return variables;
  }
}
