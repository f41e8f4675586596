package io.clarq.retrieval.clariq.document;

import java.util.Objects;

/**
 * A document to index: its id (e.g. {@code CACM-0115}) and its text.
 *
 * @param id the document id, compared as a string by trec_eval
 * @param text the text to analyse
 */
public record SourceDocument(String id, String text) {
  public SourceDocument {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    if (id.isBlank()) {
      throw new IllegalArgumentException("illegal document id \"" + id + "\": must not be blank");
    }
  }
}
