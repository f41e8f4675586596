package io.clarq.core.llm;

/**
 * Tokens a call consumed, as the server reported them (zero when it did not).
 *
 * <p>clarq normalises input tokens to OpenAI's convention: {@code promptTokens} counts every input token, the
 * cached and cache-written ones included (OpenAI's {@code prompt_tokens} already includes
 * {@code prompt_tokens_details.cached_tokens}; Anthropic's {@code input_tokens} excludes
 * {@code cache_read_input_tokens} and {@code cache_creation_input_tokens}, so clarq adds them; Gemini's
 * {@code promptTokenCount} includes {@code cachedContentTokenCount}). The tokens read at the full input price are
 * {@link #uncachedInputTokens()}.
 *
 * @param promptTokens tokens of the request, cached and cache-written ones included
 * @param completionTokens tokens generated, reasoning included
 * @param reasoningTokens of the completion tokens, those spent on reasoning the reply does not show (OpenAI's
 *     {@code completion_tokens_details.reasoning_tokens}); zero when not reported
 * @param cachedInputTokens of the prompt tokens, those read from the provider's prompt cache (OpenAI's
 *     {@code cached_tokens}, Anthropic's {@code cache_read_input_tokens}, Gemini's {@code cachedContentTokenCount});
 *     zero when not reported
 * @param cacheWriteTokens of the prompt tokens, those written to the provider's prompt cache (Anthropic's
 *     {@code cache_creation_input_tokens}, priced above the input price); zero when not reported
 */
public record TokenUsage(long promptTokens, long completionTokens, long reasoningTokens, long cachedInputTokens,
    long cacheWriteTokens) {
  public static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0, 0);

  public TokenUsage {
    if (promptTokens < 0 || completionTokens < 0 || reasoningTokens < 0 || cachedInputTokens < 0
        || cacheWriteTokens < 0) {
      throw new IllegalArgumentException("illegal token usage " + promptTokens + "/" + completionTokens + "/"
          + reasoningTokens + "/" + cachedInputTokens + "/" + cacheWriteTokens + ": must be non-negative");
    }
    if (cachedInputTokens + cacheWriteTokens > promptTokens) {
      throw new IllegalArgumentException("illegal token usage: " + cachedInputTokens + " cached and "
          + cacheWriteTokens + " cache-written input tokens exceed the " + promptTokens + " prompt tokens they are "
          + "part of");
    }
  }

  /** Usage with no cached input tokens reported. */
  public TokenUsage(long promptTokens, long completionTokens, long reasoningTokens) {
    this(promptTokens, completionTokens, reasoningTokens, 0, 0);
  }

  /** Usage with no reasoning or cached tokens reported. */
  public TokenUsage(long promptTokens, long completionTokens) {
    this(promptTokens, completionTokens, 0);
  }

  /**
   * This usage with the cache figures a server reported, each clamped to what the prompt tokens leave (a server that
   * reports more cached tokens than prompt tokens is not believed past the prompt).
   */
  public TokenUsage withCache(long cachedInput, long cacheWrite) {
    long cached = Math.min(Math.max(0, cachedInput), promptTokens);
    long write = Math.min(Math.max(0, cacheWrite), promptTokens - cached);
    return new TokenUsage(promptTokens, completionTokens, reasoningTokens, cached, write);
  }

  /** The prompt tokens neither read from nor written to a cache: those at the full input price. */
  public long uncachedInputTokens() {
    return promptTokens - cachedInputTokens - cacheWriteTokens;
  }

  public long totalTokens() {
    return promptTokens + completionTokens;
  }

  public TokenUsage plus(TokenUsage o) {
    return new TokenUsage(promptTokens + o.promptTokens, completionTokens + o.completionTokens,
        reasoningTokens + o.reasoningTokens, cachedInputTokens + o.cachedInputTokens,
        cacheWriteTokens + o.cacheWriteTokens);
  }
}
