package io.clarq.core.cq;

import io.clarq.core.llm.LlmException;

/**
 * Writes a clarifying question for a request and one of its facets. Implementations: a template baseline that needs
 * no model, and a facet-constrained LLM generator (clarq-eval). Implementations are thread-safe.
 */
public interface QuestionGenerator {
  /** A short name recorded with every generated question ("template", "llm:gpt-4o-mini", ...). */
  String name();

  /**
   * @return the chosen question and every candidate considered; a question that misses facet words after the
   *     allowed retries is still returned, with {@link GeneratedQuestion#facetSatisfied()} false
   * @throws LlmException when a model behind the generator could not be reached
   */
  GeneratedQuestion generate(FacetRequest request) throws LlmException;
}
