package io.clarq.core.llm;

import java.util.Objects;
import java.util.Optional;

/**
 * A reply the server sent whole and well formed, but that is not a usable utterance by the {@link ReplyPolicy}: cut
 * short, filtered, refused, a tool call, or reasoning with no text. It is unparsed like any other unusable reply (never
 * spoken, never cached, counted apart), keeps its raw text ({@link #raw()}: the cut text, the refusal, the tool
 * calls, the reasoning), and is never retried: the same request gets the same reply.
 */
public class LlmUnusableReplyException extends LlmUnparsedReplyException {
  private static final long serialVersionUID = 1L;

  /** Why the reply is not used; {@link EndReason} says which protocol value gives each. */
  public enum Reason {
    /** Cut at the token limit ({@link EndReason.Kind#LENGTH}; see {@link ReplyPolicy} for when this applies). */
    LENGTH,
    /** Cut or withheld by the server's content or safety filter ({@link EndReason.Kind#CONTENT_FILTER}). */
    CONTENT_FILTER,
    /** The model declined, in words kept as the raw text ({@link EndReason.Kind#REFUSAL}). */
    REFUSAL,
    /** Tool calls and no text: the model asked to call a tool nobody offered ({@link EndReason.Kind#TOOL_CALLS}). */
    TOOL_CALLS,
    /** Reasoning (a reasoning field, thinking blocks or a {@code <think>} block) and no text after it. */
    REASONING_ONLY
  }

  private final Reason reason;
  private final transient ChatResponse response;

  /**
   * @param what what the reply was for, e.g. "chat completion from http://127.0.0.1:8000/v1/chat/completions"
   * @param raw the reply's text as kept (see the class comment)
   * @param reason why it is not used
   * @param problem what is wrong with it, in words
   * @param response the reply as read (text, reasoning, usage), or null when not known
   */
  public LlmUnusableReplyException(String what, String raw, Reason reason, String problem, ChatResponse response) {
    super(what, raw, problem);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.response = response;
  }

  /** Why the reply is not used. */
  public Reason reason() {
    return reason;
  }

  /** The reply as read (its usage counts: the tokens were spent), when known. */
  public Optional<ChatResponse> response() {
    return Optional.ofNullable(response);
  }
}
