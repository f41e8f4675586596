package io.clarq.core.llm;

/** HTTP 400 because the messages do not fit the model's context window; never retried (it cannot fit next time). */
public class LlmContextLengthException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmContextLengthException(String message) {
    super(message, 400, null);
  }
}
