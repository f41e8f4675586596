package io.clarq.core.llm;

/** HTTP 401 or 403: the key is missing, wrong or not allowed this model; never retried. */
public class LlmAuthenticationException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmAuthenticationException(String message, int status) {
    super(message, status, null);
  }

  @Override
  public LlmAuthenticationException withMessage(String message) {
    return new LlmAuthenticationException(message, status());
  }
}
