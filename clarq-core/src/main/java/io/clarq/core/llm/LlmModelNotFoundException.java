package io.clarq.core.llm;

/** HTTP 404 because the server has no such model, or the key may not use it ({@code model_not_found}); never retried. */
public class LlmModelNotFoundException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmModelNotFoundException(String message, int status) {
    super(message, status, null);
  }

  @Override
  public boolean retryable() {
    return false;
  }

  @Override
  public LlmModelNotFoundException withMessage(String message) {
    return new LlmModelNotFoundException(message, status());
  }
}
