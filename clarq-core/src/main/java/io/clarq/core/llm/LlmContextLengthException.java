package io.clarq.core.llm;

/**
 * The messages do not fit the model's context window; never retried (it cannot fit next time). Usually HTTP 400,
 * but some servers say it with 413, 422 or even 500 (llama.cpp); recognised by the error's code or type as well as
 * its wording.
 */
public class LlmContextLengthException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmContextLengthException(String message) {
    this(message, 400);
  }

  /** @param status the HTTP status the server sent (400-599) */
  public LlmContextLengthException(String message, int status) {
    super(message, status, null);
  }

  /** Never: the same messages will not fit next time either, whatever the status. */
  @Override
  public boolean retryable() {
    return false;
  }

  @Override
  public LlmContextLengthException withMessage(String message) {
    return new LlmContextLengthException(message, status());
  }
}
