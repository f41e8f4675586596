package io.clarq.core.cq;

import java.util.Objects;

/**
 * A rubric judge's outcome for one generated question: one line of a ratings file.
 *
 * @param id the example's id
 * @param question the question rated, verbatim
 * @param judge the judge's name ({@link RubricJudge#name()})
 * @param outcome the rating, or the unreadable reply
 */
public record CqJudgement(String id, String question, String judge, RubricOutcome outcome) {
  public CqJudgement {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(judge, "judge");
    Objects.requireNonNull(outcome, "outcome");
  }
}
