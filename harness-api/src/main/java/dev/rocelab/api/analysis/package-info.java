/**
 * Figures computed from a run's result and its fabric — how a failure degraded throughput, how long
 * recovery took, how unevenly ECMP spread traffic, a run's telemetry in a few lines — and the
 * formatting of quantities for people. The criteria, the reports, the alerting and the command line
 * share them; none needs a test framework.
 *
 * @since 0.1
 */
package dev.rocelab.api.analysis;
