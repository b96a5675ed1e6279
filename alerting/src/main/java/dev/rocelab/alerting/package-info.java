/**
 * OPERATIONAL phase: a run's telemetry exported as OpenMetrics on an operational timeline (minutes
 * of scrapes, not the milliseconds a simulation lasts), and Prometheus alert rules proven to fire
 * on it with Prometheus' own rule tester, {@code promtool test rules}, run in a container built
 * locally from Debian's {@code prometheus} package.
 *
 * <p>Entry points: {@link dev.rocelab.alerting.OperationalTimeline#of} projects a run, {@link
 * dev.rocelab.alerting.OpenMetrics#write} exports it, {@link dev.rocelab.alerting.AlertRuleTester}
 * finds which alerts fire and when, {@link dev.rocelab.alerting.AlertsAssert} asserts on that.
 */
package dev.rocelab.alerting;
