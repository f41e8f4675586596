package io.clarq.core.llm;

/**
 * Every server of a model has failed a run of consecutive calls with connection errors, time-outs or 5xx replies
 * ({@link io.clarq.core.llm.route.OutageBreaker}): calls are refused at once until the run is started again. A runner
 * that meets it stops, keeps what finished and leaves the rest for a resume, instead of recording every remaining
 * item as failed. Not retryable.
 */
public class LlmOutageException extends LlmException {
  private static final long serialVersionUID = 1L;

  public LlmOutageException(String message, Throwable cause) {
    super(message, cause);
  }
}
