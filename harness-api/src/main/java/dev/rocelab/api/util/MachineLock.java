package dev.rocelab.api.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Work that one thread of one process on this machine does at a time: the processes wait on a lock
 * on a file of the temporary directory, the threads of one process on a lock of their own (a file
 * lock is held by the whole process). Two test processes that need the same container image build
 * it once so, the second taking it from the engine's cache, instead of both building it at once.
 * Not API.
 */
@API(status = INTERNAL, since = "0.3")
public final class MachineLock {

  private static final Map<String, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

  private MachineLock() {}

  /**
   * Does the work holding the lock of this name, waiting for it first.
   *
   * @param name the lock's name, a file name's worth of letters, digits, {@code -}, {@code _} and
   *     {@code .}
   * @param work what to do
   * @param <T> what it gives
   * @return what the work gave
   * @throws IllegalArgumentException if the name is not such a name
   * @throws UncheckedIOException if the lock file cannot be opened or locked
   */
  public static <T> T holding(String name, Supplier<T> work) {
    if (!name.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException(
          "a lock's name is letters, digits, '-', '_' and '.' but was '" + name + "'");
    }
    ReentrantLock local = IN_PROCESS.computeIfAbsent(name, n -> new ReentrantLock());
    local.lock();
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "rocelab-" + name + ".lock");
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.lock(); // released as the channel closes
      return work.get();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock " + file, e);
    } finally {
      local.unlock();
    }
  }
}
