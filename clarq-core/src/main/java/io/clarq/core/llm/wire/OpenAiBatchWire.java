package io.clarq.core.llm.wire;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.openai.OpenAiClient;
import java.time.Duration;
import java.util.Objects;

/**
 * The chat completions wire: bodies from the {@link OpenAiClient} a synchronous run would use (its model, body fields
 * and adaptations), replies read by {@link OpenAiWire#parseReply}.
 */
public final class OpenAiBatchWire implements BatchWire {
  private final OpenAiClient client;

  /** A wire whose bodies are the ones {@code client} would send. */
  public OpenAiBatchWire(OpenAiClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public String model() {
    return client.model();
  }

  @Override
  public byte[] body(ChatRequest request) {
    return client.requestBody(request);
  }

  @Override
  public io.clarq.core.llm.TokenUsage usage(byte[] body) {
    try {
      return OpenAiWire.parseReply(body, Duration.ZERO).usage();
    } catch (RuntimeException e) {
      return io.clarq.core.llm.TokenUsage.ZERO;
    }
  }

  @Override
  public ChatResponse reply(ChatRequest request, byte[] body) throws LlmException {
    try {
      return OpenAiWire.parseReply(body, Duration.ZERO);
    } catch (RuntimeException e) {
      throw new LlmException("a batch reply of " + client.model() + " that cannot be read: " + e.getMessage(), e);
    }
  }
}
