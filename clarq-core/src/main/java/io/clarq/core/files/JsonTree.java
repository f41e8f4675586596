package io.clarq.core.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A JSON file read into the same tree {@code new ObjectMapper().readTree(file)} gives (objects, lists, text, int /
 * long / big integer and double numbers, booleans, null; a later duplicate field wins; an empty file is the missing
 * node), built straight from jackson-core's parser. Making a first {@code ObjectMapper} costs about a quarter of a
 * second of a cold start, which a command that only reads data files (the 62 task files of {@code clarq run
 * --dry-run}) need not pay. Syntax errors are jackson-core's, with their line and column.
 */
public final class JsonTree {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTree() {}

  /** The file's tree; the missing node when the file holds no value. */
  public static JsonNode read(Path file) throws IOException {
    try (JsonParser p = FACTORY.createParser(file.toFile())) {
      JsonToken first = p.nextToken();
      return first == null ? MissingNode.getInstance() : value(p, first);
    }
  }

  private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT -> {
        ObjectNode o = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          o.set(name, value(p, p.nextToken()));
        }
        return o;
      }
      case START_ARRAY -> {
        ArrayNode a = NODES.arrayNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          a.add(value(p, t));
        }
        return a;
      }
      case VALUE_STRING -> {
        return NODES.textNode(p.getText());
      }
      case VALUE_NUMBER_INT -> {
        return switch (p.getNumberType()) {
          case INT -> NODES.numberNode(p.getIntValue());
          case LONG -> NODES.numberNode(p.getLongValue());
          default -> NODES.numberNode(p.getBigIntegerValue());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        return NODES.numberNode(p.getDoubleValue());
      }
      case VALUE_TRUE -> {
        return NODES.booleanNode(true);
      }
      case VALUE_FALSE -> {
        return NODES.booleanNode(false);
      }
      case VALUE_NULL -> {
        return NODES.nullNode();
      }
      default -> throw new IOException("unexpected JSON token " + token + " at " + p.currentLocation());
    }
  }
}
