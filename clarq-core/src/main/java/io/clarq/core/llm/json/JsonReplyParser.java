package io.clarq.core.llm.json;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.wire.LlmText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the JSON object in a model's reply the way models actually write it: in a Markdown fence, wrapped in prose,
 * with single quotes, Python's True/False/None, trailing commas or comments. The first object holding every required
 * field (present and not null) wins.
 */
public final class JsonReplyParser {
  private static final Pattern FENCE = Pattern.compile("```[a-zA-Z0-9_-]*[ \\t]*\\r?\\n?(.*?)```", Pattern.DOTALL);
  private static final ObjectMapper LENIENT = JsonMapper.builder()
      .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
          JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_JAVA_COMMENTS,
          JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS, JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER,
          JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .build();

  private JsonReplyParser() {}

  /** Reads {@code raw}; the result is unparsed (keeping {@code raw}) when no object with {@code required} is found. */
  public static JsonReply parse(String raw, Collection<String> required) {
    String problem = null;
    for (String span : candidates(raw)) {
      JsonNode node;
      try {
        node = LENIENT.readTree(pythonLiteralsToJson(span));
      } catch (IOException e) {
        if (problem == null) {
          problem = "not valid JSON: " + LlmText.firstLine(e.getMessage()) + " in "
              + LlmText.abbreviate(span, 200);
        }
        continue;
      }
      if (!(node instanceof ObjectNode object)) {
        continue;
      }
      List<String> missing = required.stream().filter(f -> object.get(f) == null || object.get(f).isNull()).toList();
      if (missing.isEmpty()) {
        return JsonReply.parsed(object, raw);
      }
      if (problem == null || problem.startsWith("not valid JSON")) {
        problem = "missing field" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing) + " in "
            + LlmText.abbreviate(span, 200);
      }
    }
    return JsonReply.unparsed(raw,
        problem != null ? problem : "no JSON object in the reply: " + LlmText.abbreviate(raw, 200));
  }

  private static final ObjectMapper PYTHON_JSON = JsonMapper.builder()
      .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  /**
   * Reads {@code raw} as the reference code does: Python's {@code json.loads} (the whole reply one JSON document;
   * no fences, no prose, NaN and Infinity allowed) must give an object, and every required field must be present
   * (a JSON null counts as present, as {@code r['field']} would find it). Anything else is unparsed.
   */
  public static JsonReply parseAsPython(String raw, Collection<String> required) {
    JsonNode node;
    try {
      node = PYTHON_JSON.readTree(raw);
    } catch (IOException e) {
      return JsonReply.unparsed(raw, "not one JSON document: " + LlmText.firstLine(e.getMessage()));
    }
    if (!(node instanceof ObjectNode object)) {
      return JsonReply.unparsed(raw, "not a JSON object: " + LlmText.abbreviate(raw, 200));
    }
    List<String> missing = required.stream().filter(f -> !object.has(f)).toList();
    if (!missing.isEmpty()) {
      return JsonReply.unparsed(raw, "missing field" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
          + " in " + LlmText.abbreviate(raw, 200));
    }
    return JsonReply.parsed(object, raw);
  }

  /** The balanced {...} spans of fenced blocks first, then of the whole reply, in order of appearance. */
  static List<String> candidates(String raw) {
    List<String> out = new ArrayList<>();
    Matcher m = FENCE.matcher(raw);
    while (m.find()) {
      out.addAll(objectSpans(m.group(1)));
    }
    for (String s : objectSpans(raw)) {
      if (!out.contains(s)) {
        out.add(s);
      }
    }
    return out;
  }

  /** Outermost balanced brace spans, skipping braces inside quoted strings. */
  static List<String> objectSpans(String text) {
    List<String> spans = new ArrayList<>();
    int depth = 0;
    int start = -1;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '{') {
        if (depth++ == 0) {
          start = i;
        }
      } else if (c == '}' && depth > 0) {
        if (--depth == 0) {
          spans.add(text.substring(start, i + 1));
        }
      } else if ((c == '"' || c == '\'') && depth > 0 && !isApostrophe(text, i)) {
        quote = c;
      }
    }
    return spans;
  }

  // an apostrophe between two letters ("it's") inside an object is prose in an unquoted value, not a quote
  private static boolean isApostrophe(String text, int i) {
    return text.charAt(i) == '\'' && i > 0 && i + 1 < text.length()
        && Character.isLetter(text.charAt(i - 1)) && Character.isLetter(text.charAt(i + 1));
  }

  /** Python's True, False and None outside strings, as JSON's true, false and null. */
  static String pythonLiteralsToJson(String span) {
    StringBuilder out = new StringBuilder(span.length());
    char quote = 0;
    for (int i = 0; i < span.length(); i++) {
      char c = span.charAt(i);
      if (quote != 0) {
        out.append(c);
        if (c == '\\' && i + 1 < span.length()) {
          out.append(span.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        out.append(c);
      } else if (Character.isLetter(c) && (i == 0 || !Character.isLetterOrDigit(span.charAt(i - 1)))) {
        int j = i;
        while (j < span.length() && (Character.isLetterOrDigit(span.charAt(j)) || span.charAt(j) == '_')) {
          j++;
        }
        String word = span.substring(i, j);
        out.append(switch (word) {
          case "True" -> "true";
          case "False" -> "false";
          case "None" -> "null";
          default -> word;
        });
        i = j - 1;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
