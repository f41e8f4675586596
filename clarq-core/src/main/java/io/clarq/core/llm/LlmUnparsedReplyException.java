package io.clarq.core.llm;

import java.util.Objects;

/**
 * A model's reply that the caller cannot use: blank, or with nothing left once cleaned (a seeker line that is only
 * "You:", an answer with no words). It is never taken as an empty utterance, answer or question: the caller records
 * the item as failed with this message and the raw reply, and the reply is not accepted into a response cache, so a
 * rerun asks again.
 */
public class LlmUnparsedReplyException extends LlmException {
  private static final long serialVersionUID = 1L;

  private final String what;
  private final String raw;

  /**
   * @param what what the reply was for, e.g. "seeker turn"
   * @param raw the reply's text, whole
   * @param problem what is wrong with it
   */
  public LlmUnparsedReplyException(String what, String raw, String problem) {
    super("unparsable model reply for " + what + ": " + problem + "; raw reply: " + quote(raw));
    this.what = Objects.requireNonNull(what, "what");
    this.raw = Objects.requireNonNull(raw, "raw");
  }

  /** What the reply was for. */
  public String what() {
    return what;
  }

  /** The model's raw reply, whole. */
  public String raw() {
    return raw;
  }

  private static String quote(String raw) {
    String oneLine = raw.replace("\n", "\\n");
    return "\"" + (oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...") + "\"";
  }

  /** This very exception: an unparsed reply is told by its own message, which holds the raw reply. */
  @Override
  public LlmUnparsedReplyException withMessage(String message) {
    return this;
  }
}
