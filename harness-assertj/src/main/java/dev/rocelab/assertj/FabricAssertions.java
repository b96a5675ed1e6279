package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.internal.AssertContext;
import org.apiguardian.api.API;

/**
 * The entry point of the fabric criteria: {@code assertThat(run)} and the navigation it offers.
 *
 * <pre>{@code
 * import static dev.rocelab.assertj.FabricAssertions.assertThat;
 *
 * assertThat(run).isLossless();
 * assertThat(run).latency(3).p99().isLessThan("80us");
 * }</pre>
 *
 * <p>To check many criteria and see every failure at once, use {@link FabricSoftAssertions}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FabricAssertions {

  private FabricAssertions() {}

  /**
   * @param run a run result
   * @return assertions on it, which throw on the first failure
   */
  public static RunResultAssert assertThat(RunResult run) {
    return new RunResultAssert(AssertContext.of(run, null));
  }

  /**
   * @param findings what a configuration check found
   * @return assertions on them
   * @since 0.2
   */
  public static FindingsAssert assertThat(Findings findings) {
    return new FindingsAssert(findings);
  }
}
