/**
 * Internals of the rocelab assertions: what the assertions of one run share. Not API: anything here
 * may change without notice.
 *
 * @since 0.1
 */
package dev.rocelab.assertj.internal;
