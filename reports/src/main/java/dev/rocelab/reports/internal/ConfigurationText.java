package dev.rocelab.reports.internal;

import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFiles;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The effective configuration of a fabric: its fabric file with every default written out ({@link
 * FabricFiles#write}), so what ran is what is shown and the attachment can be saved and run again,
 * followed, as comments, by the facts derived from it (sizes, bandwidths, headroom per port class,
 * buffer budgets, firmware in use). The facts are written from the records themselves, so a fact
 * added to {@link FabricFacts} shows up here without a change.
 */
final class ConfigurationText {

  private ConfigurationText() {}

  /**
   * @param spec a fabric
   * @return its configuration as an attachment
   */
  static Attachment of(FabricSpec spec) {
    return new Attachment(
        "effective configuration · " + spec.name(), "text/yaml", "yaml", render(spec));
  }

  /**
   * @param spec a fabric
   * @return its fabric file and, as comments, the facts derived from it
   */
  static String render(FabricSpec spec) {
    FabricFacts facts = FabricFacts.of(FabricGraph.of(spec));
    Map<String, Object> derived = new LinkedHashMap<>();
    derived.put("hosts", facts.hosts());
    derived.put("gpus", facts.gpus());
    derived.put("nics", facts.nics());
    derived.put("switchesByRole", facts.switchesByRole());
    derived.put("links", facts.links());
    derived.put("nicBandwidth", facts.nicBandwidth());
    facts.hostInterfaceBandwidth().ifPresent(rate -> derived.put("hostInterfaceBandwidth", rate));
    derived.put("bisection", facts.bisection());
    derived.put("oversubscription", facts.oversubscription());
    derived.put("headroom", facts.headroom());
    derived.put("buffers", facts.buffers());
    derived.put("nicFirmware", facts.nicFirmware());
    derived.put("switchNos", facts.switchNos());
    StringBuilder factsText = new StringBuilder();
    write(factsText, 0, "facts", derived);
    StringBuilder out = new StringBuilder(FabricFiles.write(spec));
    out.append("\n# derived from the above (comments, so that the file still reads back)\n");
    factsText.toString().lines().forEach(line -> out.append("# ").append(line).append('\n'));
    return out.toString();
  }

  private static void write(StringBuilder out, int indent, String key, Object value) {
    if (value instanceof Optional<?> optional) {
      if (optional.isPresent()) {
        write(out, indent, key, optional.get());
      }
      return;
    }
    String pad = "  ".repeat(indent);
    if (isScalar(value)) {
      out.append(pad).append(key).append(": ").append(scalar(value)).append('\n');
      return;
    }
    if (value instanceof Collection<?> items && items.isEmpty()
        || value instanceof Map<?, ?> map && map.isEmpty()) {
      out.append(pad).append(key).append(value instanceof Map ? ": {}\n" : ": []\n");
      return;
    }
    out.append(pad).append(key).append(":\n");
    writeBody(out, indent + 1, value);
  }

  /** The lines of a non-scalar value, at an indent. */
  private static void writeBody(StringBuilder out, int indent, Object value) {
    String pad = "  ".repeat(indent);
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> write(out, indent, String.valueOf(k), v));
    } else if (value instanceof Collection<?> items) {
      for (Object item : items) {
        if (isScalar(item)) {
          out.append(pad).append("- ").append(scalar(item)).append('\n');
        } else {
          StringBuilder nested = new StringBuilder();
          writeBody(nested, indent + 1, item);
          // "- " takes the place of the first line's indent
          out.append(pad).append("- ").append(nested.substring(pad.length() + 2));
        }
      }
    } else if (value instanceof Record record) {
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        write(out, indent, component.getName(), value(component, record));
      }
    }
  }

  /** Units, numbers, text and enums print as one value; records, maps and collections nest. */
  private static boolean isScalar(Object value) {
    if (value == null) {
      return true;
    }
    if (value instanceof Record) {
      return value.getClass().getPackageName().equals("dev.rocelab.api.unit")
          || value.getClass().getPackageName().equals("dev.rocelab.api.fabric")
              && value.getClass().getSimpleName().equals("Endpoint");
    }
    return !(value instanceof Map || value instanceof Collection || value instanceof Optional);
  }

  private static String scalar(Object value) {
    if (value == null) {
      return "~";
    }
    String text = value.toString();
    boolean plain =
        !text.isEmpty()
            && text.chars().noneMatch(c -> c == ':' || c == '#' || c == '"' || c == '\n')
            && !text.startsWith(" ")
            && !text.endsWith(" ");
    return plain
        ? text
        : '"' + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
  }

  private static Object value(RecordComponent component, Record record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(
          "cannot read " + record.getClass().getSimpleName() + "." + component.getName(), e);
    }
  }
}
