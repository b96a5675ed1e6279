package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.RunResult;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Remembers the fabric each result the extension produced ran on, so criteria that need the
 * fabric (line rates, uplinks) work on a bare {@code RunResult}. Results are held weakly and by
 * identity.
 */
@API(status = INTERNAL, since = "0.1")
public final class RunRegistry {

  private static final Map<Key, FabricGraph> FABRICS = new HashMap<>();
  private static final ReferenceQueue<RunResult> COLLECTED = new ReferenceQueue<>();

  private RunRegistry() {}

  /**
   * @param result a result; never null
   * @param fabric the fabric it ran on; never null
   */
  public static synchronized void register(RunResult result, FabricGraph fabric) {
    expunge();
    FABRICS.put(new Key(result, COLLECTED), fabric);
  }

  /**
   * @param result a result
   * @return the fabric it ran on, if the extension produced it
   */
  public static synchronized Optional<FabricGraph> fabricOf(RunResult result) {
    expunge();
    return Optional.ofNullable(FABRICS.get(new Key(result, null)));
  }

  private static void expunge() {
    for (Reference<? extends RunResult> gone; (gone = COLLECTED.poll()) != null; ) {
      FABRICS.remove(gone);
    }
  }

  private static final class Key extends WeakReference<RunResult> {
    private final int hash;

    Key(RunResult result, ReferenceQueue<RunResult> queue) {
      super(result, queue);
      this.hash = System.identityHashCode(result);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      if (this == other) {
        return true;
      }
      Object mine = get();
      return mine != null && other instanceof Key key && key.get() == mine;
    }
  }
}
