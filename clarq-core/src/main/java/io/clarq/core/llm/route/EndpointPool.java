package io.clarq.core.llm.route;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/**
 * One model served by several servers (vLLM replicas, or any OpenAI-compatible gateways): each call goes to the server
 * with the fewest calls in flight (ties in turn), so a faster server takes a proportionally larger share. A failed
 * attempt that a retry can help is retried at once on another server, or after the {@link RetryPolicy}'s backoff
 * (or the server's {@code Retry-After}) when no other is free; at most {@code maxAttempts} attempts in all. A server
 * that refuses connections, times out or answers 5xx {@value #BENCH_AFTER} times in a row is benched: no calls for
 * the bench time, then it is tried again (one more failure benches it again). When every server is benched, the one
 * whose bench ends first is tried. Per-server calls, failures and latency: {@link #stats()}.
 *
 * <p>The servers' own clients should make one attempt each (the pool retries) and report to no listener: the pool
 * tells {@code listener} of the replies, retries and failures of whole calls, as a single client does.
 */
public final class EndpointPool implements LlmClient {
  /** Failures in a row that bench a server. */
  public static final int BENCH_AFTER = 2;

  /** A server's name (without credentials) and the client that calls it. */
  public record Endpoint(String name, LlmClient client) {
    public Endpoint {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(client, "client");
    }
  }

