package io.clarq.core.llm;

import java.time.Duration;
import java.util.List;

/**
 * Hears what clients and decorators do, for usage accounting and progress: a live reply, a cache hit, a retry, a
 * failure, a deviation from the reference protocol. Each event is reported once, by the layer that knows it (the HTTP client for live calls and retries,
 * the cache for hits). Methods are called on the calling thread and must be thread-safe and quick.
 */
public interface LlmListener {
  /** Hears nothing. */
  LlmListener NONE = new LlmListener() {};

  /** A live call returned {@code response} (latency included). */
  default void onResponse(ChatRequest request, ChatResponse response) {}

  /** A cache answered {@code request} without a live call. */
  default void onCacheHit(ChatRequest request, ChatResponse response) {}

  /** Attempt {@code attempt} failed as {@code failure} says; the client waits {@code delay} and tries again. */
  default void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {}

  /** A live call gave up after {@code elapsed}; {@code error} says what happened on every attempt. */
  default void onFailure(ChatRequest request, LlmException error, Duration elapsed) {}

  /**
   * A client departed from the reference protocol for a model, or was told to ({@link Deviation}); said once per
   * model, server and deviation, when it first takes effect.
   */
  default void onDeviation(Deviation deviation) {}

  /** A listener that tells each of {@code listeners} in turn. */
  static LlmListener all(List<LlmListener> listeners) {
    List<LlmListener> copy = List.copyOf(listeners);
    return new LlmListener() {
      @Override
      public void onResponse(ChatRequest request, ChatResponse response) {
        copy.forEach(l -> l.onResponse(request, response));
      }

      @Override
      public void onCacheHit(ChatRequest request, ChatResponse response) {
        copy.forEach(l -> l.onCacheHit(request, response));
      }

      @Override
      public void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {
        copy.forEach(l -> l.onRetry(request, attempt, failure, delay));
      }

      @Override
      public void onFailure(ChatRequest request, LlmException error, Duration elapsed) {
        copy.forEach(l -> l.onFailure(request, error, elapsed));
      }

      @Override
      public void onDeviation(Deviation deviation) {
        copy.forEach(l -> l.onDeviation(deviation));
      }
    };
  }
}
