package io.clarq.core.llm;

import java.util.List;
import java.util.Objects;

/**
 * A view of a client with a model and capabilities of its own ({@link LlmClient#withModel},
 * {@link LlmClient#withCapabilities}): a request that names no model is sent for the bound one; everything else goes
 * to the client it was made from, which keeps its connections and its response cache. Closing the view closes
 * nothing: close the client it was made from.
 */
final class BoundLlmClient implements LlmClient {
  private final LlmClient delegate;
  private final String model;
  private final LlmCapabilities capabilities;

  private BoundLlmClient(LlmClient delegate, String model, LlmCapabilities capabilities) {
    this.delegate = delegate;
    this.model = model;
    this.capabilities = capabilities;
  }

  static LlmClient bind(LlmClient client, String model, LlmCapabilities capabilities) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(capabilities, "capabilities");
    if (!model.equals(model.strip())) {
      throw new IllegalArgumentException("illegal model name '" + model + "': leading or trailing whitespace");
    }
    LlmClient base = client instanceof BoundLlmClient b ? b.delegate : client;
    return new BoundLlmClient(base, model, capabilities);
  }

  private ChatRequest named(ChatRequest request) {
    return request.model().isEmpty() && !model.isEmpty() ? request.toBuilder().model(model).build() : request;
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    return delegate.chat(named(request));
  }

  @Override
  public void accept(ChatRequest request, ChatResponse response) {
    delegate.accept(named(request), response);
  }

  @Override
  public List<Deviation> deviations() {
    return delegate.deviations();
  }

  @Override
  public java.util.OptionalLong fixedSeed() {
    return delegate.fixedSeed();
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public LlmCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public String toString() {
    return delegate + " as " + (model.isEmpty() ? "(server default)" : model) + " [" + capabilities + "]";
  }
}
