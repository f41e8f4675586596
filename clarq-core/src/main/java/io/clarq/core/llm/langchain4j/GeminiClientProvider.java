package io.clarq.core.llm.langchain4j;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code gemini:MODEL} scheme: the Gemini API ({@code POST {baseUrl}/models/MODEL:generateContent}, key in
 * {@code x-goog-api-key}) through LangChain4j's {@code langchain4j-google-ai-gemini}. Base URL default
 * {@code https://generativelanguage.googleapis.com/v1beta}; key from {@code CLARQ_LLM_API_KEY},
 * {@code GEMINI_API_KEY} or {@code GOOGLE_API_KEY}. Body fields ({@link LlmSpec#params()}): {@code top_k} and
 * {@code thinking_budget} (thoughts kept as reasoning).
 */
public final class GeminiClientProvider extends LangChain4jProvider {
  @Override
  public String scheme() {
    return "gemini";
  }

  @Override
  public String description() {
    return "Google's Gemini API through LangChain4j; default base URL " + GEMINI_BASE_URL;
  }

  @Override
  public List<String> defaultKeyEnv() {
    return List.of("CLARQ_LLM_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY");
  }

  @Override
  String artifactId() {
    return "langchain4j-google-ai-gemini";
  }

  @Override
  String modelClass() {
    return "dev.langchain4j.model.googleai.GoogleAiGeminiChatModel";
  }

  @Override
  LlmClient make(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    return LangChain4jModels.gemini(spec, key, headers, listener);
  }
}
