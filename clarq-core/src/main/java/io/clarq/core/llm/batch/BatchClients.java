package io.clarq.core.llm.batch;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.llm.wire.OpenAiBatchWire;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Batch clients made from a spec: {@code openai:} (OpenAI's Batch API) and {@code anthropic:} (Message Batches). */
public final class BatchClients {
  private BatchClients() {}

  /**
   * A builder of a batch client for {@code spec}, its key and headers read from {@code environment} as the
   * synchronous client reads them, its state kept in {@code stateFile}.
   *
   * @throws IllegalArgumentException for a scheme with no batch API, a spec with several base URLs, or no key
   */
  public static BatchClient.Builder forSpec(LlmSpec spec, Function<String, String> environment, Path stateFile) {
    if (spec.baseUrls().size() > 1) {
      throw new IllegalArgumentException(spec + ": a batch goes to one server, not to replicas");
    }
    Optional<ApiKey> key = ApiKey.fromEnvironment(LlmClients.keyEnv(spec), environment);
    String secret = key.map(ApiKey::value).orElse("");
    Map<String, String> headers = spec.headerValues(environment);
    return switch (spec.scheme()) {
      case "openai" -> {
        URI base = spec.baseUrl().orElse(OpenAiClient.OPENAI_BASE_URL);
        OpenAiClient bodies = OpenAiClient.builder().baseUrl(base).model(spec.model()).apiKey(key).headers(headers)
            .params(spec.paramValues()).settings(spec.settings()).listener(LlmListener.NONE).build();
        yield BatchClient.builder(new OpenAiBatchApi(base, secret, spec.settings().timeout()),
            new OpenAiBatchWire(bodies), stateFile);
      }
      case "anthropic" -> {
        if (key.isEmpty()) {
          throw new IllegalArgumentException("no API key for " + spec.identity() + ": set "
              + String.join(" or ", LlmClients.keyEnv(spec)));
        }
        URI base = spec.baseUrl().orElse(io.clarq.core.llm.langchain4j.AnthropicBatchWire.defaultBaseUrl());
        yield BatchClient.builder(new AnthropicBatchApi(base, secret, spec.settings().timeout()),
            new io.clarq.core.llm.langchain4j.AnthropicBatchWire(spec, key, headers), stateFile);
      }
      default -> throw new IllegalArgumentException(spec + ": scheme " + spec.scheme() + " has no batch API here;"
          + " batches go to openai: (OpenAI's Batch API) or anthropic: (Message Batches)");
    };
  }
}
