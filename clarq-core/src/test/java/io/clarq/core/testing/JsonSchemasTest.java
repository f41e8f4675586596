package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each keyword the validator knows rejects a document that breaks it, naming the JSON path; valid ones pass. */
class JsonSchemasTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private JsonSchemas schemas;

  private static final String MAIN = """
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "a test schema",
        "type": "object",
        "required": ["format", "count"],
        "additionalProperties": false,
        "properties": {
          "format": {"const": "test/1"},
          "count": {"type": "integer", "minimum": 0, "maximum": 10},
          "kind": {"enum": ["a", "b"]},
          "id": {"type": "string", "pattern": "^[0-9]+(\\\\.[0-9]+)*$", "minLength": 1},
          "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
          "score": {"type": ["number", "null"]},
          "node": {"$ref": "#/$defs/node"},
          "shared": {"$ref": "other.schema.json#/$defs/word"},
          "whole": {"$ref": "other.schema.json"},
          "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
          "some": {"anyOf": [{"type": "boolean"}, {"const": 0}]},
          "both": {"allOf": [{"type": "string"}, {"pattern": "x"}]},
          "map": {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}, "additionalProperties": {"type": "integer"}},
          "never": false,
          "anything": true
        },
        "$defs": {
          "node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
        }
      }
      """;
  private static final String OTHER = """
      {"$defs": {"word": {"type": "string", "pattern": "^[a-z]+$"}}, "type": "object", "required": ["w"]}
      """;

  @BeforeEach
  void setUp() throws IOException {
    Files.writeString(dir.resolve("main.schema.json"), MAIN);
    Files.writeString(dir.resolve("other.schema.json"), OTHER);
    schemas = JsonSchemas.in(dir);
  }

  private java.util.List<String> errors(String json) throws IOException {
    JsonNode doc = JSON.readTree(json);
    return schemas.validate("main.schema.json", doc);
  }

  @Test
  void testAValidDocumentHasNoErrors() throws IOException {
    assertThat(errors("""
        {"format": "test/1", "count": 3.0, "kind": "a", "id": "1.2", "tags": ["x"], "score": null,
         "node": {"name": "n"}, "shared": "abc", "whole": {"w": 1}, "either": 3, "some": false, "both": "xy",
         "map": {"ab": 1}, "anything": [1, {"a": null}]}
        """)).isEmpty();
  }

  @Test
  void testEachKeywordRejectsADocumentThatBreaksIt() throws IOException {
    String base = "{\"format\": \"test/1\", \"count\": 1, ";
    assertThat(errors("[]")).containsExactly("$: expected object, got array []");
    assertThat(errors("{\"count\": 1}")).containsExactly("$: required property \"format\" is missing");
    assertThat(errors(base + "\"extra\": 1}"))
        .containsExactly("$.extra: property \"extra\" is not allowed (additionalProperties false)");
    assertThat(errors("{\"format\": \"test/2\", \"count\": 1}")).containsExactly("$.format: expected \"test/1\", got \"test/2\"");
    assertThat(errors("{\"format\": \"test/1\", \"count\": 1.5}")).containsExactly("$.count: expected integer, got number 1.5");
    assertThat(errors("{\"format\": \"test/1\", \"count\": -1}")).containsExactly("$.count: -1 is below the minimum 0");
    assertThat(errors("{\"format\": \"test/1\", \"count\": 11}")).containsExactly("$.count: 11 is above the maximum 10");
    assertThat(errors(base + "\"kind\": \"c\"}")).containsExactly("$.kind: \"c\" is not one of [\"a\",\"b\"]");
    assertThat(errors(base + "\"id\": \"1.x\"}"))
        .containsExactly("$.id: \"1.x\" does not match the pattern ^[0-9]+(\\.[0-9]+)*$");
    assertThat(errors(base + "\"id\": \"\"}")).contains("$.id: \"\" is shorter than 1");
    assertThat(errors(base + "\"tags\": [\"a\", 2]}")).containsExactly("$.tags[1]: expected string, got integer 2");
    assertThat(errors(base + "\"tags\": []}")).containsExactly("$.tags: 0 items, fewer than 1");
    assertThat(errors(base + "\"score\": \"1\"}"))
        .containsExactly("$.score: expected one of [\"number\",\"null\"], got string \"1\"");
    assertThat(errors(base + "\"node\": {}}")).containsExactly("$.node: required property \"name\" is missing");
    assertThat(errors(base + "\"shared\": \"ABC\"}"))
        .containsExactly("$.shared: \"ABC\" does not match the pattern ^[a-z]+$");
    assertThat(errors(base + "\"whole\": {}}")).containsExactly("$.whole: required property \"w\" is missing");
    assertThat(errors(base + "\"either\": true}")).singleElement().asString()
        .startsWith("$.either: matches none of the 2 oneOf choices");
    assertThat(errors(base + "\"some\": 1}")).singleElement().asString()
        .startsWith("$.some: matches none of the 2 anyOf choices");
    assertThat(errors(base + "\"both\": \"y\"}")).containsExactly("$.both: \"y\" does not match the pattern x");
    assertThat(errors(base + "\"map\": {\"Ab\": 1, \"cd\": \"2\"}}"))
        .containsExactly("$.map.Ab (name): \"Ab\" does not match the pattern ^[a-z]+$",
            "$.map.cd: expected integer, got string \"2\"");
    assertThat(errors(base + "\"never\": 1}")).containsExactly("$.never: no value is allowed here");
    assertThat(errors(base + "\"map\": {\"a b\": 1}}")).contains("$.map[\"a b\"] (name): \"a b\" does not match the pattern ^[a-z]+$");
  }

  @Test
  void testOneOfRefusesADocumentMatchingTwo() throws IOException {
    Files.writeString(dir.resolve("two.schema.json"), "{\"oneOf\": [{\"type\": \"integer\"}, {\"minimum\": 0}]}");
    assertThat(schemas.validate("two.schema.json", JSON.readTree("3")))
        .containsExactly("$: matches 2 of the oneOf choices, must match exactly one");
    assertThat(schemas.validate("two.schema.json", JSON.readTree("-3"))).isEmpty();
  }

  @Test
  void testJsonLinesAreCheckedLineByLine() throws IOException {
    Path file = dir.resolve("x.jsonl");
    Files.writeString(file, "{\"format\": \"test/1\", \"count\": 1}\n\n{\"format\": \"test/1\"}\n");
    assertThat(schemas.validateFile("main.schema.json", file)).containsExactly(file + ", line 2: blank line",
        file + ", line 3: $: required property \"count\" is missing");
  }

  @Test
  void testAKeywordTheValidatorLacksIsAnErrorInTheSchema() throws IOException {
    Files.writeString(dir.resolve("bad.schema.json"), "{\"type\": \"string\", \"format\": \"date-time\"}");
    assertThatThrownBy(() -> schemas.validate("bad.schema.json", JSON.readTree("\"x\"")))
        .hasMessageContaining("keyword \"format\" is not one this validator checks");
    Files.writeString(dir.resolve("ref.schema.json"), "{\"$ref\": \"#/$defs/missing\"}");
    assertThatThrownBy(() -> schemas.validate("ref.schema.json", JSON.readTree("1")))
        .hasMessageContaining("names no definition");
    assertThatThrownBy(() -> schemas.validate("none.schema.json", JSON.readTree("1")))
        .hasMessageContaining("schema none.schema.json not found");
  }
}
