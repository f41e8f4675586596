package io.clarq.core.llm.openai;

import java.time.Duration;

/**
 * Spaces requests evenly, {@code 60 s / requestsPerMinute} apart, with no bursts: each caller reserves the next free
 * slot and is told how long to wait for it.
 */
final class RequestRateLimiter {
  private final long intervalNanos;
  private long nextSlot = Long.MIN_VALUE;

  RequestRateLimiter(int requestsPerMinute) {
    this.intervalNanos = Duration.ofMinutes(1).toNanos() / requestsPerMinute;
  }

  /** Reserves a slot and returns the wait until it, given the current {@code System.nanoTime()}. */
  synchronized Duration reserve(long nowNanos) {
    long slot = nextSlot == Long.MIN_VALUE || nextSlot - nowNanos < 0 ? nowNanos : nextSlot;
    nextSlot = slot + intervalNanos;
    return Duration.ofNanos(slot - nowNanos);
  }
}
