package dev.rocelab.api.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineLockTest {

  @Test
  void threadsOfOneProcessTakeTurns() throws Exception {
    String name = "test-" + UUID.randomUUID();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        int task = i;
        done.add(
            pool.submit(
                () ->
                    MachineLock.holding(
                        name,
                        () -> {
                          most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                          Thread.onSpinWait();
                          inside.decrementAndGet();
                          return task;
                        })));
      }
      for (int i = 0; i < done.size(); i++) {
        assertThat(done.get(i).get()).isEqualTo(i);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(most.get()).as("threads inside the lock at once").isEqualTo(1);
  }

  /**
   * A second process holds the lock until told to let go, and notes that it has before it does: the
   * work here runs only after that note.
   */
  @Test
  void anotherProcessHoldingTheLockIsWaitedFor(@TempDir Path dir) throws Exception {
    String name = "test-" + UUID.randomUUID();
    Path released = dir.resolve("released");
    Process holder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Holder.class.getName(),
                name,
                released.toString())
            .redirectErrorStream(true)
            .start();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
      assertThat(out.readLine()).isEqualTo("holding");
      holder.getOutputStream().close(); // let go
      boolean afterIt = MachineLock.holding(name, () -> Files.exists(released));
      assertThat(afterIt).as("the other process had let go first").isTrue();
    } finally {
      holder.waitFor();
    }
    assertThat(holder.exitValue()).isZero();
  }

  @Test
  void aNameIsAFileNamesWorth() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MachineLock.holding("../etc", () -> 1))
        .withMessage("a lock's name is letters, digits, '-', '_' and '.' but was '../etc'");
  }

  /** Holds a lock until its standard input closes, then notes that it lets go, and does. */
  static final class Holder {
    public static void main(String[] args) {
      MachineLock.holding(
          args[0],
          () -> {
            System.out.println("holding");
            System.out.flush();
            try {
              while (System.in.read() >= 0) {
                // until the test closes the pipe
              }
              Files.writeString(Path.of(args[1]), "released");
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
            return null;
          });
    }
  }
}
