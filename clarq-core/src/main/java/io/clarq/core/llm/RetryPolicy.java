package io.clarq.core.llm;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client retries a failed call: up to {@code maxAttempts} attempts in all, waiting between them for the
 * server's {@code Retry-After} when it gives one, else for an exponential backoff with jitter: attempt n waits
 * between half and all of {@code min(maxBackoff, initialBackoff * 2^(n-1))}, drawn from a random source seeded
 * with {@code jitterSeed}. A {@code Retry-After} longer than {@code maxRetryAfter} ends the call instead.
 *
 * <p>Defaults ({@link #DEFAULT}): 5 attempts, 1 s initial backoff, 30 s max backoff, 120 s max Retry-After, seed 0.
 */
public record RetryPolicy(
    int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration maxRetryAfter, long jitterSeed) {
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(120), 0L);

  /** One attempt, no retries. */
  public static final RetryPolicy NONE = DEFAULT.withMaxAttempts(1);

  public RetryPolicy {
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("illegal max attempts " + maxAttempts + ": must be at least 1");
    }
    if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("illegal backoff " + initialBackoff + " .. " + maxBackoff
          + ": must be non-negative with max >= initial");
    }
    if (maxRetryAfter.isNegative()) {
      throw new IllegalArgumentException("illegal max Retry-After " + maxRetryAfter + ": must be non-negative");
    }
  }

  public RetryPolicy withMaxAttempts(int attempts) {
    return new RetryPolicy(attempts, initialBackoff, maxBackoff, maxRetryAfter, jitterSeed);
  }

  public RetryPolicy withBackoff(Duration initial, Duration max) {
    return new RetryPolicy(maxAttempts, initial, max, maxRetryAfter, jitterSeed);
  }

  public RetryPolicy withMaxRetryAfter(Duration max) {
    return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, max, jitterSeed);
  }

  public RetryPolicy withJitterSeed(long seed) {
    return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, maxRetryAfter, seed);
  }
}
