package io.clarq.core.llm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A model's reply.
 *
 * @param text the message content (may be empty; callers decide whether that is usable)
 * @param finishReason the server's finish reason ("stop", "length", ...), empty when not given
 * @param usage tokens consumed, {@link TokenUsage#ZERO} when not reported
 * @param latency wall time of the call that produced it (zero for a cache replay)
 * @param logprobs per-token log-probabilities when requested and returned, else empty
 */
public record ChatResponse(
    String text, String finishReason, TokenUsage usage, Duration latency, List<TokenLogprob> logprobs) {
  public ChatResponse {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(finishReason, "finishReason");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(latency, "latency");
    logprobs = List.copyOf(logprobs);
  }

  /** A reply with only text (for scripted clients and tests). */
  public static ChatResponse ofText(String text) {
    return new ChatResponse(text, "stop", TokenUsage.ZERO, Duration.ZERO, List.of());
  }
}
