package io.clarq.core.cq;

import java.util.Objects;
import java.util.Optional;

/**
 * A person's Good / Fair / Bad grades for one generated question, to validate a judge against
 * ({@link RubricAgreement}).
 *
 * @param id the example's id
 * @param question the question the person rated, when the ratings file says
 * @param rating the grades on both scales (reasons may be empty)
 */
public record HumanRating(String id, Optional<String> question, RubricRating rating) {
  public HumanRating {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(rating, "rating");
  }
}
