package io.clarq.core.judge;

import io.clarq.core.llm.LlmException;
import java.util.Optional;

/**
 * Decides whether leftover provider lines carry a gold line's purpose. Implementations: a verdict cache that
 * replays recorded verdicts, an LLM-backed judge, and chains of the two.
 */
public interface Judge {
  /**
   * @return the verdict, or empty when this judge cannot answer (a cache miss with no judge behind it): the
   *     evaluator then counts the question as unjudged, never as a failure
   * @throws LlmException when a model behind the judge could not be reached
   */
  Optional<Verdict> judge(JudgeQuestion question) throws LlmException;

  /** A judge that answers nothing: every leftover gold line is reported as unjudged. */
  static Judge none() {
    return q -> Optional.empty();
  }
}
