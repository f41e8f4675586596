package io.clarq.core.llm.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A model's reply read as a JSON object, or found unreadable. Either way the raw text is kept: an unparsed reply
 * is recorded and counted as such, never read as a "no".
 */
public final class JsonReply {
  private final ObjectNode object;
  private final List<String> raws;
  private final String problem;

  private JsonReply(ObjectNode object, List<String> raws, String problem) {
    this.object = object;
    this.raws = List.copyOf(raws);
    this.problem = Objects.requireNonNull(problem, "problem");
    if (this.raws.isEmpty()) {
      throw new IllegalArgumentException("illegal JSON reply: no raw reply text");
    }
  }

  /** A reply read as {@code object}. */
  public static JsonReply parsed(ObjectNode object, String raw) {
    return new JsonReply(Objects.requireNonNull(object, "object"), List.of(raw), "");
  }

  /** A reply that could not be read; {@code problem} says why. */
  public static JsonReply unparsed(String raw, String problem) {
    return new JsonReply(null, List.of(raw), problem);
  }

  /** This result, after earlier replies that could not be read (their texts first). */
  public JsonReply after(List<String> earlierRaws, String earlierProblem) {
    List<String> all = new java.util.ArrayList<>(earlierRaws);
    all.addAll(raws);
    String p = object != null ? "" : earlierProblem.isEmpty() ? problem : earlierProblem + "; then " + problem;
    return new JsonReply(object, all, p);
  }

  /** Whether the reply was read as a JSON object holding every required field. */
  public boolean isParsed() {
    return object != null;
  }

  /**
   * The object.
   *
   * @throws IllegalStateException when the reply was not parsed, with the problem
   */
  public ObjectNode object() {
    if (object == null) {
      throw new IllegalStateException("reply was not parsed: " + problem);
    }
    return object;
  }

  /** The text of the reply this result comes from (the last one asked for). */
  public String raw() {
    return raws.get(raws.size() - 1);
  }

  /** Every reply text asked for, in order: one, or two when the first could not be read. */
  public List<String> raws() {
    return raws;
  }

  /** Why the reply could not be read; empty when parsed. */
  public String problem() {
    return problem;
  }

  /** A field as text (numbers and booleans as written), empty when absent, null or not parsed. */
  public Optional<String> text(String field) {
    JsonNode v = field(field);
    return v == null || v.isContainerNode() ? Optional.empty() : Optional.of(v.asText());
  }

  /**
   * A field as a yes/no: JSON booleans, the strings true/false/yes/no (any case) and 是/否, the numbers 1 and 0;
   * anything else is empty, so the caller can record it as unparsed rather than as "no".
   */
  public Optional<Boolean> bool(String field) {
    JsonNode v = field(field);
    if (v == null) {
      return Optional.empty();
    }
    if (v.isBoolean()) {
      return Optional.of(v.booleanValue());
    }
    if (v.isIntegralNumber() && (v.asLong() == 0 || v.asLong() == 1)) {
      return Optional.of(v.asLong() == 1);
    }
    if (v.isTextual()) {
      return switch (v.asText().strip().toLowerCase(Locale.ROOT)) {
        case "true", "yes", "是" -> Optional.of(true);
        case "false", "no", "否" -> Optional.of(false);
        default -> Optional.empty();
      };
    }
    return Optional.empty();
  }

  /**
   * A field read with Python's truthiness, as the reference code's {@code if r['field']:} reads it: false for null,
   * false, 0, "", [] and {}; true for everything else ({@code "false"} included). Empty only when the field is
   * absent or the reply was not parsed.
   */
  public Optional<Boolean> truthy(String field) {
    JsonNode v = object == null ? null : object.get(field);
    if (v == null) {
      return Optional.empty();
    }
    if (v.isNull()) {
      return Optional.of(false);
    }
    if (v.isBoolean()) {
      return Optional.of(v.booleanValue());
    }
    if (v.isNumber()) {
      return Optional.of(!(v.doubleValue() == 0.0)); // NaN is truthy, as in Python
    }
    if (v.isTextual()) {
      return Optional.of(!v.textValue().isEmpty());
    }
    return Optional.of(v.size() > 0);
  }

  /**
   * The integer a field equals under Python's {@code ==}, as the reference compares {@code r['type'] == 2}: an
   * integral number, a float with an integral value, or a boolean (true == 1, false == 0). Empty for strings and
   * everything else, which the reference never matches.
   */
  public Optional<Long> pythonInteger(String field) {
    JsonNode v = object == null ? null : object.get(field);
    if (v == null) {
      return Optional.empty();
    }
    if (v.isBoolean()) {
      return Optional.of(v.booleanValue() ? 1L : 0L);
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return Optional.of(v.longValue());
    }
    if (v.isFloatingPointNumber() && !Double.isNaN(v.doubleValue())) {
      double d = v.doubleValue();
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? Optional.of((long) d) : Optional.empty();
    }
    return Optional.empty();
  }

  /** A field that is a JSON string, exactly as written; empty for any other value or when absent. */
  public Optional<String> string(String field) {
    JsonNode v = object == null ? null : object.get(field);
    return v != null && v.isTextual() ? Optional.of(v.textValue()) : Optional.empty();
  }

  private JsonNode field(String name) {
    if (object == null) {
      return null;
    }
    JsonNode v = object.get(name);
    return v == null || v.isNull() ? null : v;
  }

  @Override
  public String toString() {
    return isParsed() ? "JsonReply{parsed " + object + "}" : "JsonReply{unparsed: " + problem + "}";
  }
}
