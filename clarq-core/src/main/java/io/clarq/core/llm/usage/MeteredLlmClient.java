package io.clarq.core.llm.usage;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import java.time.Duration;
import java.util.Objects;

/**
 * Reports a client's replies and failures to a listener, for clients that report nothing themselves (a scripted or
 * a researcher's own client). The OpenAI client reports its own calls; wrapping it as well would count them twice.
 */
public final class MeteredLlmClient implements io.clarq.core.llm.LlmClientDecorator {
  private final LlmClient delegate;
  private final LlmListener listener;

  public MeteredLlmClient(LlmClient delegate, LlmListener listener) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  @Override
  public LlmClient delegate() {
    return delegate;
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    long start = System.nanoTime();
    ChatResponse response;
    try {
      response = delegate.chat(request);
    } catch (LlmException e) {
      listener.onFailure(request, e, Duration.ofNanos(System.nanoTime() - start));
      throw e;
    }
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    // a client that measures nothing reports zero latency; the wall time seen here is the better figure then
    listener.onResponse(request, response.latency().isZero()
        ? response.withLatency(took) : response);
    return response;
  }





}
