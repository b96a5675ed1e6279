package dev.rocelab.model.internal.net;

/**
 * The messages of a queue pair that a workload posts while the run goes on (a collective's chunk
 * transfers), each with its own size: for every posted message, the PSN just past its last packet
 * and that packet's payload. Messages are forgotten once acknowledged, so memory follows what is
 * outstanding, not what was sent.
 */
final class PostedMessages {

  private final int mtu;
  private int[] endPsn = new int[16];
  private int[] lastPayload = new int[16];

  /** Oldest message not yet acknowledged, and one past the newest, as absolute indexes. */
  private long head;

  private long tail;

  /** The message the next packet to send belongs to. */
  private long cursor;

  private int postedPackets;

  PostedMessages(int mtu) {
    this.mtu = mtu;
  }

  /** Appends a message of {@code bytes} bytes. */
  void post(long bytes) {
    if (tail - head == endPsn.length) {
      grow();
    }
    int packets = Math.toIntExact((bytes + mtu - 1) / mtu);
    postedPackets = Math.addExact(postedPackets, packets);
    int slot = slot(tail++);
    endPsn[slot] = postedPackets;
    lastPayload[slot] = (int) (bytes - (long) (packets - 1) * mtu);
  }

  /**
   * @return one past the last PSN posted
   */
  int postedPackets() {
    return postedPackets;
  }

  /**
   * @return the payload of the packet with this PSN, which must be posted and not acknowledged
   */
  int payload(int psn) {
    seek(psn);
    return psn == endPsn[slot(cursor)] - 1 ? lastPayload[slot(cursor)] : mtu;
  }

  /**
   * @return whether the packet with this PSN ends its message
   */
  boolean endsMessage(int psn) {
    seek(psn);
    return psn == endPsn[slot(cursor)] - 1;
  }

  /**
   * @return the first PSN of the message the packet with this PSN belongs to (posted, not
   *     acknowledged)
   */
  int messageStart(int psn) {
    seek(psn);
    return startPsn(cursor);
  }

  /** Forgets the messages every packet of which is below {@code sndUna}. */
  void acknowledged(int sndUna) {
    while (head < tail && endPsn[slot(head)] <= sndUna) {
      head++;
    }
    if (cursor < head) {
      cursor = head;
    }
  }

  private void seek(int psn) {
    while (cursor > head && psn < startPsn(cursor)) {
      cursor--;
    }
    while (psn >= endPsn[slot(cursor)]) {
      cursor++;
    }
  }

  private int startPsn(long message) {
    return message == 0 ? 0 : endPsn[slot(message - 1)];
  }

  private int slot(long message) {
    return (int) (message % endPsn.length);
  }

  private void grow() {
    int n = endPsn.length;
    int[] ends = new int[n * 2];
    int[] lasts = new int[n * 2];
    for (long m = head; m < tail; m++) {
      ends[(int) (m % (n * 2))] = endPsn[slot(m)];
      lasts[(int) (m % (n * 2))] = lastPayload[slot(m)];
    }
    endPsn = ends;
    lastPayload = lasts;
  }
}
