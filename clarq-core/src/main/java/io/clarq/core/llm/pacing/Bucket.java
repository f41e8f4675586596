package io.clarq.core.llm.pacing;

import java.time.Duration;
import java.util.Locale;

/**
 * One of a {@link RateBudget}'s token buckets (requests or tokens): up to {@code capacity}, refilled at {@code capacity}
 * a minute, its level below zero by what queued callers have reserved; unlimited until a limit is known. Guarded by
 * the budget's lock.
 */
final class Bucket {
  private static final long MINUTE = Duration.ofMinutes(1).toNanos();

  double capacity = Double.POSITIVE_INFINITY;
  double perMinute;
  double level;
  long at;
  boolean estimated;

  void limit(long perMinute, long now) {
    if (capacity == Double.POSITIVE_INFINITY) {
      level = perMinute;   // the minute's allowance the server starts with
      at = now;
    }
    capacity = perMinute;
    this.perMinute = perMinute;
  }

  void refill(long now) {
    if (capacity != Double.POSITIVE_INFINITY) {
      level = Math.min(capacity, level + (now - at) * perMinute / MINUTE);
    }
    at = now;
  }

  void take(long n) {
    if (capacity != Double.POSITIVE_INFINITY) {
      level -= n;
    }
  }

  long deficitNanos() {
    return capacity == Double.POSITIVE_INFINITY || level >= 0 ? 0 : (long) Math.ceil(-level * MINUTE / perMinute);
  }

  @Override
  public String toString() {
    return capacity == Double.POSITIVE_INFINITY ? "not limited"
        : String.format(Locale.ROOT, "%.0f of %.0f a minute%s", level, capacity, estimated ? " (estimated)" : "");
  }
}
