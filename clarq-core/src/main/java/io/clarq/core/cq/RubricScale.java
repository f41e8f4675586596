package io.clarq.core.cq;

import java.util.Locale;

/**
 * The two scales of the rubric of Wang et al. (WWW 2023), graded independently of each other. Naturalness, the
 * wording: Good = fluent, grammatical, easy to understand; Fair = understandable but ungrammatical; Bad = incomplete
 * or not a question. Usefulness, the content: Good = relevant to the facet, so that answering it would clarify the
 * request; Fair = weakly relevant; Bad = too general or over-specific, a repeat of the request or a prequel to it, or
 * off its intent. The reference question is Good on both.
 */
public enum RubricScale {
  NATURALNESS,
  USEFULNESS;

  /** "naturalness", "usefulness": the key used in files and model replies. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
