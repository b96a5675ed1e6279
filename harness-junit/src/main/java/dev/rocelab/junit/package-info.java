/**
 * The rocelab Jupiter extension: {@link dev.rocelab.junit.FabricTest @FabricTest} and the scenario
 * annotations that declare what a test does to a fabric. What a test must achieve is written with
 * the criteria of {@code dev.rocelab.assertj} ({@link dev.rocelab.assertj.FabricAssertions}, {@link
 * dev.rocelab.assertj.FabricAwait}), which come with this module.
 *
 * @since 0.1
 */
package dev.rocelab.junit;
