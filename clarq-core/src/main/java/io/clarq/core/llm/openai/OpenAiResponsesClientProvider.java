package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClientProvider;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code openai-responses} scheme: OpenAI's Responses API ({@code POST {base}/responses}), for models served only
 * there ({@code openai-responses:o3-pro}), or any server that copies it. Keys, headers, body fields, retries, errors
 * and replica pools are the {@code openai} scheme's; what the request and reply look like is {@code ResponsesWire}.
 */
public final class OpenAiResponsesClientProvider implements LlmClientProvider {
  @Override
  public String scheme() {
    return "openai-responses";
  }

  @Override
  public String description() {
    return "OpenAI's Responses API, for models served only there (o3-pro, gpt-5-pro); default base URL "
        + OpenAiClient.OPENAI_BASE_URL;
  }

  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, LlmListener listener) {
    return create(spec, key, Map.of(), listener);
  }

  /** Sends {@code headers} with every request, to every server of the spec; their values are never printed. */
  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    if (spec.model().isEmpty()) {
      throw new IllegalArgumentException("LLM spec '" + spec + "' names no model: use openai-responses:MODEL (e.g."
          + " openai-responses:o3-pro); the Responses API needs one");
    }
    return OpenAiClientProvider.create(spec, key, headers, listener, OpenAiApi.RESPONSES);
  }
}
