package io.clarq.core.llm;

import java.util.Objects;

/**
 * The server refuses a request body field and the client cannot adapt: it refused the field again after the client
 * adapted the request once, or the field was set by the user ({@link LlmSpec#params()}), whose choice the client does
 * not override. Never retried.
 */
public class LlmFieldRefusedException extends LlmHttpException {
  private static final long serialVersionUID = 1L;

  private final String field;

  /**
   * @param field the refused body field, e.g. {@code temperature}
   * @param status the HTTP status (400 or 422)
   */
  public LlmFieldRefusedException(String message, int status, String field) {
    super(message, status, null);
    this.field = Objects.requireNonNull(field, "field");
  }

  /** The refused body field. */
  public String field() {
    return field;
  }

  @Override
  public boolean retryable() {
    return false;
  }

  @Override
  public LlmFieldRefusedException withMessage(String message) {
    return new LlmFieldRefusedException(message, status(), field);
  }
}
