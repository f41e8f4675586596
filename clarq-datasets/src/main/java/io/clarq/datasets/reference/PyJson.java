package io.clarq.datasets.reference;

import java.util.Locale;

/** JSON strings written as Python's {@code json.dumps(..., ensure_ascii=False)} writes them. */
final class PyJson {
  private PyJson() {}

  /** {@code s} as a JSON string literal: quotes, backslashes and control characters escaped, the rest as it is. */
  static String string(String s) {
    StringBuilder sb = new StringBuilder("\"");
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
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
