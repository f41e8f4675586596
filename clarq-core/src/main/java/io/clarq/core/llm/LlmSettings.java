package io.clarq.core.llm;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client calls its server: the per-attempt timeout, the retry policy, the most calls it has in flight at
 * once, and an optional requests-per-minute limit (0 = none).
 *
 * <p>Defaults ({@link #DEFAULT}): 120 s timeout, {@link RetryPolicy#DEFAULT}, 16 in flight, no rate limit.
 */
public record LlmSettings(Duration timeout, RetryPolicy retry, int maxInFlight, int requestsPerMinute) {
  public static final LlmSettings DEFAULT = new LlmSettings(Duration.ofSeconds(120), RetryPolicy.DEFAULT, 16, 0);

  public LlmSettings {
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
    return new LlmSettings(t, retry, maxInFlight, requestsPerMinute);
  }

  public LlmSettings withRetry(RetryPolicy r) {
    return new LlmSettings(timeout, r, maxInFlight, requestsPerMinute);
  }

  public LlmSettings withMaxInFlight(int n) {
    return new LlmSettings(timeout, retry, n, requestsPerMinute);
  }

  public LlmSettings withRequestsPerMinute(int rpm) {
    return new LlmSettings(timeout, retry, maxInFlight, rpm);
  }
}