  /** Waits between attempts; tests pass one that records the waits. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  private final List<Slot> slots;
  private final RetryPolicy retry;
  private final Duration bench;
  private final LlmListener listener;
  private final Sleeper sleeper;
  private final Random jitter;
  private int turn;

  /**
   * @param bench how long a failing server gets no calls
   * @throws IllegalArgumentException when no endpoint is given or the bench time is negative
   */
  public EndpointPool(List<Endpoint> endpoints, RetryPolicy retry, Duration bench, LlmListener listener,
      Sleeper sleeper) {
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("illegal endpoint pool: no endpoint");
    }
    if (bench.isNegative()) {
      throw new IllegalArgumentException("illegal bench time " + bench + ": must be non-negative");
    }
    this.slots = endpoints.stream().map(Slot::new).toList();
    this.retry = Objects.requireNonNull(retry, "retry");
    this.bench = bench;
    this.listener = Objects.requireNonNull(listener, "listener");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.jitter = new Random(retry.jitterSeed());
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    long start = System.nanoTime();
    List<String> history = new ArrayList<>();
    for (int attempt = 1; ; attempt++) {
      Slot slot = pick();
      long t0 = System.nanoTime();
      LlmException failure;
      try {
        ChatResponse response = slot.endpoint.client().chat(request);
        slot.succeeded(System.nanoTime() - t0);
        listener.onResponse(request, response.latency().isZero() ? response : withLatency(response, start));
        return response;
      } catch (LlmUnusableReplyException e) {
        // the server answered whole; the reply is just not usable (reply policy): no server fault, no retry
        slot.succeeded(System.nanoTime() - t0);
        e.response().ifPresent(r -> listener.onResponse(request, r));
        throw e;
      } catch (LlmException e) {
        failure = e;
        slot.failed(e, bench);
      } finally {
        slot.release();
      }
      history.add("attempt " + attempt + " at " + slot.endpoint.name() + ": " + failure.getMessage());
      if (!failure.retryable() || attempt >= retry.maxAttempts()) {
        String stop = !failure.retryable() ? "not retryable" : "no attempts left";
        // the last failure's class, so a caller can tell a quota or context error from servers that are down
        LlmException end = failure.withMessage("chat completion failed after " + attempt + (attempt == 1
            ? " attempt" : " attempts") + " over " + slots.size() + " endpoints (" + stop + "): "
            + String.join("; ", history));
        listener.onFailure(request, end, Duration.ofNanos(System.nanoTime() - start));
        throw end;
      }
      Duration delay = freeOtherThan(slot) ? Duration.ZERO : delay(failure, attempt);
      listener.onRetry(request, attempt, failure.getMessage(), delay);
      if (!delay.isZero()) {
        try {
          sleeper.sleep(delay);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new LlmException("interrupted between attempts: " + String.join("; ", history), e);
        }
      }
    }
  }

  private static ChatResponse withLatency(ChatResponse r, long start) {
    return r.withLatency(Duration.ofNanos(System.nanoTime() - start));
  }

  /** The server with the fewest calls in flight among those not benched (ties in turn); it counts one more. */
  private synchronized Slot pick() {
    long now = System.nanoTime();
    Slot best = null;
    int n = slots.size();
    for (int k = 0; k < n; k++) {
      Slot s = slots.get((turn + k) % n);
      if (s.benchedUntil <= now && (best == null || s.inFlight < best.inFlight)) {
        best = s;
      }
    }
    if (best == null) {
      for (Slot s : slots) {
        if (best == null || s.benchedUntil < best.benchedUntil) {
          best = s;
        }
      }
    }
    turn = (turn + 1) % n;
    best.inFlight++;
    best.calls++;
    return best;
  }

  private synchronized boolean freeOtherThan(Slot failed) {
    long now = System.nanoTime();
    return slots.stream().anyMatch(s -> s != failed && s.benchedUntil <= now);
  }

  private synchronized Duration delay(LlmException failure, int attempt) {
    Optional<Duration> asked = failure instanceof LlmHttpException h ? h.retryAfter() : Optional.empty();
    if (asked.isPresent()) {
      return asked.get().compareTo(retry.maxRetryAfter()) > 0 ? retry.maxRetryAfter() : asked.get();
    }
    long initial = retry.initialBackoff().toNanos();
    long base = initial == 0 ? 0 : Math.min(retry.maxBackoff().toNanos(), initial << Math.min(attempt - 1, 20));
    long half = Math.max(0, base) / 2;
    return Duration.ofNanos(half + (long) (jitter.nextDouble() * (base - half)));
  }

  /** Per-server calls, failures, benchings and latency so far, in the order the servers were given. */
  public synchronized List<EndpointStats> stats() {
    return slots.stream().map(s -> new EndpointStats(s.endpoint.name(), s.calls, s.failures, s.benchings,
        Duration.ofNanos(s.latencyNanos))).toList();
  }

  /** Passes the acceptance on to every server's client (see {@link LlmClient#accept}). */
  @Override
  public void accept(ChatRequest request, ChatResponse response) {
    slots.forEach(s -> s.endpoint.client().accept(request, response));
  }

  /** The deviations of every server's client, each once. */
  /** The model of the first replica (every replica serves the same model). */
  @Override
  public String model() {
    return slots.get(0).endpoint.client().model();
  }

  @Override
  public io.clarq.core.llm.LlmCapabilities capabilities() {
    return slots.get(0).endpoint.client().capabilities();
  }

  @Override
  public java.util.List<io.clarq.core.llm.Deviation> deviations() {
    return slots.stream().flatMap(s -> s.endpoint.client().deviations().stream()).distinct().toList();
  }

  @Override
  public java.util.OptionalLong fixedSeed() {
    return slots.get(0).endpoint.client().fixedSeed();   // one spec, one set of body fields for every server
  }

  @Override
  public void close() {
    slots.forEach(s -> s.endpoint.client().close());
  }

  @Override
  public String toString() {
    return "EndpointPool" + slots.stream().map(s -> s.endpoint.name()).toList();
  }

  /** One server's routing state; guarded by the pool's lock. */
  private final class Slot {
    private final Endpoint endpoint;
    private int inFlight;
    private long calls;
    private long failures;
    private long benchings;
    private long latencyNanos;
    private int failuresInARow;
    private long benchedUntil = Long.MIN_VALUE;

    Slot(Endpoint endpoint) {
      this.endpoint = endpoint;
    }

    void release() {
      synchronized (EndpointPool.this) {
        inFlight--;
      }
    }

    void succeeded(long nanos) {
      synchronized (EndpointPool.this) {
        latencyNanos += nanos;
        failuresInARow = 0;
      }
    }

    void failed(LlmException e, Duration bench) {
      boolean serverDown = e.infrastructure();
      synchronized (EndpointPool.this) {
        failures++;
        failuresInARow = serverDown ? failuresInARow + 1 : 0;
        long now = System.nanoTime();
        if (failuresInARow >= BENCH_AFTER) {
          if (benchedUntil <= now) {
            benchings++;
          }
          benchedUntil = now + bench.toNanos();
        }
      }
    }
  }
}
