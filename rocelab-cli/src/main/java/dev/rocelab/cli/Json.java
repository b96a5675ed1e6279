package dev.rocelab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.fabricfile.Problem;
import java.io.UncheckedIOException;
import java.util.List;

/** JSON the commands share: one mapper, pretty printing, problems in one shape. */
final class Json {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  /** A new, empty document. */
  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** The document, pretty-printed. */
  static String write(ObjectNode document) {
    try {
      return MAPPER.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Appends problems as {@code {line, column, path, severity, message, text}}, {@code text} being
   * the line {@code validate} prints.
   */
  static void problems(ArrayNode array, List<Problem> problems) {
    for (Problem p : problems) {
      array
          .addObject()
          .put("line", p.line())
          .put("column", p.column())
          .put("path", p.path())
          .put("severity", p.severity().label())
          .put("message", p.message())
          .put("text", p.toString());
    }
  }
}
