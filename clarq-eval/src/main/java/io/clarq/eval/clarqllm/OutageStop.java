package io.clarq.eval.clarqllm;

import io.clarq.core.llm.LlmOutageException;
import java.util.Optional;

/**
 * A run stopped because a model's servers are all down ({@link LlmOutageException}). The items that finished are
 * kept in the output; the rest are left for a resume, not recorded as failed. The message names the servers and
 * the last error, and says how many items finished and how many are left.
 */
public final class OutageStop extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public OutageStop(String message, LlmOutageException cause) {
    super(message, cause);
  }

  /** The outage behind {@code e}, if it or one of its causes is one. */
  public static Optional<LlmOutageException> outage(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof LlmOutageException o) {
        return Optional.of(o);
      }
      if (t instanceof OutageStop s) {
        return Optional.of((LlmOutageException) s.getCause());
      }
    }
    return Optional.empty();
  }

  /** Throws an {@link OutageStop} when {@code e} comes from an outage; returns otherwise. */
  static void rethrowIfOutage(Throwable e) {
    Optional<LlmOutageException> o = outage(e);
    if (o.isPresent()) {
      throw new OutageStop(o.get().getMessage(), o.get());
    }
  }
}
