package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.rocelab.fabricfile.spi.Shape;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The shipped JSON Schema held against the readers' {@link Shape}s: the same keys, the same
 * required ones, the same kinds. Public, in this module's test-jar, for modules whose section the
 * schema documents.
 */
public final class SchemaAgreement {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNode SCHEMA_JSON = load();
  private static final JsonSchema SCHEMA =
      JsonSchemaFactory.getInstance(
              SpecVersion.VersionFlag.V202012,
              builder ->
                  builder.schemaMappers(
                      mappers ->
                          mappers.mappings(
                              Map.of(
                                  FabricFiles.SCHEMA_ID,
                                  "classpath:" + FabricFiles.SCHEMA_RESOURCE.substring(1)))))
          .getSchema(SchemaLocation.of(FabricFiles.SCHEMA_ID));

  private SchemaAgreement() {}

  private static JsonNode load() {
    try (InputStream in = FabricFiles.class.getResourceAsStream(FabricFiles.SCHEMA_RESOURCE)) {
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @return the schema as JSON
   */
  public static JsonNode schemaJson() {
    return SCHEMA_JSON;
  }

  /**
   * @return the closed objects of the schema by name: the top-level {@code fabric} and every {@code
   *     $defs} entry with fixed properties
   */
  public static Map<String, JsonNode> closedObjects() {
    Map<String, JsonNode> closed = new LinkedHashMap<>();
    closed.put("fabric", SCHEMA_JSON);
    SCHEMA_JSON
        .path("$defs")
        .properties()
        .forEach(
            def -> {
              if (def.getValue().has("properties")
                  && def.getValue().path("additionalProperties").isBoolean()) {
                closed.put(def.getKey(), def.getValue());
              }
            });
    return closed;
  }

  /**
   * Checks that the schema's object of a shape's name has the shape's keys, in order, and its
   * required keys.
   *
   * @param shape a reader's shape
   */
  public static void assertAgrees(Shape shape) {
    JsonNode object = closedObjects().get(shape.name());
    assertThat(object).as("schema object %s", shape.name()).isNotNull();
    assertThat(names(object.path("properties")))
        .as("keys of %s", shape.name())
        .containsExactlyElementsOf(shape.keys().keySet());
    assertThat(texts(object.path("required")))
        .as("required keys of %s", shape.name())
        .containsExactlyInAnyOrderElementsOf(shape.requiredKeys());
  }

  /**
   * Checks that a definition selects among shapes by one key as the reader does: the key's enum
   * lists the kinds in order, and each {@code if} on a kind refers to that kind's shape.
   *
   * @param definition the selecting definition, e.g. {@code topology}
   * @param key the selecting key, e.g. {@code kind}
   * @param kinds the reader's shapes by kind
   */
  public static void assertKindsSelectShapes(
      String definition, String key, Map<String, Shape> kinds) {
    JsonNode selecting = SCHEMA_JSON.at("/$defs/" + definition);
    assertThat(texts(selecting.at("/properties/" + key + "/enum")))
        .containsExactlyElementsOf(kinds.keySet());
    Map<String, String> thenRefs = new LinkedHashMap<>();
    selecting
        .path("allOf")
        .forEach(
            branch ->
                thenRefs.put(
                    branch.at("/if/properties/" + key + "/const").asText(),
                    branch.at("/then/$ref").asText()));
    kinds.forEach(
        (kind, shape) -> {
          assertThat(thenRefs).containsEntry(kind, "#/$defs/" + shape.name());
          assertThat(
                  SCHEMA_JSON
                      .at("/$defs/" + shape.name() + "/properties/" + key + "/const")
                      .asText())
              .isEqualTo(kind);
        });
  }

  /**
   * Validates a fabric file against the schema as an editor's YAML language server would: merge
   * keys resolved, scalars typed.
   *
   * @param file a fabric file
   * @return the schema's complaints
   * @throws IOException if the file cannot be read
   */
  public static Set<ValidationMessage> validate(Path file) throws IOException {
    Object yaml = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
    return SCHEMA.validate(JSON.valueToTree(yaml));
  }

  static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }
}
