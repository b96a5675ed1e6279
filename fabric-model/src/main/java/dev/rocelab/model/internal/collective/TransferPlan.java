package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A collective decomposed into the transfers NCCL performs: each moves a chunk of user data from
 * one rank to another, over NVLink (same host) or a network {@link Connection}, once the transfers
 * it depends on have been delivered; each belongs to an NCCL channel. Stored as flat arrays, so a
 * plan of a million transfers stays small.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class TransferPlan {

  /** The connection of a transfer that stays inside a host, over NVLink. */
  public static final int NVLINK = -1;

  private final int count;
  private final int[] from;
  private final int[] to;
  private final long[] dataBytes;
  private final int[] connection;
  private final int[] channel;
  private final int[] dependencies;
  private final int[] successorStart;
  private final int[] successors;
  private final List<Connection> connections;

  private TransferPlan(Builder b) {
    this.count = b.count;
    this.from = Arrays.copyOf(b.from, count);
    this.to = Arrays.copyOf(b.to, count);
    this.dataBytes = Arrays.copyOf(b.dataBytes, count);
    this.connection = Arrays.copyOf(b.connection, count);
    this.channel = Arrays.copyOf(b.channel, count);
    this.dependencies = new int[count];
    this.successorStart = new int[count + 1];
    for (int e = 0; e < b.edges; e++) {
      dependencies[b.edgeTo[e]]++;
      successorStart[b.edgeFrom[e] + 1]++;
    }
    for (int t = 0; t < count; t++) {
      successorStart[t + 1] += successorStart[t];
    }
    this.successors = new int[b.edges];
    int[] fill = Arrays.copyOf(successorStart, count);
    for (int e = 0; e < b.edges; e++) {
      successors[fill[b.edgeFrom[e]]++] = b.edgeTo[e];
    }
    this.connections = List.copyOf(b.connections);
  }

  /**
   * @return the number of transfers
   */
  public int size() {
    return count;
  }

  /**
   * @return the sending rank of a transfer
   */
  public int from(int transfer) {
    return from[transfer];
  }

  /**
   * @return the receiving rank of a transfer
   */
  public int to(int transfer) {
    return to[transfer];
  }

  /**
   * @return the user data a transfer moves, in bytes
   */
  public long dataBytes(int transfer) {
    return dataBytes[transfer];
  }

  /**
   * @return the index of a transfer's connection in {@link #connections()}, or {@link #NVLINK}
   */
  public int connection(int transfer) {
    return connection[transfer];
  }

  /**
   * @return the NCCL channel a transfer belongs to (all-to-all: 0)
   */
  public int channel(int transfer) {
    return channel[transfer];
  }

  /**
   * @return how many transfers must be delivered before this one can start
   */
  public int dependencies(int transfer) {
    return dependencies[transfer];
  }

  /**
   * @return the index of a transfer's first successor in {@link #successor(int)}
   */
  public int successorsFrom(int transfer) {
    return successorStart[transfer];
  }

  /**
   * @return one past the index of a transfer's last successor
   */
  public int successorsTo(int transfer) {
    return successorStart[transfer + 1];
  }

  /**
   * @return the transfer at a position of the successor lists
   */
  public int successor(int index) {
    return successors[index];
  }

  /**
   * @return the network connections, in the order transfers first use them
   */
  public List<Connection> connections() {
    return connections;
  }

  /**
   * @param rank a rank
   * @return the user data it sends, over NVLink and the network
   */
  public long bytesSentBy(int rank) {
    long sum = 0;
    for (int t = 0; t < count; t++) {
      if (from[t] == rank) {
        sum += dataBytes[t];
      }
    }
    return sum;
  }

  /** Collects transfers and their dependencies. */
  public static final class Builder {
    private int count;
    private int[] from = new int[64];
    private int[] to = new int[64];
    private long[] dataBytes = new long[64];
    private int[] connection = new int[64];
    private int[] channel = new int[64];
    private int edges;
    private int[] edgeFrom = new int[64];
    private int[] edgeTo = new int[64];
    private final List<Connection> connections = new ArrayList<>();
    private final Map<Connection, Integer> connectionIds = new HashMap<>();

    /**
     * Adds a transfer over NVLink.
     *
     * @param onChannel the NCCL channel moving it
     * @return its id
     */
    public int nvlink(int fromRank, int toRank, long bytes, int onChannel) {
      return add(fromRank, toRank, bytes, NVLINK, onChannel);
    }

    /**
     * Adds a transfer over a network connection.
     *
     * @return its id
     */
    public int network(int fromRank, int toRank, long bytes, Connection over) {
      Integer id = connectionIds.get(over);
      if (id == null) {
        id = connections.size();
        connections.add(over);
        connectionIds.put(over, id);
      }
      return add(fromRank, toRank, bytes, id, over.channel());
    }

    /**
     * Makes {@code transfer} wait for {@code on} to be delivered; a negative {@code on} is no
     * dependency.
     */
    public void dependsOn(int transfer, int on) {
      if (on < 0) {
        return;
      }
      if (edges == edgeFrom.length) {
        edgeFrom = Arrays.copyOf(edgeFrom, edges * 2);
        edgeTo = Arrays.copyOf(edgeTo, edges * 2);
      }
      edgeFrom[edges] = on;
      edgeTo[edges++] = transfer;
    }

    /**
     * @return the plan
     */
    public TransferPlan build() {
      return new TransferPlan(this);
    }

    private int add(int fromRank, int toRank, long bytes, int over, int onChannel) {
      if (count == from.length) {
        int n = count * 2;
        from = Arrays.copyOf(from, n);
        to = Arrays.copyOf(to, n);
        dataBytes = Arrays.copyOf(dataBytes, n);
        connection = Arrays.copyOf(connection, n);
        channel = Arrays.copyOf(channel, n);
      }
      from[count] = fromRank;
      to[count] = toRank;
      dataBytes[count] = bytes;
      connection[count] = over;
      channel[count] = onChannel;
      return count++;
    }
  }
}
