/**
 * Fabric files: YAML descriptions of a fabric, read into {@link dev.rocelab.api.fabric.FabricSpec}
 * with every problem located by file, line, column and field path. Start at {@link
 * dev.rocelab.fabricfile.FabricFiles}.
 *
 * @since 0.1
 */
package dev.rocelab.fabricfile;
