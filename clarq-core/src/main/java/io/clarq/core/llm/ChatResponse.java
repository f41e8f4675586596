package io.clarq.core.llm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A model's reply.
 *
 * @param text the message content, the only part an agent may speak (may be empty; callers decide whether that is
 *     usable)
 * @param finishReason the server's finish reason ("stop", "length", ...), empty when not given
 * @param usage tokens consumed, {@link TokenUsage#ZERO} when not reported
 * @param latency wall time of the call that produced it (zero for a cache replay)
 * @param logprobs per-token log-probabilities when requested and returned, else empty
 * @param reasoning the model's reasoning, kept apart from {@code text} and never spoken: a {@code reasoning_content}
 *     or {@code reasoning} field, or a leading {@code <think>...</think>} block taken off the content; empty when
 *     there was none
 */
public record ChatResponse(
    String text, String finishReason, TokenUsage usage, Duration latency, List<TokenLogprob> logprobs,
    String reasoning) {
  public ChatResponse {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(finishReason, "finishReason");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(latency, "latency");
    logprobs = List.copyOf(logprobs);
    Objects.requireNonNull(reasoning, "reasoning");
  }

  /** A reply without reasoning. */
  public ChatResponse(String text, String finishReason, TokenUsage usage, Duration latency,
      List<TokenLogprob> logprobs) {
    this(text, finishReason, usage, latency, logprobs, "");
  }

  /** A reply with only text (for scripted clients and tests). */
  public static ChatResponse ofText(String text) {
    return new ChatResponse(text, "stop", TokenUsage.ZERO, Duration.ZERO, List.of(), "");
  }

  /** This reply with {@code r} as its reasoning. */
  public ChatResponse withReasoning(String r) {
    return new ChatResponse(text, finishReason, usage, latency, logprobs, r);
  }
}
