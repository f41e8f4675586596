package io.clarq.core.toa.flm;

import java.util.List;
import java.util.Objects;

/** One context paragraph of a HotpotQA example: a Wikipedia title and its sentences. */
public record Paragraph(String title, List<String> sentences) {
  public Paragraph {
    Objects.requireNonNull(title, "title");
    sentences = List.copyOf(sentences);
  }
}
