package io.clarq.core.llm.batch;

import io.clarq.core.llm.LlmException;

/**
 * Thrown by {@link BatchClient#chat} for a request whose answer is not in yet: it is queued for the next batch. A
 * caller that makes a pass over its work catches it, leaves that piece unanswered, and makes another pass after
 * {@link BatchClient#sendAndWait()}.
 */
public final class BatchPendingException extends LlmException {
  private static final long serialVersionUID = 1L;

  public BatchPendingException(String customId) {
    super("request " + customId + " is waiting for its batch");
  }
}
