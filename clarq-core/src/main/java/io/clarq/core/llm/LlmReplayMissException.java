package io.clarq.core.llm;

/**
 * A replay-only cache had no recorded reply for a request. No live call was made: a rerun that must not reach a
 * model fails here instead of quietly calling one.
 */
public class LlmReplayMissException extends LlmException {
  private static final long serialVersionUID = 1L;

  public LlmReplayMissException(String message) {
    super(message);
  }

  @Override
  public LlmReplayMissException withMessage(String message) {
    return new LlmReplayMissException(message);
  }
}
