package io.clarq.eval.clariq;

import java.util.Locale;

/** The three ClariQ evaluation tasks, named as the official tool's {@code --eval_task}. */
public enum ClariqTask {
  CLARIFICATION_NEED,
  QUESTION_RELEVANCE,
  DOCUMENT_RELEVANCE;

  /** The official name, e.g. {@code question_relevance}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses an official task name; the error lists the known ones. */
  public static ClariqTask parse(String text) {
    for (ClariqTask t : values()) {
      if (t.id().equals(text)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown ClariQ task \"" + text
        + "\": expected clarification_need, question_relevance or document_relevance");
  }
}
