package io.clarq.eval.kernel;

/**
 * An item's play stopped at a model call whose batch has not answered yet (its cause is the
 * {@link io.clarq.core.llm.batch.BatchPendingException}): thrown by a benchmark's play loop, which otherwise records
 * an agent's failure, so that the run kernel sees the item waiting, not failed ({@link RunKernel.Plan#batches()}).
 */
public final class WaitingForBatch extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private WaitingForBatch(Throwable cause) {
    super(cause.getMessage(), cause);
  }

  /** Throws a {@link WaitingForBatch} when {@code e} is, or was caused by, a call waiting for its batch. */
  public static void rethrowIfWaiting(Throwable e) {
    if (RunKernel.waitsForBatch(e)) {
      throw e instanceof WaitingForBatch w ? w : new WaitingForBatch(e);
    }
  }
}
