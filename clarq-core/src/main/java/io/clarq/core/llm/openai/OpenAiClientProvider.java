package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClientProvider;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.route.EndpointPool;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code openai} scheme: OpenAI itself, or any OpenAI-compatible server named by a base URL; several base URLs
 * (replicas of one model) give an {@link EndpointPool} over them.
 */
public final class OpenAiClientProvider implements LlmClientProvider {
  /** How long a replica that keeps failing gets no calls, when a spec names several base URLs. */
  public static final Duration BENCH = Duration.ofSeconds(30);

  @Override
  public String scheme() {
    return "openai";
  }

  @Override
  public String description() {
    return "OpenAI or any OpenAI-compatible server; default base URL " + OpenAiClient.OPENAI_BASE_URL;
  }

  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, LlmListener listener) {
    return create(spec, key, Map.of(), listener);
  }

  /** Sends {@code headers} with every request, to every server of the spec; their values are never printed. */
  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    if (spec.model().isEmpty() && spec.baseUrl().isEmpty()) {
      throw new IllegalArgumentException("LLM spec '" + spec + "' names no model: use openai:MODEL (e.g. "
          + "openai:gpt-4o), or give a base URL for a server that picks its own model");
    }
    return create(spec, key, headers, listener, OpenAiApi.CHAT_COMPLETIONS);
  }

  /** A client of {@code api}: one server, or a pool over the spec's replicas. */
  static LlmClient create(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener,
      OpenAiApi api) {
    if (spec.baseUrls().size() <= 1) {
      return OpenAiClient.builder()
          .api(api)
          .baseUrl(spec.baseUrl().orElse(OpenAiClient.OPENAI_BASE_URL))
          .model(spec.model())
          .apiKey(key)
          .headers(headers)
          .params(spec.paramValues())
          .settings(spec.settings())
          .listener(listener)
          .build();
    }
    // replicas: one attempt per server client, the pool retries across servers and reports whole calls; each
    // server adapts on its own and reports its deviations
    LlmListener deviations = new LlmListener() {
      @Override
      public void onDeviation(Deviation deviation) {
        listener.onDeviation(deviation);
      }
    };
    List<EndpointPool.Endpoint> endpoints = new ArrayList<>();
    for (URI url : spec.baseUrls()) {
      endpoints.add(new EndpointPool.Endpoint(LlmSpec.withoutCredentials(url), OpenAiClient.builder()
          .api(api)
          .baseUrl(url)
          .model(spec.model())
          .apiKey(key)
          .headers(headers)
          .params(spec.paramValues())
          .settings(spec.settings().withRetry(spec.settings().retry().withMaxAttempts(1)))
          .listener(deviations)
          .build()));
    }
    return new EndpointPool(endpoints, spec.settings().retry(), BENCH, listener,
        d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000));
  }
}
