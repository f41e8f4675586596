package io.clarq.core.llm.langchain4j;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code anthropic:MODEL} scheme: Anthropic's Messages API ({@code POST {baseUrl}/messages}, key in
 * {@code x-api-key}) through LangChain4j's {@code langchain4j-anthropic}. Base URL default
 * {@code https://api.anthropic.com/v1}; key from {@code CLARQ_LLM_API_KEY} or {@code ANTHROPIC_API_KEY}. Body fields
 * ({@link LlmSpec#params()}): {@code top_k}, {@code thinking_budget_tokens} (extended thinking, its text kept as
 * reasoning) and {@code max_tokens} (sent when a request sets none; default 4096, as the API needs one).
 */
public final class AnthropicClientProvider extends LangChain4jProvider {
  @Override
  public String scheme() {
    return "anthropic";
  }

  @Override
  public String description() {
    return "Anthropic's Messages API through LangChain4j; default base URL " + ANTHROPIC_BASE_URL;
  }

  @Override
  public List<String> defaultKeyEnv() {
    return List.of("CLARQ_LLM_API_KEY", "ANTHROPIC_API_KEY");
  }

  @Override
  String artifactId() {
    return "langchain4j-anthropic";
  }

  @Override
  String modelClass() {
    return "dev.langchain4j.model.anthropic.AnthropicChatModel";
  }

  @Override
  LlmClient make(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    return LangChain4jModels.anthropic(spec, key, headers, listener);
  }
}
