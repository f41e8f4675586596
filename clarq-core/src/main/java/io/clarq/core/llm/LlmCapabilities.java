package io.clarq.core.llm;

/**
 * What the agents may ask of a client's model beyond messages and sampling: JSON output, a seed, token
 * log-probabilities. An agent reads its client's capabilities and leaves out of each request what the model cannot
 * do (a yes/no oracle without log-probabilities reads the reply's text; a judge without JSON mode asks in plain
 * text), so no agent takes these as settings of its own.
 *
 * <p>Every built-in client says {@link #ALL}: what a server then cannot honour it reports as a {@link Deviation}.
 * Narrow a client with {@link LlmClient#withCapabilities} for a server that refuses a field outright.
 *
 * @param jsonMode whether requests may ask for JSON output ({@code response_format: json_object})
 * @param seed whether requests may carry a sampling seed
 * @param logprobs whether requests may ask for token log-probabilities
 */
public record LlmCapabilities(boolean jsonMode, boolean seed, boolean logprobs) {
  /** JSON mode, seed and log-probabilities: what the reference protocols ask for (the default). */
  public static final LlmCapabilities ALL = new LlmCapabilities(true, true, true);

  public LlmCapabilities withJsonMode(boolean on) {
    return new LlmCapabilities(on, seed, logprobs);
  }

  public LlmCapabilities withSeed(boolean on) {
    return new LlmCapabilities(jsonMode, on, logprobs);
  }

  public LlmCapabilities withLogprobs(boolean on) {
    return new LlmCapabilities(jsonMode, seed, on);
  }

  /** {@code jsonMode+seed+logprobs}, the ones present; {@code none} when none is. */
  @Override
  public String toString() {
    String s = (jsonMode ? "+jsonMode" : "") + (seed ? "+seed" : "") + (logprobs ? "+logprobs" : "");
    return s.isEmpty() ? "none" : s.substring(1);
  }
}
