package io.clarq.core.llm;

/**
 * Tokens a call consumed, as the server reported them (zero when it did not).
 *
 * @param promptTokens tokens of the request
 * @param completionTokens tokens generated, reasoning included
 * @param reasoningTokens of the completion tokens, those spent on reasoning the reply does not show (OpenAI's
 *     {@code completion_tokens_details.reasoning_tokens}); zero when not reported
 */
public record TokenUsage(long promptTokens, long completionTokens, long reasoningTokens) {
  public static final TokenUsage ZERO = new TokenUsage(0, 0, 0);

  public TokenUsage {
    if (promptTokens < 0 || completionTokens < 0 || reasoningTokens < 0) {
      throw new IllegalArgumentException("illegal token usage " + promptTokens + "/" + completionTokens + "/"
          + reasoningTokens + ": must be non-negative");
    }
  }

  /** Usage with no reasoning tokens reported. */
  public TokenUsage(long promptTokens, long completionTokens) {
    this(promptTokens, completionTokens, 0);
  }

  public long totalTokens() {
    return promptTokens + completionTokens;
  }

  public TokenUsage plus(TokenUsage o) {
    return new TokenUsage(promptTokens + o.promptTokens, completionTokens + o.completionTokens,
        reasoningTokens + o.reasoningTokens);
  }
}
