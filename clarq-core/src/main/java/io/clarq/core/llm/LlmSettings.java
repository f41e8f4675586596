package io.clarq.core.llm;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client calls its server: the per-attempt timeout, the retry policy, the most calls it has in flight at
 * once, an optional requests-per-minute limit (0 = none), an optional tokens-per-minute cap (0 = none), and how long
 * a model's rate limit may keep refusing calls before they stop ({@link io.clarq.core.llm.pacing.RateBudget}).
 *
 * <p>Defaults ({@link #DEFAULT}): 120 s timeout, {@link RetryPolicy#DEFAULT}, 16 in flight, no requests-per-minute
 * limit, no tokens-per-minute cap, 10 minutes' rate-limit patience. Limits a server states in its headers pace calls
 * whatever these say; the two caps are for servers that state none.
 */
public record LlmSettings(Duration timeout, RetryPolicy retry, int maxInFlight, int requestsPerMinute,
    long tokensPerMinute, Duration rateLimitPatience) {
  /** How long a rate limit may keep refusing calls before they stop, unless set. */
  public static final Duration DEFAULT_PATIENCE = Duration.ofMinutes(10);

  public static final LlmSettings DEFAULT = new LlmSettings(Duration.ofSeconds(120), RetryPolicy.DEFAULT, 16, 0);

  /** Settings without a tokens-per-minute cap and with the default patience. */
  public LlmSettings(Duration timeout, RetryPolicy retry, int maxInFlight, int requestsPerMinute) {
    this(timeout, retry, maxInFlight, requestsPerMinute, 0, DEFAULT_PATIENCE);
  }

  public LlmSettings {
    Objects.requireNonNull(rateLimitPatience, "rateLimitPatience");
    if (tokensPerMinute < 0) {
      throw new IllegalArgumentException(
          "illegal tokens per minute " + tokensPerMinute + ": must be non-negative (0 = no cap)");
    }
    if (rateLimitPatience.isNegative() || rateLimitPatience.isZero()) {
      throw new IllegalArgumentException("illegal rate-limit patience " + rateLimitPatience + ": must be positive");
    }
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(retry, "retry");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("illegal timeout " + timeout + ": must be positive");
    }
    if (maxInFlight < 1) {
      throw new IllegalArgumentException("illegal max in flight " + maxInFlight + ": must be at least 1");
    }
    if (requestsPerMinute < 0) {
      throw new IllegalArgumentException(
          "illegal requests per minute " + requestsPerMinute + ": must be non-negative (0 = no limit)");
    }
  }

  public LlmSettings withTimeout(Duration t) {
    return new LlmSettings(t, retry, maxInFlight, requestsPerMinute, tokensPerMinute, rateLimitPatience);
  }

  public LlmSettings withRetry(RetryPolicy r) {
    return new LlmSettings(timeout, r, maxInFlight, requestsPerMinute, tokensPerMinute, rateLimitPatience);
  }

  public LlmSettings withMaxInFlight(int n) {
    return new LlmSettings(timeout, retry, n, requestsPerMinute, tokensPerMinute, rateLimitPatience);
  }

  public LlmSettings withRequestsPerMinute(int rpm) {
    return new LlmSettings(timeout, retry, maxInFlight, rpm, tokensPerMinute, rateLimitPatience);
  }

  public LlmSettings withTokensPerMinute(long tpm) {
    return new LlmSettings(timeout, retry, maxInFlight, requestsPerMinute, tpm, rateLimitPatience);
  }

  public LlmSettings withRateLimitPatience(Duration patience) {
    return new LlmSettings(timeout, retry, maxInFlight, requestsPerMinute, tokensPerMinute, patience);
  }
}
