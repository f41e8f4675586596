package io.clarq.core.llm.langchain4j;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.wire.BatchWire;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Anthropic's Messages wire for a batch: the very client a synchronous run builds for the spec (its model, body
 * fields, {@code cache_control}), over an HTTP client that sends nothing. Asked for a body, it keeps the body the
 * model would have sent; asked to read a reply, it hands the model the batch's {@code message} as the HTTP reply, so
 * the end reason, usage and reply policy are read exactly as for a synchronous call.
 *
 * <p>Package-private, next to the package-private model building it shares with the synchronous client:
 * {@link io.clarq.core.llm.batch.BatchClients} makes it by reflection, so that neither becomes API.
 */
final class AnthropicBatchWire implements BatchWire {
  private static final ThreadLocal<byte[]> SENT = new ThreadLocal<>();
  private static final ThreadLocal<byte[]> ANSWER = new ThreadLocal<>();

  private final LlmClient client;
  private final String model;

  /**
   * @param spec the {@code anthropic:} spec a synchronous run would use
   * @param key its key (the body holds none; the batch API sends it)
   */
  AnthropicBatchWire(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers) {
    LlmSpec once = spec.withSettings(spec.settings().withRetry(spec.settings().retry().withMaxAttempts(1)));
    this.client = LangChain4jModels.anthropic(once, key, headers, LlmListener.NONE, Capture.Builder::new);
    this.model = spec.model();
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public synchronized byte[] body(ChatRequest request) {
    SENT.remove();
    ANSWER.remove();
    try {
      client.chat(request);
    } catch (LlmException | RuntimeException e) {
      // expected: the capturing HTTP client answers nothing
    }
    byte[] body = SENT.get();
    SENT.remove();
    if (body == null) {
      throw new IllegalStateException("the Anthropic model built no request for " + request);
    }
    return body;
  }

  @Override
  public io.clarq.core.llm.TokenUsage usage(byte[] body) {
    return ProviderEndReasons.json(body).flatMap(ProviderEndReasons::anthropicUsage)
        .orElse(io.clarq.core.llm.TokenUsage.ZERO);
  }

  @Override
  public synchronized ChatResponse reply(ChatRequest request, byte[] body) throws LlmException {
    ANSWER.set(body);
    try {
      return client.chat(request);
    } finally {
      ANSWER.remove();
      SENT.remove();
    }
  }

  /** Keeps the body it is given; answers with the batch's message when there is one, else fails. */
  private static final class Capture implements HttpClient {
    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
      SENT.set(request.body() == null ? new byte[0] : request.body().getBytes(StandardCharsets.UTF_8));
      byte[] answer = ANSWER.get();
      if (answer == null) {
        throw new IllegalStateException("captured, not sent");
      }
      return SuccessfulHttpResponse.builder().statusCode(200)
          .headers(Map.of("content-type", List.of("application/json"))).body(answer).build();
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
      listener.onError(new IllegalStateException("a batch entry is never streamed"));
    }

    static final class Builder implements HttpClientBuilder {
      private Duration connect;
      private Duration read;

      @Override
      public Duration connectTimeout() {
        return connect;
      }

      @Override
      public HttpClientBuilder connectTimeout(Duration t) {
        this.connect = t;
        return this;
      }

      @Override
      public Duration readTimeout() {
        return read;
      }

      @Override
      public HttpClientBuilder readTimeout(Duration t) {
        this.read = t;
        return this;
      }

      @Override
      public HttpClient build() {
        return new Capture();
      }
    }
  }
}
