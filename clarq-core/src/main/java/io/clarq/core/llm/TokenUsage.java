package io.clarq.core.llm;

/** Tokens a call consumed, as the server reported them (zero when it did not). */
public record TokenUsage(long promptTokens, long completionTokens) {
  public static final TokenUsage ZERO = new TokenUsage(0, 0);

  public TokenUsage {
    if (promptTokens < 0 || completionTokens < 0) {
      throw new IllegalArgumentException(
          "illegal token usage " + promptTokens + "/" + completionTokens + ": must be non-negative");
    }
  }

  public long totalTokens() {
    return promptTokens + completionTokens;
  }

  public TokenUsage plus(TokenUsage o) {
    return new TokenUsage(promptTokens + o.promptTokens, completionTokens + o.completionTokens);
  }
}
