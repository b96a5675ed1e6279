/**
 * The rocelab criteria: {@link dev.rocelab.assertj.FabricAssertions} and {@link
 * dev.rocelab.assertj.FabricSoftAssertions} for what a run must achieve, and {@link
 * dev.rocelab.assertj.FabricAwait} for conditions to wait on while a scenario runs. AssertJ and
 * Awaitility only: no JUnit, so any test framework (or none) can use them.
 *
 * <h2>What the criteria read from a run</h2>
 *
 * The criteria work on {@link dev.rocelab.api.result.RunResult} alone, so any backend that fills it
 * can be judged. Beyond the per-port counters, flows and latency summaries, they read:
 *
 * <table>
 *   <caption>Time series ({@code RunResult.series()}), sampled every {@code Scenario.sampleInterval()}</caption>
 *   <tr><th>metric</th><th>subject</th><th>unit</th><th>value of a sample</th><th>used by</th></tr>
 *   <tr><td>{@code throughput}</td><td>flow id</td><td>bps</td><td>the flow's delivery rate over the
 *       interval</td><td>{@link RecoveryAssert recovery()}</td></tr>
 *   <tr><td>{@code paused_time}</td><td>{@code device:port/priority}</td><td>ps</td><td>time that
 *       egress was paused within the interval</td><td>{@link PfcAssert#isNotPausedInLast(String)
 *       pfc().isNotPausedInLast(…)}</td></tr>
 *   <tr><td>{@code queue_depth}</td><td>{@code device:port/priority}</td><td>bytes</td><td>egress
 *       queue occupancy at the sample time</td><td>reports</td></tr>
 *   <tr><td>{@code ecn_marks}</td><td>{@code device:port/priority}</td><td>packets</td><td>CE marks
 *       within the interval</td><td>reports</td></tr>
 * </table>
 *
 * <table>
 *   <caption>Events ({@code RunResult.events()}) and records</caption>
 *   <tr><th>what</th><th>used by</th></tr>
 *   <tr><td>a {@code FAULT} event when each fault takes effect (subject: the port, device or NIC)</td>
 *       <td>{@code recovery()}</td></tr>
 *   <tr><td>{@code WATCHDOG_TRIGGERED} (subject {@code device:port/priority}) and {@code DEADLOCK}
 *       events</td><td>{@code pfc().hasNoStorm()}, {@code pfc().stormDetectedWithin(…)},
 *       {@code hasNoDeadlock()}</td></tr>
 *   <tr><td>{@code firstDrops()} in time order, with {@code lossless} set, always including the first
 *       drop on a lossless priority</td><td>the "first drop" line of the lossless criteria</td></tr>
 * </table>
 *
 * Criteria that need the fabric — line rates, uplinks for ECMP, the lossless priorities — take it
 * from the run ({@link dev.rocelab.api.result.RunResult#fabric()}).
 *
 * @since 0.1
 */
package dev.rocelab.assertj;
