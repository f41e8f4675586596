package io.clarq.core.llm;

/**
 * HTTP 429 because the account's quota or credit is spent (OpenAI's {@code insufficient_quota}), not because of a
 * short-term rate limit: no retry can clear it, so the call ends after one request.
 */
public class LlmQuotaException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  public LlmQuotaException(String message, int status) {
    super(message, status, null);
  }

  /** Never: the quota does not come back within a call's retries. */
  @Override
  public boolean retryable() {
    return false;
  }

  @Override
  public LlmQuotaException withMessage(String message) {
    return new LlmQuotaException(message, status());
  }
}
