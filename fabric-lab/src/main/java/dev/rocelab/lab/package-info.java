/**
 * The lab backend ({@code lab}): runs rocelab scenarios on real hosts and switches described by the
 * {@code lab:} section of a fabric file.
 *
 * @since 0.1
 */
package dev.rocelab.lab;
