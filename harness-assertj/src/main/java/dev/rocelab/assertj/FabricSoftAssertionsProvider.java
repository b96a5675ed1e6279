package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.internal.AssertContext;
import org.apiguardian.api.API;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * Soft fabric criteria for any {@link SoftAssertionsProvider}: every rocelab criterion checked
 * through {@link #assertThat(RunResult)} is collected instead of thrown, including those reached by
 * navigation ({@code latency(3).p99()…}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface FabricSoftAssertionsProvider extends SoftAssertionsProvider {

  /**
   * @param run a run result
   * @return assertions on it whose failures this provider collects
   */
  default RunResultAssert assertThat(RunResult run) {
    return new RunResultAssert(AssertContext.of(run, this));
  }
}
