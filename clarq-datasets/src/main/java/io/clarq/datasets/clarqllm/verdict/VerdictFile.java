package io.clarq.datasets.clarqllm.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.datasets.jsonl.PythonJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes verdict files, one record a line in the layout of the released {@code judge-verdicts.jsonl}:
 * Python's {@code json.dumps(..., ensure_ascii=False)}, keys in the order language, gold, purpose, generated,
 * match, analysis. A line written here is byte-identical to the one the reference tooling would write.
 */
public final class VerdictFile {
  private static final Logger LOG = LoggerFactory.getLogger(VerdictFile.class);

  private VerdictFile() {}

  /**
   * Reads every record. A torn last line (no newline, not valid JSON) is skipped with a warning. The same question
   * may be recorded more than once with the same answer; with contradictory answers the file is refused, since
   * which one a reader took would decide scores in silence.
   *
   * @throws IllegalArgumentException naming the file and line when a complete line is not a verdict record, or
   *     naming both lines when two records answer one question differently
   */
  public static List<VerdictRecord> read(Path file) {
    JsonLines.Contents<VerdictRecord> c = JsonLines.read(file, VerdictFile::fromLine);
    c.tornLine().ifPresent(t -> LOG.warn("verdict file {}: skipped a torn last line (line {}, {} characters)", file,
        t.line(), t.length()));
    Map<Object, JsonLines.Numbered<VerdictRecord>> byQuestion = new HashMap<>();
    for (JsonLines.Numbered<VerdictRecord> n : c.items()) {
      JsonLines.Numbered<VerdictRecord> before = byQuestion.putIfAbsent(n.item().question(), n);
      if (before != null && before.item().match() != n.item().match()) {
        throw new IllegalArgumentException("verdict file " + file + ": lines " + before.line() + " and " + n.line()
            + " give contradictory verdicts (match " + before.item().match() + " and " + n.item().match()
            + ") for one question (" + n.item().language().code() + ", gold \"" + abbreviate(n.item().gold())
            + "\"); keep one of them");
      }
    }
    return c.items().stream().map(JsonLines.Numbered::item).toList();
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }

  /**
   * Parses one line.
   *
   * @throws IllegalArgumentException starting with {@code where} when the line is not a verdict record
   */
  public static VerdictRecord fromLine(String line, String where) {
    JsonNode o = JsonLines.object(line, where, "one verdict");
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
      JsonNode raw = o.get("match_raw");
      if (raw != null && (!raw.isTextual() || raw.asText().isEmpty())) {
        throw new IllegalArgumentException("match_raw: not a non-empty string (the judge's match value as JSON)");
      }
      return new VerdictRecord(Language.parse(text(o, "language")), text(o, "gold"), text(o, "purpose"), generated,
          match.booleanValue(), o.path("analysis").asText(""), raw == null ? "" : raw.asText());
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

  /**
   * A digest of the verdicts themselves, in lower-case hex: the SHA-256 of every record's {@linkplain #toLine line},
   * sorted, each followed by a newline. The same records in another order (or with other spacing in the file) have
   * the same digest; a changed verdict, analysis, gold or provider line gives another. How clarq tells the paper's
   * GPT-4o verdicts from an edited copy, whatever order a file lists them in.
   */
  public static String digest(List<VerdictRecord> records) {
    java.security.MessageDigest md;
    try {
      md = java.security.MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK has no SHA-256", e);
    }
    for (String line : records.stream().map(VerdictFile::toLine).sorted().toList()) {
      md.update(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      md.update((byte) '\n');
    }
    return java.util.HexFormat.of().formatHex(md.digest());
  }

  /** The record as one line, in the released file's exact layout (no trailing newline). */
  public static String toLine(VerdictRecord r) {
    StringBuilder sb = new StringBuilder(256);
    sb.append("{\"language\": ");
    PythonJson.appendString(sb, r.language().code(), false);
    sb.append(", \"gold\": ");
    PythonJson.appendString(sb, r.gold(), false);
    sb.append(", \"purpose\": ");
    PythonJson.appendString(sb, r.purpose(), false);
    sb.append(", \"generated\": [");
    for (int i = 0; i < r.generated().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      PythonJson.appendString(sb, r.generated().get(i), false);
    }
    sb.append("], \"match\": ").append(r.match());
    if (!r.matchRaw().isEmpty()) {
      // only for a match read by Python truthiness; the released layout otherwise, byte for byte
      sb.append(", \"match_raw\": ");
      PythonJson.appendString(sb, r.matchRaw(), false);
    }
    sb.append(", \"analysis\": ");
    PythonJson.appendString(sb, r.analysis(), false);
    return sb.append('}').toString();
  }
}
