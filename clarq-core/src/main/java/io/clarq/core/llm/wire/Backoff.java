package io.clarq.core.llm.wire;

import io.clarq.core.llm.RetryPolicy;
import java.time.Duration;
import java.util.Random;

/** Waits between attempts as {@link RetryPolicy} describes; the jitter comes from a seeded random source. */
public final class Backoff {
  private final RetryPolicy policy;
  private final Random random;

  public Backoff(RetryPolicy policy) {
    this.policy = policy;
    this.random = new Random(policy.jitterSeed());
  }

  /** The wait after failed attempt {@code attempt} (1-based) when the server named none. */
  public Duration after(int attempt) {
    long initial = policy.initialBackoff().toNanos();
    long max = policy.maxBackoff().toNanos();
    // cap the shift: beyond 2^20 the cap has long been reached
    long base = initial == 0 ? 0 : Math.min(max, initial << Math.min(attempt - 1, 20));
    if (base < 0) {
      base = max;
    }
    long half = base / 2;
    return Duration.ofNanos(half + (long) (random.nextDouble() * (base - half)));
  }
}
