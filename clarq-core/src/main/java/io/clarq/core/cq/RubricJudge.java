package io.clarq.core.cq;

import io.clarq.core.llm.LlmException;

/**
 * Rates a candidate clarifying question for a request and facet, against the reference question, on naturalness and
 * usefulness (Good / Fair / Bad, each with a short reason). Implementations are thread-safe.
 */
public interface RubricJudge {
  /** A short name recorded with every rating ("llm:gpt-4o", ...). */
  String name();

  /**
   * @param example the request, facet and reference question
   * @param candidate the question to rate
   * @return the rating, or an {@link UnparsedRating} keeping the raw reply when it could not be read
   * @throws LlmException when the model behind the judge could not be reached
   */
  RubricOutcome rate(CqExample example, String candidate) throws LlmException;
}
