/**
 * The reports' internals: chart, telemetry, configuration and topology renderers, the Allure hooks,
 * and the pieces of the sign-off generator. Not API: may change in any release.
 */
package dev.rocelab.reports.internal;
