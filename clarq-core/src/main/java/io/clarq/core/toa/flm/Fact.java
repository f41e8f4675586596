package io.clarq.core.toa.flm;

import java.util.Objects;

/**
 * One context sentence of a HotpotQA example.
 *
 * @param title the title of the paragraph holding the sentence
 * @param sentenceIndex the sentence's position in that paragraph, from 0
 * @param text the sentence exactly as in the data (HotpotQA keeps a leading space on most non-first sentences)
 * @param role supporting or distractor
 */
public record Fact(String title, int sentenceIndex, String text, FactRole role) {
  public Fact {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(role, "role");
    if (sentenceIndex < 0) {
      throw new IllegalArgumentException(
          "illegal sentence index " + sentenceIndex + " of \"" + title + "\": must be non-negative");
    }
  }

  /**
   * The fact as a candidate response: {@code "title: sentence"}. The sentence is trimmed because the reference
   * normalises whitespace before any model sees the text.
   */
  public String rendered() {
    return title + ": " + text.strip();
  }

  /** Whether this is the same sentence (title and index) as the other fact. */
  public boolean sameSentence(Fact other) {
    return title.equals(other.title) && sentenceIndex == other.sentenceIndex;
  }

  /** {@code title#index}, the way errors and logs name a fact. */
  public String ref() {
    return "\"" + title + "\"#" + sentenceIndex;
  }
}
