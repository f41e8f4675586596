package io.clarq.core.cq;

import io.clarq.core.llm.LlmException;
import java.util.Optional;

/**
 * Rates a candidate clarifying question for a request and facet, against the reference question when there is one, on
 * naturalness and usefulness (Good / Fair / Bad, each with a short reason). Implementations are thread-safe.
 */
public interface RubricJudge {
  /** A short name recorded with every rating ("llm:gpt-4o", ...). */
  String name();

  /**
   * @param request the request and facet
   * @param reference the question a person wrote for them, when there is one (a generator ranking its own
   *     candidates has none)
   * @param candidate the question to rate
   * @return the rating, or an {@link UnparsedRating} keeping the raw reply when it could not be read
   * @throws LlmException when the model behind the judge could not be reached
   */
  RubricOutcome rate(FacetRequest request, Optional<String> reference, String candidate) throws LlmException;

  /** Rates a candidate against an example's reference question. */
  default RubricOutcome rate(CqExample example, String candidate) throws LlmException {
    return rate(example.request(), Optional.of(example.reference()), candidate);
  }
}
