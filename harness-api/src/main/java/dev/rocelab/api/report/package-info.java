/**
 * The reporting SPI, through which the JUnit extension reaches a report module without depending on
 * it: {@link dev.rocelab.api.report.RunObserver}s are told of every run a test makes, {@link
 * dev.rocelab.api.report.TestReporter}s what each test is ({@link
 * dev.rocelab.api.report.TestDescription}) and every {@link dev.rocelab.api.report.Check} it makes.
 * Both are found with {@link java.util.ServiceLoader}; module {@code reports} implements them for
 * Allure.
 *
 * @since 0.1
 */
package dev.rocelab.api.report;
