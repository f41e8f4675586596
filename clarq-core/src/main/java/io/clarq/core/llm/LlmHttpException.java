package io.clarq.core.llm;

import java.time.Duration;
import java.util.Optional;

/**
 * The server answered with an HTTP error status. 408, 409, 429 and 5xx are retryable; other statuses (a bad
 * request, a bad key, an unknown model) cannot succeed by asking again.
 */
public class LlmHttpException extends LlmException {
  private static final long serialVersionUID = 1L;
  private final int status;
  private final Duration retryAfter;

  /**
   * @param retryAfter the server's Retry-After, or null when it gave none
   */
  public LlmHttpException(String message, int status, Duration retryAfter) {
    super(message);
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("illegal HTTP error status " + status + ": must be 400-599");
    }
    this.status = status;
    this.retryAfter = retryAfter;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** How long the server asked us to wait before trying again, when it said. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  /** Whether {@code status} is one a retry can cure: 408, 409, 429 or any 5xx. */
  public static boolean retryableStatus(int status) {
    return status == 408 || status == 409 || status == 429 || status >= 500;
  }

  @Override
  public boolean retryable() {
    return retryableStatus(status);
  }

  /** A 5xx that a retry can cure (not a refusal a subclass names, such as a context error sent as 500). */
  @Override
  public boolean infrastructure() {
    return status >= 500 && retryable();
  }

  @Override
  public LlmHttpException withMessage(String message) {
    return new LlmHttpException(message, status, retryAfter);
  }
}
