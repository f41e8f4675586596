package io.clarq.serve.study;

import java.util.Objects;

/**
 * One clarifying question to rate.
 *
 * @param id the item's id in the study (shown to nobody but the admin and the export)
 * @param request what the user asked, the context the question answers
 * @param reference the reference clarifying question the rater compares against
 * @param question the question to rate
 */
public record RatingItem(String id, String request, String reference, String question) {
  public RatingItem {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(reference, "reference");
    Objects.requireNonNull(question, "question");
    if (id.isBlank() || question.isBlank() || reference.isBlank()) {
      throw new IllegalArgumentException("illegal rating item \"" + id + "\": id, question and reference must not"
          + " be blank");
    }
  }
}
