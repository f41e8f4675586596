package io.clarq.core.llm;

/**
 * A language model could not give a usable reply (unreachable, refused, timed out, ...). Messages never contain
 * an API key. Subclasses say whether a retry could help.
 */
public class LlmException extends Exception {
  private static final long serialVersionUID = 1L;

  public LlmException(String message) {
    super(message);
  }

  public LlmException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Whether trying the same request again could succeed (rate limits, server errors, timeouts). */
  public boolean retryable() {
    return false;
  }

  /**
   * Whether the failure says the server or the way to it is down (no connection, a timeout, a retryable 5xx), as
   * opposed to a refusal of this request: runs stop early when every server of a model keeps failing this way.
   */
  public boolean infrastructure() {
    return false;
  }

  /**
   * The same failure, of the same class with the same status and properties, told by {@code message} (a client's
   * account of every attempt of the call). Subclasses override it to keep their class.
   */
  public LlmException withMessage(String message) {
    return new LlmException(message, getCause());
  }
}
