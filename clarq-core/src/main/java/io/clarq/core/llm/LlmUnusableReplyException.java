package io.clarq.core.llm;

import java.util.Objects;
import java.util.Optional;

/**
 * A reply the server sent whole and well formed, but that is not a usable utterance by the reply policy: cut short,
 * filtered, refused, a tool call, or reasoning with no text. It is unparsed like any other unusable reply (never
 * spoken, never cached, counted apart), keeps its raw text ({@link #raw()}: the cut text, the refusal, the tool
 * calls, the reasoning), and is never retried: the same request gets the same reply.
 */
public class LlmUnusableReplyException extends LlmUnparsedReplyException {
  private static final long serialVersionUID = 1L;

  /** Why the reply is not used. */
  public enum Reason {
    /** {@code finish_reason: "length"}: cut at the token limit (see the client for when this applies). */
    LENGTH,
    /** {@code finish_reason: "content_filter"}: cut or withheld by the server's content filter. */
    CONTENT_FILTER,
    /** A non-empty {@code refusal}: the model declined, in words kept as the raw text. */
    REFUSAL,
    /** {@code tool_calls} and no text: the model asked to call a tool nobody offered. */
    TOOL_CALLS,
    /** Reasoning ({@code reasoning_content}, {@code reasoning} or a {@code <think>} block) and no text after it. */
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
