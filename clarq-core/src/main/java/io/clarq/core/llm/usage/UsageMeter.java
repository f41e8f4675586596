package io.clarq.core.llm.usage;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Counts what clients report: give {@link #listener(String)} to a client (and to its cache) and read
 * {@link #report()} at any time. One meter per client gives per-client figures; the same meter given to every client
 * of a run (or {@link LlmListener#all} of both) gives the run's. Thread-safe.
 */
public final class UsageMeter {
  private long calls;
  private long cacheHits;
  private long retries;
  private long failures;
  private final Map<String, TokenUsage> tokens = new HashMap<>();
  private long callNanos;
  private long firstStart = Long.MAX_VALUE;
  private long lastEnd = Long.MIN_VALUE;

  /**
   * The listener to give a client.
   *
   * @param defaultModel the client's model for requests that name none (prices are looked up by it)
   */
  public LlmListener listener(String defaultModel) {
    Objects.requireNonNull(defaultModel, "defaultModel");
    return new LlmListener() {
      @Override
      public void onResponse(ChatRequest request, ChatResponse response) {
        recordCall(response.latency(), model(request, defaultModel), response.usage(), false);
      }

      @Override
      public void onCacheHit(ChatRequest request, ChatResponse response) {
        synchronized (UsageMeter.this) {
          cacheHits++;
        }
      }

      @Override
      public void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {
        synchronized (UsageMeter.this) {
          retries++;
        }
      }

      @Override
      public void onFailure(ChatRequest request, LlmException error, Duration elapsed) {
        recordCall(elapsed, model(request, defaultModel), TokenUsage.ZERO, true);
      }
    };
  }

  private static String model(ChatRequest r, String defaultModel) {
    return r.model().isEmpty() ? defaultModel : r.model();
  }

  private synchronized void recordCall(Duration took, String model, TokenUsage usage, boolean failed) {
    long end = System.nanoTime();
    calls++;
    if (failed) {
      failures++;
    } else {
      tokens.merge(model, usage, TokenUsage::plus);
    }
    callNanos += took.toNanos();
    firstStart = Math.min(firstStart, end - took.toNanos());
    lastEnd = Math.max(lastEnd, end);
  }

  /** The figures so far. */
  public synchronized UsageReport report() {
    Duration wall = calls == 0 ? Duration.ZERO : Duration.ofNanos(lastEnd - firstStart);
    return new UsageReport(calls, cacheHits, retries, failures, tokens, Duration.ofNanos(callNanos), wall);
  }
}
