package io.clarq.core.mediq;

import java.util.ArrayList;
import java.util.List;

/** Python's {@code str.strip()} and {@code str.splitlines()}, which the reference code applies to every reply. */
final class PyText {
  private PyText() {}

  /** Whether Python's {@code str.isspace()} holds for {@code c}. */
  static boolean isSpace(int c) {
    return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) || c == 0x85 || c == 0xa0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f
        || c == 0x3000;
  }

  /** {@code s.strip()}. */
  static String strip(String s) {
    int from = 0;
    int to = s.length();
    while (from < to && isSpace(s.charAt(from))) {
      from++;
    }
    while (to > from && isSpace(s.charAt(to - 1))) {
      to--;
    }
    return s.substring(from, to);
  }

  /** {@code s.splitlines()}: no trailing empty line, "\r\n" one break. */
  static List<String> splitlines(String s) {
    List<String> out = new ArrayList<>();
    int start = 0;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      boolean brk = c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || c == 0x1c || c == 0x1d || c == 0x1e
          || c == 0x85 || c == 0x2028 || c == 0x2029;
      if (brk) {
        out.add(s.substring(start, i));
        if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
          i++;
        }
        start = i + 1;
      }
      i++;
    }
    if (start < s.length()) {
      out.add(s.substring(start));
    }
    return out;
  }

  /** {@code s.split(sep)} for a non-empty separator: every piece, empty ones kept. */
  static List<String> split(String s, String sep) {
    List<String> out = new ArrayList<>();
    int from = 0;
    int at;
    while ((at = s.indexOf(sep, from)) >= 0) {
      out.add(s.substring(from, at));
      from = at + sep.length();
    }
    out.add(s.substring(from));
    return out;
  }
}
