package dev.rocelab.model.internal.collective;

/**
 * The NVLink ports of a collective's GPUs: each GPU sends one transfer at a time, taking turns
 * among the channels that have one waiting (round robin), first come first served within a channel.
 * NCCL runs every channel on its own thread blocks, so a channel that has just received a slice
 * forwards it alongside the others' backlog rather than behind it; one queue across channels would
 * hold a tree's chains back by every slice queued before theirs.
 */
final class NvlinkPorts {

  private final IntQueue[][] waiting;
  private final int[] nextChannel;
  private final boolean[] sending;

  /**
   * @param ranks the GPUs
   * @param channels the collective's channels
   */
  NvlinkPorts(int ranks, int channels) {
    this.waiting = new IntQueue[ranks][channels];
    for (IntQueue[] byChannel : waiting) {
      for (int c = 0; c < channels; c++) {
        byChannel[c] = new IntQueue();
      }
    }
    this.nextChannel = new int[ranks];
    this.sending = new boolean[ranks];
  }

  /** Queues a transfer at its GPU's port. */
  void add(int rank, int channel, int transfer) {
    waiting[rank][channel].add(transfer);
  }

  /**
   * @return whether the GPU's port is sending
   */
  boolean isSending(int rank) {
    return sending[rank];
  }

  /** Marks the GPU's port free: the transfer it was sending has left. */
  void sent(int rank) {
    sending[rank] = false;
  }

  /**
   * Takes the next transfer the GPU's port sends and marks the port sending.
   *
   * @return the transfer, or −1 if none waits (the port stays free)
   */
  int next(int rank) {
    IntQueue[] byChannel = waiting[rank];
    for (int k = 0; k < byChannel.length; k++) {
      int c = (nextChannel[rank] + k) % byChannel.length;
      if (!byChannel[c].isEmpty()) {
        nextChannel[rank] = (c + 1) % byChannel.length;
        sending[rank] = true;
        return byChannel[c].poll();
      }
    }
    return -1;
  }
}
