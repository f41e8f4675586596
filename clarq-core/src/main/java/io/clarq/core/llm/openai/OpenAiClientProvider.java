package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClientProvider;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.Optional;

/** The {@code openai} scheme: OpenAI itself, or any OpenAI-compatible server named by a base URL. */
public final class OpenAiClientProvider implements LlmClientProvider {
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
    if (spec.model().isEmpty() && spec.baseUrl().isEmpty()) {
      throw new IllegalArgumentException("LLM spec '" + spec + "' names no model: use openai:MODEL (e.g. "
          + "openai:gpt-4o), or give a base URL for a server that picks its own model");
    }
    return OpenAiClient.builder()
        .baseUrl(spec.baseUrl().orElse(OpenAiClient.OPENAI_BASE_URL))
        .model(spec.model())
        .apiKey(key)
        .settings(spec.settings())
        .listener(listener)
        .build();
  }
}
