/**
 * Internals of the rocelab Jupiter extension: configuration, sessions, scenario declarations,
 * reporting hooks and the arithmetic behind the criteria. Not API: anything here may change
 * without notice.
 *
 * @since 0.1
 */
package dev.rocelab.junit.internal;
