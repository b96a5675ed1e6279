/**
 * The extension point through which a module reads a top-level section of fabric files ({@link
 * dev.rocelab.fabricfile.spi.SectionReader}), and the reading toolkit the core's own readers use:
 * {@link dev.rocelab.fabricfile.spi.YamlNode} (a node with its line, column and path), {@link
 * dev.rocelab.fabricfile.spi.MappingReader} over a {@link dev.rocelab.fabricfile.spi.Shape} (known
 * and required keys), {@link dev.rocelab.fabricfile.spi.Values} (typed values) and {@link
 * dev.rocelab.fabricfile.spi.ProblemCollector} (located problems).
 *
 * @since 0.1
 */
package dev.rocelab.fabricfile.spi;
