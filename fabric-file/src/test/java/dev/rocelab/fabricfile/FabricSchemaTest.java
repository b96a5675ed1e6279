package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.rocelab.fabricfile.internal.Shape;
import dev.rocelab.fabricfile.internal.Shapes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The shipped JSON Schema and the loader accept and reject the same structure. */
class FabricSchemaTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode schemaJson;
  private static JsonSchema schema;

  @BeforeAll
  static void loadSchema() throws IOException {
    try (InputStream in = FabricFiles.class.getResourceAsStream(FabricFiles.SCHEMA_RESOURCE)) {
      schemaJson = JSON.readTree(in);
    }
    JsonSchemaFactory factory =
        JsonSchemaFactory.getInstance(
            SpecVersion.VersionFlag.V202012,
            builder ->
                builder.schemaMappers(
                    mappers ->
                        mappers.mappings(
                            Map.of(
                                FabricFiles.SCHEMA_ID,
                                "classpath:" + FabricFiles.SCHEMA_RESOURCE.substring(1)))));
    schema = factory.getSchema(SchemaLocation.of(FabricFiles.SCHEMA_ID));
  }

  @Test
  void schemaIdentifiesItself() {
    assertThat(schemaJson.path("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(schemaJson.path("$id").asText()).isEqualTo(FabricFiles.SCHEMA_ID);
  }

  @Test
  void everyClosedObjectOfTheSchemaHasTheBindersKeys() {
    Map<String, JsonNode> closed = new LinkedHashMap<>();
    closed.put("fabric", schemaJson);
    schemaJson
        .path("$defs")
        .properties()
        .forEach(
            def -> {
              if (def.getValue().has("properties")
                  && def.getValue().path("additionalProperties").isBoolean()) {
                closed.put(def.getKey(), def.getValue());
              }
            });

    assertThat(closed.keySet())
        .as("closed objects in the schema")
        .containsExactlyInAnyOrderElementsOf(Shapes.ALL.stream().map(Shape::name).toList());
    for (Shape shape : Shapes.ALL) {
      JsonNode object = closed.get(shape.name());
      assertThat(names(object.path("properties")))
          .as("keys of %s", shape.name())
          .containsExactlyElementsOf(shape.keys().keySet());
      assertThat(texts(object.path("required")))
          .as("required keys of %s", shape.name())
          .containsExactlyInAnyOrderElementsOf(shape.requiredKeys());
    }
  }

  @Test
  void topologyKindsSelectTheBindersShapes() {
    JsonNode topology = schemaJson.at("/$defs/topology");
    assertThat(texts(topology.at("/properties/kind/enum")))
        .containsExactlyElementsOf(Shapes.TOPOLOGY_KINDS.keySet());

    Map<String, String> thenRefs = new LinkedHashMap<>();
    topology
        .path("allOf")
        .forEach(
            branch ->
                thenRefs.put(
                    branch.at("/if/properties/kind/const").asText(),
                    branch.at("/then/$ref").asText()));
    Shapes.TOPOLOGY_KINDS.forEach(
        (kind, shape) -> {
          assertThat(thenRefs).containsEntry(kind, "#/$defs/" + shape.name());
          assertThat(schemaJson.at("/$defs/" + shape.name() + "/properties/kind/const").asText())
              .isEqualTo(kind);
        });
  }

  @Test
  void labCommandKindsSelectTheBindersShapes() {
    JsonNode command = schemaJson.at("/$defs/labCommand");
    assertThat(texts(command.at("/properties/via/enum")))
        .containsExactlyElementsOf(Shapes.LAB_COMMAND_KINDS.keySet());

    Map<String, String> thenRefs = new LinkedHashMap<>();
    command
        .path("allOf")
        .forEach(
            branch ->
                thenRefs.put(
                    branch.at("/if/properties/via/const").asText(),
                    branch.at("/then/$ref").asText()));
    Shapes.LAB_COMMAND_KINDS.forEach(
        (via, shape) -> {
          assertThat(thenRefs).containsEntry(via, "#/$defs/" + shape.name());
          assertThat(schemaJson.at("/$defs/" + shape.name() + "/properties/via/const").asText())
              .isEqualTo(via);
        });
  }

  @Test
  void noObjectIsLeftOpen() {
    List<String> open = new ArrayList<>();
    walk(
        schemaJson,
        "#",
        (pointer, node) -> {
          if (pointer.endsWith("/if")) {
            return; // a condition, not a definition
          }
          boolean isObject = node.has("properties") || "object".equals(node.path("type").asText());
          boolean closedOrMap =
              node.has("additionalProperties") || node.has("unevaluatedProperties");
          if (isObject && !closedOrMap) {
            open.add(pointer);
          }
          if (node.path("additionalProperties").asBoolean(false)
              || node.path("unevaluatedProperties").asBoolean(false)) {
            open.add(pointer + " (explicitly open)");
          }
        });

    assertThat(open).isEmpty();
  }

  @Test
  void everyPropertyIsDocumentedForEditors() {
    List<String> undocumented = new ArrayList<>();
    walk(
        schemaJson,
        "#",
        (pointer, node) ->
            node.path("properties")
                .properties()
                .forEach(
                    p -> {
                      JsonNode property = p.getValue();
                      boolean titledRef =
                          property.has("$ref")
                              && schemaJson
                                  .at(property.get("$ref").asText().substring(1))
                                  .has("title");
                      if (!pointer.endsWith("/if")
                          && !property.has("description")
                          && !property.has("const")
                          && !titledRef) {
                        undocumented.add(pointer + "/properties/" + p.getKey());
                      }
                    }));

    assertThat(undocumented).isEmpty();
  }

  static Stream<Path> validFabrics() throws IOException {
    return Stream.concat(
        ValidFabricFilesTest.validFiles(), Stream.of(ReferenceFabricTest.REFERENCE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("validFabrics")
  void acceptsEveryValidFabric(Path file) throws IOException {
    assertThat(validate(file)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "bad-size",
        "bad-rate",
        "bad-duration",
        "bad-length",
        "unknown-key-with-suggestion",
        "unknown-key-without-suggestion",
        "unknown-top-level-key",
        "missing-required-key",
        "missing-topology-kind",
        "fixed-headroom-without-size",
        "list-instead-of-mapping",
        "mapping-instead-of-list",
        "scalar-instead-of-mapping",
        "top-level-list",
        "nothing-instead-of-string",
        "not-a-number",
        "not-a-whole-number",
        "quoted-whole-number",
        "not-a-boolean",
        "integer-map-key",
        "bad-endpoint",
        "no-profiles",
        "override-changes-nothing",
        "unknown-topology-kind",
        "unknown-forwarding-mode",
        "unknown-watchdog-action",
        "unknown-headroom-mode",
        "priority-out-of-range",
        "dscp-out-of-range",
        "count-out-of-range",
        "pmax-above-one",
        "lab-unknown-key",
        "lab-unknown-command-kind",
        "lab-prometheus-not-a-url",
        "lab-ssh-port-out-of-range"
      })
  void rejectsStructuralDefectsLikeTheLoader(String name) throws IOException {
    Path file = MalformedFabricFilesTest.MALFORMED.resolve(name + ".yaml");

    assertThat(FabricFiles.check(file).hasErrors()).as("loader rejects").isTrue();
    assertThat(validate(file)).as("schema rejects").isNotEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "kmax-below-kmin",
        "gpu-to-nic-wrong-length",
        "gpu-to-nic-no-such-nic",
        "roce-mtu",
        "strict-and-weighted",
        "qos-required-with-two-policies",
        "unknown-profile-reference",
        "link-to-missing-port",
        "link-to-missing-device",
        "link-joins-a-port-to-itself",
        "speed-mismatch",
        "headroom-exceeds-buffer",
        "lossless-without-pfc",
        "dscp-drift",
        "unapproved-firmware",
        "lab-switch-login-without-user",
        "lab-mpirun-without-host-file",
        "firmware-profile-adaptive-above-timeout"
      })
  void leavesCrossFieldRulesToTheLoader(String name) throws IOException {
    assertThat(validate(MalformedFabricFilesTest.MALFORMED.resolve(name + ".yaml"))).isEmpty();
  }

  /**
   * YAML to JSON as an editor's YAML language server sees it: merge keys resolved, scalars typed.
   */
  private static Set<ValidationMessage> validate(Path file) throws IOException {
    Object yaml = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
    return schema.validate(JSON.valueToTree(yaml));
  }

  private interface Visitor {
    void visit(String pointer, JsonNode node);
  }

  private static void walk(JsonNode node, String pointer, Visitor visitor) {
    if (node.isObject()) {
      visitor.visit(pointer, node);
      node.properties().forEach(f -> walk(f.getValue(), pointer + "/" + f.getKey(), visitor));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), pointer + "/" + i, visitor);
      }
    }
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }
}
