package io.clarq.datasets.clariq;

import java.util.Objects;

/**
 * One line of a multi-turn run: {@code <context_id> 0 "<question text>" <rank> <score> <run_id>}; an empty question
 * ({@code ""}) means the system asks nothing.
 *
 * @param line 1-based line (0 for rows made in memory)
 * @param contextId the conversation context
 * @param question the question text, exactly as in the bank
 * @param rank the rank column
 * @param score the score; the official tool keeps the highest-scoring line per context
 * @param tag the run tag
 */
public record MultiTurnRunRow(int line, String contextId, String question, int rank, double score, String tag) {
  public MultiTurnRunRow {
    Objects.requireNonNull(contextId, "contextId");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(tag, "tag");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("illegal score NaN for context " + contextId);
    }
  }
}
