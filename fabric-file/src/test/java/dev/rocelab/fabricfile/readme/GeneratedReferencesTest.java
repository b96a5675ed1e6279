package dev.rocelab.fabricfile.readme;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The references under {@code docs/reference/} that follow from this module's code: every key of a
 * fabric file, from its JSON Schema, and the built-in firmware and NOS versions with every setting,
 * as a fabric file writes them. Each test regenerates its page and fails when the checked-in one
 * differs; {@code -Drocelab.docs.update=true} writes the page instead.
 */
class GeneratedReferencesTest {

  private static final Path DOCS = Path.of("..", "docs", "reference");
  private static final String SCHEMA_PATH =
      "fabric-file/src/main/resources" + FabricFiles.SCHEMA_RESOURCE;

  @Test
  void theFabricFileReferenceIsTheSchemas() throws IOException {
    JsonNode schema;
    try (InputStream in = FabricFiles.class.getResourceAsStream(FabricFiles.SCHEMA_RESOURCE)) {
      schema = new ObjectMapper().readTree(in);
    }
    assertUpToDate("fabric-file.md", new SchemaReference(schema).page());
  }

  @Test
  void theFirmwareProfilesReferenceIsTheBuiltInRegistrys() throws IOException {
    assertUpToDate("firmware-profiles.md", firmwareProfilesPage());
  }

  // ------------------------------------------------------------------------------ the pages

  private static String firmwareProfilesPage() {
    FabricSpec reference = FabricFiles.load(Path.of("..", "fabrics", "reference.yaml"));
    FabricSpec withBuiltIns =
        reference.withSections(Map.of()).withFirmwareProfiles(FirmwareRegistry.BUILT_IN);
    String file = FabricFiles.write(withBuiltIns);
    int from = file.indexOf("\nfirmwareProfiles:\n") + 1;
    int to = file.indexOf("\nfirmware:", from) + 1;
    String profiles = file.substring(from, to);
    StringBuilder page = new StringBuilder();
    page.append("# Built-in firmware and NOS versions\n\n")
        .append("<!-- Generated from FirmwareRegistry.BUILT_IN by GeneratedReferencesTest")
        .append(" (fabric-file); do not edit. -->\n\n")
        .append("Every firmware and NOS version rocelab knows without being told, with every")
        .append(" setting it\nstands for, written as a fabric file's `firmwareProfiles` would")
        .append(" write it. They are **model\nprofiles, not vendor facts**: what comes from a")
        .append(" published source, and what is a modelled\nassumption, is in")
        .append(" `FirmwareRegistry`'s javadoc and on")
        .append(" [Writing a fabric file](../fabric-file.md#firmware-and-nos-versions),")
        .append("\nwhich also says how a fabric file maps its own version strings onto these")
        .append(" (`basedOn`).\n\n")
        .append("NIC firmware: ")
        .append(codeList(FirmwareRegistry.BUILT_IN.nicVersions().keySet()))
        .append(". Switch NOS: ")
        .append(codeList(FirmwareRegistry.BUILT_IN.nosVersions().keySet()))
        .append(".\n\n```yaml\n")
        .append(profiles)
        .append("```\n");
    return page.toString();
  }

  private static String codeList(Set<String> names) {
    return String.join(", ", names.stream().map(n -> "`" + n + "`").toList());
  }

  /** One section per object of the schema: the root, then each definition with keys. */
  private static final class SchemaReference {
    private final JsonNode schema;
    private final JsonNode defs;

    SchemaReference(JsonNode schema) {
      this.schema = schema;
      this.defs = schema.path("$defs");
    }

    String page() {
      StringBuilder page = new StringBuilder();
      page.append("# Fabric-file reference\n\n")
          .append("<!-- Generated from ")
          .append(SCHEMA_PATH)
          .append(" by GeneratedReferencesTest (fabric-file); do not edit. -->\n\n")
          .append("Every key a fabric file may hold, with its type, whether it is required, its")
          .append(" default and what it\nmeans, as the JSON Schema `")
          .append(schema.path("$id").asText())
          .append("` states them (the schema ships in the `fabric-file`\njar as `")
          .append(FabricFiles.SCHEMA_RESOURCE.substring(1))
          .append("`). How to write one, and what `validate` checks beyond\nthe schema:")
          .append(" [Writing a fabric file](../fabric-file.md).\n\n")
          .append("## Value types\n\n| Type | Written as |\n|---|---|\n");
      for (Iterator<Map.Entry<String, JsonNode>> it = defs.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> def = it.next();
        if (!def.getValue().has("properties") && def.getValue().has("description")) {
          page.append("| `")
              .append(def.getKey())
              .append("` | ")
              .append(cell(def.getValue().path("description").asText()))
              .append(" |\n");
        }
      }
      section(page, "The file", "", schema);
      for (Iterator<Map.Entry<String, JsonNode>> it = defs.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> def = it.next();
        if (def.getValue().has("properties")) {
          section(
              page,
              def.getValue().path("title").asText(def.getKey()),
              def.getKey(),
              def.getValue());
        }
      }
      return page.toString();
    }

