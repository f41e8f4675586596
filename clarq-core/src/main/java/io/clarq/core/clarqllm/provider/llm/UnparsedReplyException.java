package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.llm.LlmUnparsedReplyException;

/**
 * A model's reply to a decision the provider must take could not be read, even after one retry. The provider never
 * guesses in its place: the dialogue is recorded as an unparsed failure carrying the raw reply (an
 * {@link LlmUnparsedReplyException}, so a run counts it with the other unparsed replies), and is retried on resume.
 */
public final class UnparsedReplyException extends LlmUnparsedReplyException {
  private static final long serialVersionUID = 1L;

  /**
   * @param step which decision it was, e.g. "intent classification"
   * @param raw the model's last raw reply
   */
  public UnparsedReplyException(String step, String raw) {
    super(step, raw, "not readable after one retry");
  }

  /** Which decision the reply was for. */
  public String step() {
    return what();
  }
}
