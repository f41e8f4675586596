package io.clarq.core.llm.wire;

/**
 * A reply body that cannot be read as the one reply clarq asked for: a content coding it cannot undo, a body that
 * does not decode, or a stream it cannot assemble. Says whether asking again could help: a corrupt body may come
 * right next time; a server that streams or encodes what clarq cannot read will do it again.
 */
public final class UnreadableBodyException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final boolean retryable;

  public UnreadableBodyException(String message, boolean retryable) {
    super(message);
    this.retryable = retryable;
  }

  /** Whether the same request could get a readable body. */
  public boolean retryable() {
    return retryable;
  }
}
