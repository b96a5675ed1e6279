package dev.rocelab.fabricfile.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.FabricSection;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads one top-level section of a fabric file for the module that owns it — the lab backend reads
 * {@code lab:}. Found with {@link java.util.ServiceLoader} (list the class in {@code
 * META-INF/services/dev.rocelab.fabricfile.spi.SectionReader}); its key is then accepted at the top
 * of every fabric file, and what it makes is kept in {@link
 * dev.rocelab.api.fabric.FabricSpec#sections()}. Read the section with a {@link MappingReader} of
 * your {@link Shape}s and the {@link Values} readers, so that every problem is reported with file,
 * line, column, the field and the rule, like the core's own.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface SectionReader {

  /**
   * @return the section's key at the top of a fabric file, e.g. {@code lab}
   */
  String key();

  /**
   * Reads the section.
   *
   * @param node the section's value
   * @param values reads values, reporting problems where they are in the file
   * @return the section, or null once a problem has been reported (reading goes on, so that every
   *     problem of the file is found)
   */
  FabricSection read(YamlNode node, Values values);

  /**
   * Writes the section as a fabric file holds it, for the effective configuration ({@link
   * dev.rocelab.fabricfile.FabricFiles#write}): maps in key order, lists, strings, whole numbers,
   * decimals ({@code Double}) and booleans; quantities as their text ({@code toString()} of {@code
   * DataSize}, {@code SimTime}, ...). Write every default out, so that {@link #read} gives back an
   * equal section. Mask credentials given literally ({@link
   * dev.rocelab.api.report.Secrets#maskHeaderValue}): the effective configuration is shown in
   * reports; {@code ${env:…}} placeholders stay as they are.
   *
   * @param section a section this reader read
   * @return its mapping; empty (the default) when this reader cannot write its section, which the
   *     written file then leaves out and says so
   */
  default Optional<Map<String, Object>> write(FabricSection section) {
    return Optional.empty();
  }
}
