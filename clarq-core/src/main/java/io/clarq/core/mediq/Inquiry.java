package io.clarq.core.mediq;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What an expert answers: the clinical question and its options by letter (A-D, in order). */
public record Inquiry(String question, Map<String, String> options) {
  public Inquiry {
    Objects.requireNonNull(question, "question");
    if (!List.copyOf(options.keySet()).equals(MediqCase.LETTERS)) {
      throw new IllegalArgumentException("options must be A, B, C, D in that order, got " + options.keySet());
    }
    options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
  }
}
