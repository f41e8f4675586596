package io.clarq.core.provider.llm;

import io.clarq.core.llm.LlmException;
import java.util.Objects;

/**
 * A model's reply to a decision the provider must take could not be read, even after one retry. The provider never
 * guesses in its place: the dialogue is recorded as an error carrying the raw reply, and is retried on resume.
 */
public final class UnparsedReplyException extends LlmException {
  private static final long serialVersionUID = 1L;

  private final String step;
  private final String raw;

  /**
   * @param step which decision it was, e.g. "intent classification"
   * @param raw the model's last raw reply
   */
  public UnparsedReplyException(String step, String raw) {
    super("unparsable model reply for " + step + " after one retry: " + abbreviate(raw));
    this.step = Objects.requireNonNull(step, "step");
    this.raw = Objects.requireNonNull(raw, "raw");
  }

  /** Which decision the reply was for. */
  public String step() {
    return step;
  }

  /** The model's raw reply, whole. */
  public String raw() {
    return raw;
  }

  private static String abbreviate(String raw) {
    String oneLine = raw.replace('\n', ' ');
    return oneLine.length() <= 200 ? "\"" + oneLine + "\"" : "\"" + oneLine.substring(0, 200) + "...\"";
  }
}
