/**
 * What a test does to a fabric: workloads, faults at scheduled times, and the {@link
 * dev.rocelab.api.scenario.Scenario} that bundles them with a duration and a seed; and the
 * pre-production {@link dev.rocelab.api.scenario.Phase}s.
 *
 * @since 0.1
 */
package dev.rocelab.api.scenario;
