package io.clarq.core.clarqllm.task;

import java.util.Locale;

/** The two languages of ClarQ-LLM. English and Chinese tasks are parallel: same tree shape per task. */
public enum Language {
  ENGLISH("en", "English"),
  CHINESE("zh", "Chinese");

  private final String code;
  private final String directoryName;

  Language(String code, String directoryName) {
    this.code = code;
    this.directoryName = directoryName;
  }

  /** ISO 639-1 code, as used in transcripts and verdict files: "en" or "zh". */
  public String code() {
    return code;
  }

  /** The folder name of this language in the ClarQ-LLM data: "English" or "Chinese". */
  public String directoryName() {
    return directoryName;
  }

  /**
   * The reference's detection rule: a text is Chinese when it has at least as many CJK unified ideographs
   * (U+4E00..U+9FA5) as ASCII letters. An empty text is therefore Chinese, as in the reference.
   */
  public static Language detect(String text) {
    int han = 0;
    int ascii = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '\u4E00' && c <= '\u9FA5') {
        han++;
      } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        ascii++;
      }
    }
    return han >= ascii ? CHINESE : ENGLISH;
  }

  /** Parses "en", "english", "zh", "chinese", "ch" (any case); the error lists what is accepted. */
  public static Language parse(String text) {
    switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "en":
      case "english":
        return ENGLISH;
      case "zh":
      case "ch":
      case "chinese":
        return CHINESE;
      default:
        throw new IllegalArgumentException(
            "unknown language \"" + text + "\": expected en, english, zh, ch or chinese");
    }
  }
}