    private void section(StringBuilder page, String title, String name, JsonNode object) {
      page.append("\n## ").append(title);
      if (!name.isEmpty()) {
        page.append(" (`").append(name).append("`)");
      }
      page.append("\n\n");
      if (object.has("description")) {
        page.append(object.path("description").asText()).append("\n\n");
      }
      for (String variant : variants(object)) {
        page.append("- ").append(variant).append("\n");
      }
      if (!variants(object).isEmpty()) {
        page.append("\n");
      }
      Set<String> required = new HashSet<>();
      object.path("required").forEach(r -> required.add(r.asText()));
      page.append("| Key | Type | Required | Default | Meaning |\n|---|---|---|---|---|\n");
      for (Iterator<Map.Entry<String, JsonNode>> it = object.path("properties").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> key = it.next();
        JsonNode property = key.getValue();
        page.append("| `")
            .append(key.getKey())
            .append("` | ")
            .append(cell(type(property)))
            .append(" | ")
            .append(required.contains(key.getKey()) ? "yes" : "no")
            .append(" | ")
            .append(property.has("default") ? "`" + property.path("default") + "`" : "")
            .append(" | ")
            .append(cell(meaning(property)))
            .append(" |\n");
      }
    }

    /** The keys a discriminating value brings in: {@code kind: graph} brings the graph's. */
    private List<String> variants(JsonNode object) {
      List<String> variants = new ArrayList<>();
      for (JsonNode branch : object.path("allOf")) {
        variant(branch.path("if"), branch.path("then")).ifPresent(variants::add);
      }
      if (object.has("if")) {
        variant(object.path("if"), object.path("then")).ifPresent(variants::add);
        if (object.has("else")) {
          variants.add("otherwise: the keys of " + link(object.path("else")));
        }
      }
      return variants;
    }

    private java.util.Optional<String> variant(JsonNode condition, JsonNode then) {
      for (Iterator<Map.Entry<String, JsonNode>> it = condition.path("properties").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> key = it.next();
        if (key.getValue().has("const") && then.has("$ref")) {
          return java.util.Optional.of(
              "`"
                  + key.getKey()
                  + ": "
                  + key.getValue().path("const").asText()
                  + "`: the keys of "
                  + link(then));
        }
      }
      return java.util.Optional.empty();
    }

    private String meaning(JsonNode property) {
      if (property.has("description")) {
        return property.path("description").asText();
      }
      JsonNode target = target(property);
      return target == null ? "" : target.path("description").asText("");
    }

    private String type(JsonNode property) {
      if (property.has("$ref")) {
        return link(property);
      }
      if (property.has("enum")) {
        List<String> words = new ArrayList<>();
        property.path("enum").forEach(w -> words.add("`" + w.asText() + "`"));
        return "one of " + String.join(", ", words);
      }
      for (String alternatives : List.of("oneOf", "anyOf")) {
        if (property.has(alternatives)) {
          List<String> types = new ArrayList<>();
          property.path(alternatives).forEach(a -> types.add(type(a)));
          return String.join(" or ", types);
        }
      }
      String type = property.path("type").isArray() ? "text" : property.path("type").asText("");
      switch (type) {
        case "array":
          return "list of " + type(property.path("items"));
        case "object":
          if (property.path("additionalProperties").isObject()) {
            String keys =
                property.has("propertyNames") ? type(property.path("propertyNames")) : "name";
            return "map of " + keys + " → " + type(property.path("additionalProperties"));
          }
          return property.has("properties") ? "object" : "map";
        default:
          return type;
      }
    }

    /** A scalar definition by its name, an object definition as a link to its section. */
    private String link(JsonNode reference) {
      String name = reference.path("$ref").asText().replace("#/$defs/", "");
      JsonNode target = defs.path(name);
      if (target.has("properties")) {
        String title = target.path("title").asText(name);
        return "[" + title + "](#" + DocumentationTest.slug(title + " (`" + name + "`)") + ")";
      }
      if (target.has("enum")) {
        return type(target);
      }
      return "`" + name + "`";
    }

    private JsonNode target(JsonNode property) {
      if (!property.has("$ref")) {
        return null;
      }
      return defs.path(property.path("$ref").asText().replace("#/$defs/", ""));
    }

    private static String cell(String text) {
      return text.replace("|", "\\|").replace("\n", " ");
    }
  }

  // ------------------------------------------------------------------------------ checking

  static void assertUpToDate(String name, String generated) throws IOException {
    Path page = DOCS.resolve(name);
    if (Boolean.getBoolean("rocelab.docs.update")) {
      Files.createDirectories(DOCS);
      Files.writeString(page, generated);
    }
    Path expected = Path.of("target", "generated-docs", "reference", name);
    Files.createDirectories(expected.getParent());
    Files.writeString(expected, generated);
    assertThat(Files.exists(page) ? Files.readString(page) : "")
        .as(
            "docs/reference/%s differs from what the code generates, %s: copy it over the page"
                + " (or run with -Drocelab.docs.update=true) and review the diff",
            name, expected.toAbsolutePath())
        .isEqualTo(generated);
  }
}
