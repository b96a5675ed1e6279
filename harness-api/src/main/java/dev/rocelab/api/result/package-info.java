/**
 * What a run measured: {@link dev.rocelab.api.result.RunResult} with per-port-and-priority
 * counters, per-flow results, latency distributions, time series, first drops and the event
 * timeline.
 *
 * @since 0.1
 */
package dev.rocelab.api.result;
