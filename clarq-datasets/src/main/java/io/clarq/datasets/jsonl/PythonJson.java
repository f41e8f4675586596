package io.clarq.datasets.jsonl;

import java.util.Locale;

/**
 * JSON strings written byte for byte as Python's {@code json.dumps} writes them, for files compared with published
 * ones (ClariQ's per-topic results, ClarQ-LLM verdict files).
 */
public final class PythonJson {
  private PythonJson() {}

  /**
   * A JSON string, quotes included, as {@code json.dumps(s, ensure_ascii=...)} writes it: quote, backslash, newline,
   * carriage return, tab, backspace and form feed escaped by name, other control characters as a lower-case
   * four-digit unicode escape; with {@code ensureAscii} every character outside printable ASCII ({@code ' '..'~'})
   * is escaped that way too (one beyond the BMP as its two surrogates), without it each is written as itself.
   */
  public static String string(String s, boolean ensureAscii) {
    return appendString(new StringBuilder(s.length() + 2), s, ensureAscii).toString();
  }

  /** Appends {@link #string(String, boolean)} to {@code sb} and returns {@code sb}. */
  public static StringBuilder appendString(StringBuilder sb, String s, boolean ensureAscii) {
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
          if (c < 0x20 || (ensureAscii && c > 0x7e)) {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"');
  }
}
