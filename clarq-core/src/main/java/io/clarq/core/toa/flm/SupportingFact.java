package io.clarq.core.toa.flm;

import java.util.Objects;

/** One entry of HotpotQA's {@code supporting_facts}: a paragraph title and a sentence index in it. */
public record SupportingFact(String title, int sentenceIndex) {
  public SupportingFact {
    Objects.requireNonNull(title, "title");
    if (sentenceIndex < 0) {
      throw new IllegalArgumentException(
          "illegal supporting fact [\"" + title + "\", " + sentenceIndex + "]: sentence index must be non-negative");
    }
  }

  @Override
  public String toString() {
    return "[\"" + title + "\", " + sentenceIndex + "]";
  }
}
