package io.clarq.core.llm.langchain4j;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClientProvider;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scheme served by a LangChain4j provider module. ServiceLoader makes every registered provider, LangChain4j or
 * not, so this class and its subclasses name no LangChain4j type: they reach {@link LangChain4jModels} only in
 * {@link #create}, after checking that the module is on the class path.
 */
abstract class LangChain4jProvider implements LlmClientProvider {
  /** The LangChain4j release clarq is built and tested with. */
  static final String LANGCHAIN4J_VERSION = "1.18.0";
  static final String ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";
  static final String GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
  static final String OLLAMA_BASE_URL = "http://localhost:11434";

  /** The provider module's Maven artifact, e.g. {@code langchain4j-anthropic}. */
  abstract String artifactId();

  /** A class of the provider module, to check that it is there. */
  abstract String modelClass();

  /** Makes the client; called only once LangChain4j is known to be on the class path. */
  abstract LlmClient make(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener);

  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, LlmListener listener) {
    return create(spec, key, Map.of(), listener);
  }

  /** Headers are sent with every request (the modules' {@code customHeaders}). */
  @Override
  public LlmClient create(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    if (spec.model().isEmpty()) {
      throw new IllegalArgumentException("LLM spec '" + spec + "' names no model: use " + scheme() + ":MODEL");
    }
    requireModule();
    return make(spec, key, headers, listener);
  }

  /** The Maven coordinates to add for this scheme. */
  String coordinates() {
    return "dev.langchain4j:" + artifactId() + ":" + LANGCHAIN4J_VERSION;
  }

  private void requireModule() {
    ClassLoader loader = getClass().getClassLoader();
    for (String name : List.of("dev.langchain4j.model.chat.ChatModel", modelClass())) {
      try {
        Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalArgumentException("the " + scheme() + ": scheme needs LangChain4j, which is not on the class"
            + " path (" + name + " is missing): add the Maven dependency " + coordinates() + " (it brings"
            + " langchain4j-core), or use the clarq command, which bundles it", e);
      }
    }
  }
}
