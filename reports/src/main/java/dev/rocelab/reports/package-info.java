/**
 * Allure reports of rocelab runs: every run's charts, telemetry, topology and effective
 * configuration attached to its test (through the {@link dev.rocelab.api.report.RunObserver} SPI),
 * one Allure history per phase, and {@link dev.rocelab.reports.SignOff}, which turns a results
 * directory into one HTML report per phase, a combined report and a sign-off page.
 *
 * @since 0.1
 */
package dev.rocelab.reports;
