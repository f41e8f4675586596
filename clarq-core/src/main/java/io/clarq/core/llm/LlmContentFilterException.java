package io.clarq.core.llm;

/**
 * The server's content filter refused the prompt (Azure OpenAI's HTTP 400 {@code content_filter}); the same prompt is
 * refused again, so it is never retried. A reply cut by the filter is an {@link LlmUnusableReplyException} instead.
 */
public class LlmContentFilterException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmContentFilterException(String message, int status) {
    super(message, status, null);
  }

  @Override
  public boolean retryable() {
    return false;
  }

  @Override
  public LlmContentFilterException withMessage(String message) {
    return new LlmContentFilterException(message, status());
  }
}
