package io.clarq.core.toa;

import io.clarq.core.llm.LlmException;

/**
 * The oracle: answers a question with the best of the candidate responses it is handed ({@link OracleQuery}: the
 * question and the candidates, roles untold; never the example, so never which candidate is masked). The answer's
 * response is one of the query's candidates. Implementations are thread-safe.
 */
public interface Oracle {
  /**
   * The candidate that best answers the question, or why there is none.
   *
   * @throws LlmException when a model behind the oracle gave no usable reply at all
   */
  OracleAnswer answer(OracleQuery query) throws LlmException;

  /** What this oracle is, for run configurations and reports (e.g. "offline-bm25"). */
  String describe();
}
