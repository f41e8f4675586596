package io.clarq.core.llm;

import java.util.Objects;

/** No usable HTTP reply: the connection failed or dropped, the call timed out, or the reply was not readable. */
public class LlmTransportException extends LlmException {
  private static final long serialVersionUID = 1L;

  /** What went wrong on the wire. */
  public enum Kind {
    /** Could not connect, or the connection was dropped or cut short. */
    CONNECTION,
    /** No reply within the per-call timeout. */
    TIMEOUT,
    /** A 2xx reply whose body is not a chat completion (malformed or truncated JSON, no choices). */
    MALFORMED_REPLY
  }

  private final Kind kind;

  public LlmTransportException(String message, Kind kind, Throwable cause) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  public Kind kind() {
    return kind;
  }

  /** Always: a dropped connection, a timeout or a garbled reply may well go right next time. */
  @Override
  public boolean retryable() {
    return true;
  }

  /** Always: no usable reply came over the wire. */
  @Override
  public boolean infrastructure() {
    return true;
  }

  @Override
  public LlmTransportException withMessage(String message) {
    return new LlmTransportException(message, kind, getCause());
  }
}
