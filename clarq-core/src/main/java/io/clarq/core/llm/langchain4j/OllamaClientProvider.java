package io.clarq.core.llm.langchain4j;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code ollama:MODEL} scheme: Ollama's native API ({@code POST {baseUrl}/api/chat}, not streamed) through
 * LangChain4j's {@code langchain4j-ollama}. Base URL default {@code http://localhost:11434}; no key (one given with
 * the spec's own key variables goes as {@code Authorization: Bearer}). Body fields ({@link LlmSpec#params()}) go
 * into {@code options}: {@code num_ctx} (the context window: Ollama cuts a longer prompt silently, so set it, e.g.
 * {@code num_ctx=8192}), {@code top_k}, {@code repeat_penalty}, {@code min_p}; and {@code think} (true/false).
 * The seed is sent.
 */
public final class OllamaClientProvider extends LangChain4jProvider {
  @Override
  public String scheme() {
    return "ollama";
  }

  @Override
  public String description() {
    return "Ollama's native API through LangChain4j; default base URL " + OLLAMA_BASE_URL;
  }

  @Override
  public List<String> defaultKeyEnv() {
    return List.of();
  }

  /** A local server: never refused for want of a key. */
  @Override
  public boolean needsKey(LlmSpec spec) {
    return false;
  }

  @Override
  String artifactId() {
    return "langchain4j-ollama";
  }

  @Override
  String modelClass() {
    return "dev.langchain4j.model.ollama.OllamaChatModel";
  }

  @Override
  LlmClient make(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    return LangChain4jModels.ollama(spec, key, headers, listener);
  }
}
