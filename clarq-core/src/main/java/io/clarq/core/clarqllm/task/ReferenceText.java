package io.clarq.core.clarqllm.task;

import java.util.Locale;

/**
 * The reference implementation's text rules, reproduced character for character: Python's {@code str.strip()}
 * whitespace (wider than Java's {@link String#strip()}: it includes U+00A0 and U+3000), the speaker prefix
 * "Jax:", the trailing punctuation the evaluator ignores, and lower-casing.
 */
public final class ReferenceText {
  /** The characters the evaluator's step 3 strips from the end of every line. */
  public static final String TRAILING_PUNCTUATION = "，。？！,.?!";

  private static final String SPEAKER_PREFIX = "jax:";

  private ReferenceText() {}

  /** Whether Python's {@code str.isspace()} holds for this character. */
  public static boolean isPythonWhitespace(char c) {
    switch (c) {
      case ' ', '\t', '\n', '\u000B', '\f', '\r', '\u001C', '\u001D', '\u001E', '\u001F', '\u0085', '\u00A0',
          '\u1680', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000':
        return true;
      default:
        return c >= '\u2000' && c <= '\u200A';
    }
  }

  /** Python's {@code text.strip()}. */
  public static String strip(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isPythonWhitespace(text.charAt(start))) {
      start++;
    }
    while (end > start && isPythonWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  /**
   * The reference's {@code s[4:].strip() if s.lower().startswith("jax:") else s.strip()}: drops a leading "Jax:"
   * (any case, only at the very start) and the whitespace around the rest.
   */
  public static String stripSpeaker(String line) {
    boolean prefixed = line.length() >= SPEAKER_PREFIX.length()
        && line.regionMatches(true, 0, SPEAKER_PREFIX, 0, SPEAKER_PREFIX.length());
    return strip(prefixed ? line.substring(SPEAKER_PREFIX.length()) : line);
  }

  /** Whether the line starts with the speaker prefix "Jax:" (any case). */
  public static boolean hasSpeaker(String line) {
    return line.regionMatches(true, 0, SPEAKER_PREFIX, 0, SPEAKER_PREFIX.length());
  }

  /** Python's {@code line.rstrip('，。？！,.?!')}. */
  public static String stripTrailingPunctuation(String line) {
    int end = line.length();
    while (end > 0 && TRAILING_PUNCTUATION.indexOf(line.charAt(end - 1)) >= 0) {
      end--;
    }
    return line.substring(0, end);
  }

  /** Lower-cases as Python's {@code str.lower()} does for the benchmark's texts (locale-independent). */
  public static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  /** Python's {@code len(text)}: the number of code points, not UTF-16 units. */
  public static int length(String text) {
    return text.codePointCount(0, text.length());
  }
}
