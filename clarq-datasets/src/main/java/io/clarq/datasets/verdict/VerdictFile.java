package io.clarq.datasets.verdict;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.task.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes verdict files, one record a line in the layout of the released {@code judge-verdicts.jsonl}:
 * Python's {@code json.dumps(..., ensure_ascii=False)}, keys in the order language, gold, purpose, generated,
 * match, analysis. A line written here is byte-identical to the one the reference tooling would write.
 */
public final class VerdictFile {
  private static final Logger LOG = LoggerFactory.getLogger(VerdictFile.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private VerdictFile() {}

  /**
   * Reads every record. A torn last line (no newline, not valid JSON) is skipped with a warning.
   *
   * @throws IllegalArgumentException naming the file and line when a complete line is not a verdict record
   */
  public static List<VerdictRecord> read(Path file) {
    String content;
    try {
      content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read verdict file " + file + ": " + e.getMessage(), e);
    }
    String[] lines = content.split("\n", -1);
    List<VerdictRecord> out = new ArrayList<>(lines.length);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        out.add(fromLine(lines[i], file + ", line " + (i + 1)));
      } catch (IllegalArgumentException e) {
        if (i < lines.length - 1) {
          throw e;
        }
        LOG.warn("verdict file {}: skipped a torn last line (line {}, {} characters)", file, i + 1, lines[i].length());
      }
    }
    return out;
  }

  /**
   * Parses one line.
   *
   * @throws IllegalArgumentException starting with {@code where} when the line is not a verdict record
   */
  public static VerdictRecord fromLine(String line, String where) {
    JsonNode o;
    try {
      o = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(where + ": not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object (one verdict)");
    }
    try {
      List<String> generated = new ArrayList<>();
      JsonNode g = o.get("generated");
      if (g == null || !g.isArray()) {
        throw new IllegalArgumentException("generated: missing or not a list of provider lines");
      }
      g.forEach(x -> generated.add(x.asText()));
      JsonNode match = o.get("match");
      if (match == null || !match.isBoolean()) {
        throw new IllegalArgumentException("match: missing or not true/false");
      }
      return new VerdictRecord(Language.parse(text(o, "language")), text(o, "gold"), text(o, "purpose"), generated,
          match.booleanValue(), o.path("analysis").asText(""));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.isTextual()) {
      throw new IllegalArgumentException(field + ": missing or not a string");
    }
    return n.asText();
  }

  /** The record as one line, in the released file's exact layout (no trailing newline). */
  public static String toLine(VerdictRecord r) {
    StringBuilder sb = new StringBuilder(256);
    sb.append("{\"language\": ");
    quote(sb, r.language().code());
    sb.append(", \"gold\": ");
    quote(sb, r.gold());
    sb.append(", \"purpose\": ");
    quote(sb, r.purpose());
    sb.append(", \"generated\": [");
    for (int i = 0; i < r.generated().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      quote(sb, r.generated().get(i));
    }
    sb.append("], \"match\": ").append(r.match()).append(", \"analysis\": ");
    quote(sb, r.analysis());
    return sb.append('}').toString();
  }

  /** A JSON string as Python's json.dumps(ensure_ascii=False) writes it. */
  private static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
