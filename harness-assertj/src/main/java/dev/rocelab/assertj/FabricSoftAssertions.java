package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.function.Consumer;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractSoftAssertions;

/**
 * Checks many fabric criteria at once and reports every failure together, as AssertJ's {@code
 * SoftAssertions} does.
 *
 * <pre>{@code
 * FabricSoftAssertions.assertSoftly(softly -> {
 *   softly.assertThat(run).isLossless();
 *   softly.assertThat(run).latency(3).p99().isLessThan("80us");
 *   softly.assertThat(run).pfc().pausedFraction().isLessThan(0.95);
 * });
 * }</pre>
 *
 * It also works with AssertJ's {@code SoftAssertionsExtension} ({@code @InjectSoftAssertions
 * FabricSoftAssertions softly}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class FabricSoftAssertions extends AbstractSoftAssertions
    implements FabricSoftAssertionsProvider {

  /** Creates soft assertions with no failure collected yet. */
  public FabricSoftAssertions() {}

  /**
   * Runs the checks and then fails with every failure collected, if any.
   *
   * @param checks the criteria; never null
   */
  public static void assertSoftly(Consumer<FabricSoftAssertions> checks) {
    FabricSoftAssertions softly = new FabricSoftAssertions();
    checks.accept(softly);
    softly.assertAll();
  }
}
