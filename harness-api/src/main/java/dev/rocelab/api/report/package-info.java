/**
 * The reporting SPI: {@link dev.rocelab.api.report.RunObserver}s, found with {@link
 * java.util.ServiceLoader}, are told of every run a test makes, so that a report module can attach
 * charts and telemetry without the JUnit extension depending on it.
 *
 * @since 0.1
 */
package dev.rocelab.api.report;
