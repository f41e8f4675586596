package io.clarq.core.llm.route;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmOutageException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Stops calling a model whose servers are all down. After {@code limit} calls in a row have failed with an
 * infrastructure error ({@linkplain #infrastructure connection errors, time-outs, 5xx}, each after the client's own
 * retries and, for several servers, after every server was tried), the breaker opens: that call and every later one
 * fail at once with {@link LlmOutageException}, naming the servers and the last error. Any reply, and any error
 * that shows a server answering (a 400, a 429), starts the count again. An open breaker stays open: a run stops,
 * keeps what it finished, and a resume starts with a closed one.
 *
 * <p>The default limit, {@value #DEFAULT_LIMIT} calls, is far above what a few unlucky calls against a live server
 * give, and small enough that a run against a dead server stops within a few rounds of its dialogues in flight.
 */
public final class OutageBreaker implements io.clarq.core.llm.LlmClientDecorator {
  /** Consecutive failed calls that open the breaker, unless a spec or command sets another. */
  public static final int DEFAULT_LIMIT = 10;

  private final LlmClient delegate;
  private final String servers;
  private final int limit;
  private final AtomicInteger failures = new AtomicInteger();
  private final AtomicReference<LlmOutageException> open = new AtomicReference<>();

  /**
   * @param servers who is called, without credentials, for the message ({@code openai:gpt-4o @ http://...})
   * @param limit consecutive infrastructure failures that open the breaker; at least 1
   */
  public OutageBreaker(LlmClient delegate, String servers, int limit) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.servers = Objects.requireNonNull(servers, "servers");
    if (limit < 1) {
      throw new IllegalArgumentException("illegal outage limit " + limit + ": must be at least 1 call");
    }
    this.limit = limit;
  }

  @Override
  public LlmClient delegate() {
    return delegate;
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    LlmOutageException stopped = open.get();
    if (stopped != null) {
      throw stopped;
    }
    try {
      ChatResponse response = delegate.chat(request);
      failures.set(0);
      return response;
    } catch (LlmException e) {
      if (!infrastructure(e)) {
        failures.set(0);
        throw e;
      }
      if (failures.incrementAndGet() >= limit) {
        open.compareAndSet(null, new LlmOutageException("every server of " + servers + " failed " + limit
            + " calls in a row; last error: " + e.getMessage(), e));
        throw open.get();
      }
      throw e;
    }
  }

  /** Whether the breaker has opened. */
  public boolean isOpen() {
    return open.get() != null;
  }

  /**
   * Whether {@code e} says no server answered ({@link LlmException#infrastructure()}: a connection error, a
   * time-out, a garbled reply, a retryable 5xx; llama.cpp's context-length error sent as 500 is the request's fault,
   * not the server's), or is this breaker's own refusal.
   */
  public static boolean infrastructure(LlmException e) {
    return e instanceof LlmOutageException || e.infrastructure();
  }






  @Override
  public String toString() {
    return "OutageBreaker{" + servers + ", limit=" + limit + (isOpen() ? ", open" : "") + "}";
  }
}
