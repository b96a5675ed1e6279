/**
 * Internals of the rocelab Jupiter extension: configuration, sessions, scenario declarations and
 * reporting hooks. Not API: anything here may change without notice.
 *
 * @since 0.1
 */
package dev.rocelab.junit.internal;
