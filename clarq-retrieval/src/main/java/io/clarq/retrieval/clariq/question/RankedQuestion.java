package io.clarq.retrieval.clariq.question;

import io.clarq.core.clariq.ClarifyingQuestion;
import java.util.Objects;

/**
 * A bank question with its retrieval score for a request.
 *
 * @param question the question
 * @param score its score (higher is better)
 */
public record RankedQuestion(ClarifyingQuestion question, double score) {
  public RankedQuestion {
    Objects.requireNonNull(question, "question");
  }
}
