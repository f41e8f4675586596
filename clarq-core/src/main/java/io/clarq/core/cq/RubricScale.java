package io.clarq.core.cq;

import java.util.Locale;

/**
 * The two scales of the rubric. Naturalness: fluent, grammatical, easy to understand. Usefulness: answering it would
 * clarify the request; it does not repeat the request or ask a prequel to it, does not miss the intent, and is
 * neither too general nor too specific.
 */
public enum RubricScale {
  NATURALNESS,
  USEFULNESS;

  /** "naturalness", "usefulness": the key used in files and model replies. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
