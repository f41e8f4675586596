package io.clarq.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A small JSON Schema (draft 2020-12) validator for the subset clarq's schemas in {@code docs/schemas/} use, so tests
 * can check what clarq writes without a validator library. Keywords: {@code type} (one or a list; {@code integer} is
 * a number without a fraction), {@code properties}, {@code required}, {@code additionalProperties} (boolean or schema),
 * {@code propertyNames}, {@code items}, {@code minItems}, {@code enum}, {@code const}, {@code minimum},
 * {@code maximum}, {@code minLength}, {@code pattern} (found anywhere in the string, as the standard says),
 * {@code $ref} (to {@code #/$defs/NAME}, to another schema file of the folder, or to {@code FILE#/$defs/NAME}),
 * {@code allOf}, {@code anyOf}, {@code oneOf}, and the boolean schemas {@code true} and {@code false}. Annotations
 * ({@code $schema}, {@code $id}, {@code title}, {@code description}, {@code $comment}, {@code $defs},
 * {@code examples}, {@code default}) are read past; any other keyword is an error in the schema, so a schema cannot
 * lean on a check this validator would silently skip.
 *
 * <pre>{@code
 * JsonSchemas schemas = JsonSchemas.in(JsonSchemas.projectSchemas());
 * List<String> errors = schemas.validate("transcript-line.schema.json", node);   // "$.utterances[0].speaker: ..."
 * }</pre>
 *
 * Thread-safe; schema files are read once.
 */
public final class JsonSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "title", "description", "$comment", "$defs",
      "examples", "default");
  private static final Set<String> KEYWORDS = Set.of("type", "properties", "required", "additionalProperties",
      "propertyNames", "items", "minItems", "enum", "const", "minimum", "maximum", "minLength", "pattern", "$ref",
      "allOf", "anyOf", "oneOf");

  private final Path folder;
  private final Map<String, JsonNode> files = new ConcurrentHashMap<>();
  private final Map<String, Pattern> patterns = new ConcurrentHashMap<>();

  private JsonSchemas(Path folder) {
    this.folder = folder;
  }

  /** The schemas of a folder ({@code $ref}s between files resolve in it). */
  public static JsonSchemas in(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("no schema folder " + folder);
    }
    return new JsonSchemas(folder);
  }

  /** The project's {@code docs/schemas} folder, found from the module's working directory upwards. */
  public static Path projectSchemas() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("docs").resolve("schemas");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("docs/schemas not found above " + Path.of("").toAbsolutePath());
  }

  /** The schema folder. */
  public Path folder() {
    return folder;
  }

  /**
   * Validates {@code document} against the schema file {@code schemaFile} of the folder.
   *
   * @return every error, each naming the JSON path ({@code $.languages.en.success}) and what is wrong; empty when
   *     the document is valid
   * @throws IllegalArgumentException when the schema itself is malformed or uses a keyword this validator lacks
   */
  public List<String> validate(String schemaFile, JsonNode document) {
    List<String> errors = new ArrayList<>();
    check(new Ref(schemaFile, schema(schemaFile)), document, "$", errors);
    return errors;
  }

  /**
   * Validates a JSON file, or each line of a JSON Lines file ({@code .jsonl}; blank lines are errors, as our readers
   * treat them), against {@code schemaFile}.
   *
   * @return every error, each prefixed with the file (and line): {@code runs/x/transcripts.jsonl, line 3: $.task: ...}
   */
  public List<String> validateFile(String schemaFile, Path file) {
    List<String> errors = new ArrayList<>();
    try {
      if (file.getFileName().toString().endsWith(".jsonl")) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          String where = file + ", line " + (i + 1) + ": ";
          if (lines.get(i).isBlank()) {
            errors.add(where + "blank line");
            continue;
          }
          for (String e : validate(schemaFile, parse(lines.get(i), where))) {
            errors.add(where + e);
          }
        }
      } else {
        for (String e : validate(schemaFile, parse(Files.readString(file), file + ": "))) {
          errors.add(file + ": " + e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return errors;
  }

  private static JsonNode parse(String text, String where) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(where + "not JSON: " + e.getMessage(), e);
    }
  }

  private JsonNode schema(String file) {
    return files.computeIfAbsent(file, f -> {
      Path p = folder.resolve(f).normalize();
      if (!p.startsWith(folder.normalize()) || !Files.isRegularFile(p)) {
        throw new IllegalArgumentException("schema " + f + " not found in " + folder);
      }
      try {
        return JSON.readTree(p.toFile());
      } catch (IOException e) {
        throw new IllegalArgumentException("schema " + p + " is not JSON: " + e.getMessage(), e);
      }
    });
  }

  /** A schema and the file it is in, which its {@code #/$defs/...} references resolve against. */
  private record Ref(String file, JsonNode schema) {}

  private void check(Ref ref, JsonNode value, String path, List<String> errors) {
    JsonNode s = ref.schema();
    if (s.isBoolean()) {
      if (!s.booleanValue()) {
        errors.add(path + ": no value is allowed here");
      }
      return;
    }
    if (!s.isObject()) {
      throw new IllegalArgumentException(ref.file() + ": a schema must be an object or a boolean, got " + s);
    }
    for (Iterator<String> it = s.fieldNames(); it.hasNext();) {
      String k = it.next();
      if (!KEYWORDS.contains(k) && !ANNOTATIONS.contains(k)) {
        throw new IllegalArgumentException(ref.file() + ": keyword \"" + k + "\" is not one this validator checks ("
            + KEYWORDS + "); use those or extend JsonSchemas");
      }
    }
    if (s.has("$ref")) {
      check(resolve(ref.file(), s.get("$ref").asText()), value, path, errors);
    }
    if (s.has("type") && !typeMatches(s.get("type"), value)) {
      errors.add(path + ": expected " + (s.get("type").isArray() ? "one of " + s.get("type") : s.get("type").asText())
          + ", got " + describe(value));
      return; // the other keywords would only repeat the mismatch
    }
    if (s.has("const") && !equal(s.get("const"), value)) {
      errors.add(path + ": expected " + s.get("const") + ", got " + abbreviate(value));
    }
    if (s.has("enum")) {
      boolean any = false;
      for (JsonNode option : s.get("enum")) {
        any |= equal(option, value);
      }
      if (!any) {
        errors.add(path + ": " + abbreviate(value) + " is not one of " + s.get("enum"));
      }
    }
    if (value.isNumber()) {
      if (s.has("minimum") && value.decimalValue().compareTo(s.get("minimum").decimalValue()) < 0) {
        errors.add(path + ": " + value + " is below the minimum " + s.get("minimum"));
      }
      if (s.has("maximum") && value.decimalValue().compareTo(s.get("maximum").decimalValue()) > 0) {
        errors.add(path + ": " + value + " is above the maximum " + s.get("maximum"));
      }
    }
    if (value.isTextual()) {
      if (s.has("minLength") && value.asText().codePointCount(0, value.asText().length()) < s.get("minLength").asInt()) {
        errors.add(path + ": " + abbreviate(value) + " is shorter than " + s.get("minLength").asInt());
      }
      if (s.has("pattern")) {
        String regex = s.get("pattern").asText();
        if (!patterns.computeIfAbsent(regex, Pattern::compile).matcher(value.asText()).find()) {
          errors.add(path + ": " + abbreviate(value) + " does not match the pattern " + regex);
        }
      }
    }
    if (value.isObject()) {
      checkObject(ref, s, value, path, errors);
    }
    if (value.isArray()) {
      if (s.has("minItems") && value.size() < s.get("minItems").asInt()) {
        errors.add(path + ": " + value.size() + " items, fewer than " + s.get("minItems").asInt());
      }
      if (s.has("items")) {
        for (int i = 0; i < value.size(); i++) {
          check(new Ref(ref.file(), s.get("items")), value.get(i), path + "[" + i + "]", errors);
        }
      }
    }
    if (s.has("allOf")) {
      for (JsonNode sub : s.get("allOf")) {
        check(new Ref(ref.file(), sub), value, path, errors);
      }
    }
    if (s.has("anyOf") || s.has("oneOf")) {
      String keyword = s.has("anyOf") ? "anyOf" : "oneOf";
      int matching = 0;
      List<String> closest = List.of();
      for (JsonNode sub : s.get(keyword)) {
        List<String> subErrors = new ArrayList<>();
        check(new Ref(ref.file(), sub), value, path, subErrors);
        if (subErrors.isEmpty()) {
          matching++;
        } else if (closest.isEmpty() || subErrors.size() < closest.size()) {
          closest = subErrors;
        }
      }
      if (matching == 0) {
        errors.add(path + ": matches none of the " + s.get(keyword).size() + " " + keyword + " choices (closest: "
            + String.join("; ", closest) + ")");
      } else if (keyword.equals("oneOf") && matching > 1) {
        errors.add(path + ": matches " + matching + " of the oneOf choices, must match exactly one");
      }
    }
  }

  private void checkObject(Ref ref, JsonNode s, JsonNode value, String path, List<String> errors) {
    JsonNode props = s.path("properties");
    for (JsonNode r : s.path("required")) {
      if (!value.has(r.asText())) {
        errors.add(path + ": required property \"" + r.asText() + "\" is missing");
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String child = path + (e.getKey().matches("[A-Za-z_][A-Za-z0-9_]*") ? "." + e.getKey()
          : "[" + JSON.getNodeFactory().textNode(e.getKey()) + "]");
      if (s.has("propertyNames")) {
        check(new Ref(ref.file(), s.get("propertyNames")), JSON.getNodeFactory().textNode(e.getKey()),
            child + " (name)", errors);
      }
      if (props.has(e.getKey())) {
        check(new Ref(ref.file(), props.get(e.getKey())), e.getValue(), child, errors);
      } else if (s.has("additionalProperties")) {
        JsonNode extra = s.get("additionalProperties");
        if (extra.isBoolean() && !extra.booleanValue()) {
          errors.add(child + ": property \"" + e.getKey() + "\" is not allowed (additionalProperties false)");
        } else {
          check(new Ref(ref.file(), extra), e.getValue(), child, errors);
        }
      }
    }
  }

  private Ref resolve(String file, String ref) {
    int hash = ref.indexOf('#');
    String target = hash < 0 ? ref : ref.substring(0, hash);
    String pointer = hash < 0 ? "" : ref.substring(hash + 1);
    String targetFile = target.isEmpty() ? file : target;
    JsonNode root = schema(targetFile);
    if (pointer.isEmpty()) {
      return new Ref(targetFile, root);
    }
    if (!pointer.startsWith("/$defs/")) {
      throw new IllegalArgumentException(file + ": $ref \"" + ref + "\" must point into $defs (#/$defs/NAME)");
    }
    JsonNode def = root.path("$defs").path(pointer.substring("/$defs/".length()));
    if (def.isMissingNode()) {
      throw new IllegalArgumentException(file + ": $ref \"" + ref + "\" names no definition in " + targetFile);
    }
    return new Ref(targetFile, def);
  }

  private static boolean typeMatches(JsonNode type, JsonNode value) {
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (typeMatches(t, value)) {
          return true;
        }
      }
      return false;
    }
    return switch (type.asText()) {
      case "object" -> value.isObject();
      case "array" -> value.isArray();
      case "string" -> value.isTextual();
      case "boolean" -> value.isBoolean();
      case "null" -> value.isNull();
      case "number" -> value.isNumber();
      case "integer" -> value.isIntegralNumber()
          || value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0;
      default -> throw new IllegalArgumentException("unknown type \"" + type.asText() + "\" in a schema");
    };
  }

  /** JSON equality, with numbers compared by value (1 equals 1.0, as the standard says). */
  private static boolean equal(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      BigDecimal x = a.decimalValue();
      return x.compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  private static String describe(JsonNode value) {
    String type = value.isNumber() ? (value.isIntegralNumber() ? "integer" : "number")
        : value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    return type + " " + abbreviate(value);
  }

  private static String abbreviate(JsonNode value) {
    String text = value.toString();
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
