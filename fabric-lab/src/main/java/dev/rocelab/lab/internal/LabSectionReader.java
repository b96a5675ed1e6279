package dev.rocelab.lab.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.fabricfile.spi.SectionReader;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import dev.rocelab.lab.LabInventory;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads a fabric file's {@code lab:} section — the inventory of a real lab — into a {@link
 * LabInventory}, reporting every problem with file, line and field as the core's readers do.
 * Registered with {@link java.util.ServiceLoader}, so the section is read wherever this module is
 * on the class path.
 */
@API(status = INTERNAL, since = "0.1")
public final class LabSectionReader implements SectionReader {

  /** Created by {@link java.util.ServiceLoader}. */
  public LabSectionReader() {}

  @Override
  public String key() {
    return LabInventory.KEY;
  }

  @Override
  public LabInventory read(YamlNode node, Values values) {
    return new LabBinder(values).lab(node);
  }

  /** The section with every default written out, literal credentials masked. */
  @Override
  public Optional<Map<String, Object>> write(FabricSection section) {
    return Optional.of(LabSectionWriter.write((LabInventory) section));
  }
}
