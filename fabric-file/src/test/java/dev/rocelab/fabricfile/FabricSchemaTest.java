package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rocelab.fabricfile.internal.Shapes;
import dev.rocelab.fabricfile.spi.Shape;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped JSON Schema and the loader accept and reject the same structure. The schema also
 * documents the {@code lab:} section, whose reader (and its half of these checks) is in fabric-lab.
 */
class FabricSchemaTest {

  /** Sections the schema documents for the modules that read them. */
  private static final List<String> SECTIONS = List.of("lab");

  private static final JsonNode schemaJson = SchemaAgreement.schemaJson();

  @Test
  void schemaIdentifiesItself() {
    assertThat(schemaJson.path("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(schemaJson.path("$id").asText()).isEqualTo(FabricFiles.SCHEMA_ID);
  }

  @Test
  void everyClosedObjectOfTheSchemaHasTheBindersKeys() {
    List<String> core =
        SchemaAgreement.closedObjects().keySet().stream()
            .filter(name -> SECTIONS.stream().noneMatch(name::startsWith))
            .toList();
    assertThat(core)
        .as("closed objects in the schema, but the sections'")
        .containsExactlyInAnyOrderElementsOf(Shapes.ALL.stream().map(Shape::name).toList());
    for (Shape shape : Shapes.ALL) {
      SchemaAgreement.assertAgrees(shape == Shapes.FABRIC ? shape.withOptional(SECTIONS) : shape);
    }
  }

  @Test
  void topologyKindsSelectTheBindersShapes() {
    SchemaAgreement.assertKindsSelectShapes("topology", "kind", Shapes.TOPOLOGY_KINDS);
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
    assertThat(SchemaAgreement.validate(file)).isEmpty();
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
        "pmax-above-one"
      })
  void rejectsStructuralDefectsLikeTheLoader(String name) throws IOException {
    Path file = MalformedFabricFilesTest.MALFORMED.resolve(name + ".yaml");

    assertThat(FabricFiles.check(file).hasErrors()).as("loader rejects").isTrue();
    assertThat(SchemaAgreement.validate(file)).as("schema rejects").isNotEmpty();
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
        "firmware-profile-adaptive-above-timeout",
        "firmware-profile-min-rate-at-speed",
        "firmware-profile-cnp-on-data-priority",
        "nic-profile-min-rate-at-speed"
      })
  void leavesCrossFieldRulesToTheLoader(String name) throws IOException {
    assertThat(SchemaAgreement.validate(MalformedFabricFilesTest.MALFORMED.resolve(name + ".yaml")))
        .isEmpty();
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
}
