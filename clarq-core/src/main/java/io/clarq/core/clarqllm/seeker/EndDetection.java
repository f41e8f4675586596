package io.clarq.core.clarqllm.seeker;

import io.clarq.core.clarqllm.task.Language;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a seeker line ends the dialogue (docs/protocol/clarq-llm.md §3). The language is the task's, not the line's.
 */
public enum EndDetection {
  /**
   * The reference rule, case-sensitive: the line is "Goodbye" (Chinese "再见"), or contains it followed by
   * {@code ! . ,} space or newline (Chinese also {@code ！ 。 ，} or "Jax"), or preceded by {@code , .} space or newline
   * (Chinese also {@code ， 。}). A lowercase "goodbye" does not end the dialogue, as in the published runs.
   */
  REFERENCE {
    @Override
    public boolean ends(String seekerLine, Language language) {
      return language == Language.CHINESE
          ? marked(seekerLine, "再见", "！。，!., \n", "，。., \n", true)
          : marked(seekerLine, "Goodbye", "!., \n", ",. \n", false);
    }
  },
  /** A forgiving rule (not the reference's): "goodbye" or "bye" as a word in any case, or "再见"/"拜拜" anywhere. */
  LENIENT {
    @Override
    public boolean ends(String seekerLine, Language language) {
      String lower = seekerLine.toLowerCase(Locale.ROOT);
      return LENIENT_WORD.matcher(lower).find() || lower.contains("再见") || lower.contains("拜拜");
    }
  };

  private static final Pattern LENIENT_WORD = Pattern.compile("\\b(good)?bye\\b");

  /** Whether this seeker line ends a dialogue about a task in this language. */
  public abstract boolean ends(String seekerLine, Language language);

  /** Parses "reference" or "lenient" (any case); the error lists both. */
  public static EndDetection parse(String text) {
    for (EndDetection e : values()) {
      if (e.name().equalsIgnoreCase(text.trim())) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown end detection \"" + text + "\": expected reference or lenient");
  }

  private static boolean marked(String line, String word, String after, String before, boolean jaxAfter) {
    if (line.equals(word)) {
      return true;
    }
    for (int i = line.indexOf(word); i >= 0; i = line.indexOf(word, i + 1)) {
      int end = i + word.length();
      if (end < line.length() && after.indexOf(line.charAt(end)) >= 0) {
        return true;
      }
      if (jaxAfter && line.startsWith("Jax", end)) {
        return true;
      }
      if (i > 0 && before.indexOf(line.charAt(i - 1)) >= 0) {
        return true;
      }
    }
    return false;
  }
}
