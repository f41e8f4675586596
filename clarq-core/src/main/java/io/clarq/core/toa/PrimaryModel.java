package io.clarq.core.toa;

import io.clarq.core.llm.LlmException;

/** M1, the primary model: answers the task's question from a rendered context. Thread-safe. */
public interface PrimaryModel {
  /**
   * The short answer.
   *
   * @throws LlmException when the model gave no usable reply
   */
  String answer(String question, String context) throws LlmException;

  /** What this model is, for run configurations and reports. */
  String describe();
}
