package io.clarq.core.llm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A model's reply.
 *
 * @param text the message content, the only part an agent may speak (may be empty; callers decide whether that is
 *     usable)
 * @param finishReason the server's finish reason in OpenAI's words ("stop", "length", ...), empty when not given
 * @param usage tokens consumed, {@link TokenUsage#ZERO} when not reported
 * @param latency wall time of the call that produced it (zero for a cache replay)
 * @param logprobs per-token log-probabilities when requested and returned, else empty
 * @param reasoning the model's reasoning, kept apart from {@code text} and never spoken: a {@code reasoning_content}
 *     or {@code reasoning} field, or a leading {@code <think>...</think>} block taken off the content; empty when
 *     there was none
 * @param endReason why the reply ended, normalised over every protocol with the protocol's own words beside it:
 *     what the {@link ReplyPolicy} reads
 */
public record ChatResponse(
    String text, String finishReason, TokenUsage usage, Duration latency, List<TokenLogprob> logprobs,
    String reasoning, EndReason endReason) {
  public ChatResponse {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(finishReason, "finishReason");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(latency, "latency");
    logprobs = List.copyOf(logprobs);
    Objects.requireNonNull(reasoning, "reasoning");
    Objects.requireNonNull(endReason, "endReason");
  }

  /** A reply whose end reason is its OpenAI {@code finishReason} ({@link EndReason#openAi}). */
  public ChatResponse(String text, String finishReason, TokenUsage usage, Duration latency,
      List<TokenLogprob> logprobs, String reasoning) {
    this(text, finishReason, usage, latency, logprobs, reasoning, EndReason.openAi(finishReason));
  }

  /** A reply of another protocol: its finish reason is {@code endReason}'s in OpenAI's words. */
  public ChatResponse(String text, EndReason endReason, TokenUsage usage, Duration latency,
      List<TokenLogprob> logprobs, String reasoning) {
    this(text, endReason.finishReason(), usage, latency, logprobs, reasoning, endReason);
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
    return new ChatResponse(text, finishReason, usage, latency, logprobs, r, endReason);
  }

  /** This reply with {@code took} as its latency. */
  public ChatResponse withLatency(Duration took) {
    return new ChatResponse(text, finishReason, usage, took, logprobs, reasoning, endReason);
  }
}
