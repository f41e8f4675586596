package io.clarq.core.toa;

import io.clarq.core.flm.FlmExample;
import io.clarq.core.llm.LlmException;

/**
 * The oracle: answers a question with the best of the example's candidate responses
 * ({@link FlmExample#candidates()}). Implementations read only the candidates, never which one is masked, and are
 * thread-safe.
 */
public interface Oracle {
  /**
   * The candidate that best answers the question, or why there is none.
   *
   * @throws LlmException when a model behind the oracle gave no usable reply at all
   */
  OracleAnswer answer(String question, FlmExample example) throws LlmException;

  /** What this oracle is, for run configurations and reports (e.g. "offline-bm25"). */
  String describe();
}
