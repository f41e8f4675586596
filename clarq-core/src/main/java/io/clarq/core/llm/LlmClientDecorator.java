package io.clarq.core.llm;

import java.util.List;

/**
 * A client that wraps another (a cache, a meter, a breaker) and passes on, unless it says otherwise, what it does not
 * change: {@link #accept}, the {@link #model()}, the {@link #capabilities()}, the {@link #deviations()} and
 * {@link #close()}. A decorator that forgot one would hide its delegate's model or drop its deviations.
 */
public interface LlmClientDecorator extends LlmClient {
  /** The client this one wraps. */
  LlmClient delegate();

  @Override
  default void accept(ChatRequest request, ChatResponse response) {
    delegate().accept(request, response);
  }

  @Override
  default String model() {
    return delegate().model();
  }

  @Override
  default LlmCapabilities capabilities() {
    return delegate().capabilities();
  }

  @Override
  default List<Deviation> deviations() {
    return delegate().deviations();
  }

  @Override
  default java.util.OptionalLong fixedSeed() {
    return delegate().fixedSeed();
  }

  @Override
  default void close() {
    delegate().close();
  }
}
