package io.clarq.core.llm.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.TokenUsage;

/**
 * What one LangChain4j provider module can send per request, beyond the parameters every {@code ChatModel} takes
 * (messages, temperature, top_p, max tokens, stop): the seed, JSON mode, and the module's own typed parameters.
 * Whatever a request asks for that its dialect cannot send becomes a recorded deviation.
 */
interface Dialect {
  /** How a dialect handles a request for JSON output. */
  enum Json {
    /** Sent as LangChain4j's {@code ResponseFormat.JSON}. */
    SEND,
    /** Not sent: the provider has no schemaless JSON mode. */
    NONE,
    /** Sent; if the model refuses it before sending ({@code UnsupportedFeatureException}), sent without. */
    TRY
  }

  /** The provider's name for messages: "Anthropic", "Gemini", "Ollama", or the model's own provider. */
  String provider();

  /** Whether a request's seed reaches the server. */
  boolean sendsSeed();

  Json json();

  /** The parameters builder for {@code request}: the module's typed one when it has per-request extras. */
  default DefaultChatRequestParameters.Builder<?> parameters(ChatRequest request) {
    return ChatRequestParameters.builder();
  }

  /**
   * The finish reason in OpenAI's words, given LangChain4j's mapping of it ({@code mapped}); a dialect whose module
   * maps a reason the reply policy needs to {@code OTHER} reads it back from the reply.
   */
  default String finishReason(dev.langchain4j.model.chat.response.ChatResponse reply, String mapped) {
    return mapped;
  }

  /** Converts the module's usage; completion tokens include reasoning, as clarq counts them. */
  default TokenUsage usage(dev.langchain4j.model.output.TokenUsage usage) {
    if (usage == null) {
      return TokenUsage.ZERO;
    }
    return new TokenUsage(nonNegative(usage.inputTokenCount()), nonNegative(usage.outputTokenCount()), 0);
  }

  static long nonNegative(Integer n) {
    return n == null || n < 0 ? 0 : n;
  }

  /** A model a Java user built: JSON mode is tried, the seed is not sent. */
  static Dialect generic(String provider) {
    return new Dialect() {
      @Override
      public String provider() {
        return provider;
      }

      @Override
      public boolean sendsSeed() {
        return false;
      }

      @Override
      public Json json() {
        return Json.TRY;
      }
    };
  }
}
