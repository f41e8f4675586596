package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.output.FinishReason;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.Optional;

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
   * Why the reply ended, read from the protocol's own reply {@code body} when the dialect knows the protocol and
   * clarq's HTTP client carried the body; else LangChain4j's mapping ({@link #fromLangChain4j}).
   */
  default EndReason endReason(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
    return fromLangChain4j(reply);
  }

  /**
   * A successful reply the module could not read, read from its body when it ends in a way the reply policy refuses
   * (Gemini's {@code promptFeedback.blockReason} with no candidate, a finish reason newer than the module), so the
   * policy names it instead of the reply being retried as garbled; empty otherwise.
   */
  default Optional<ChatResponse> unread(JsonNode body, Duration latency) {
    return Optional.empty();
  }

  /** LangChain4j's own finish reason (field {@code FinishReason}); tool requests and no reason are tool calls. */
  static EndReason fromLangChain4j(dev.langchain4j.model.chat.response.ChatResponse reply) {
    FinishReason reason = reply.finishReason();
    AiMessage ai = reply.aiMessage();
    boolean tools = ai != null && ai.hasToolExecutionRequests();
    String calls = tools ? ai.toolExecutionRequests().toString() : "";
    if (reason == null) {
      return tools ? new EndReason(EndReason.Kind.TOOL_CALLS, "tool_execution_requests", "", calls)
          : EndReason.UNKNOWN;
    }
    EndReason.Kind kind = switch (reason) {
      case STOP -> EndReason.Kind.STOP;
      case LENGTH -> EndReason.Kind.LENGTH;
      case CONTENT_FILTER -> EndReason.Kind.CONTENT_FILTER;
      case TOOL_EXECUTION -> EndReason.Kind.TOOL_CALLS;
      case OTHER -> EndReason.Kind.OTHER;
    };
    return new EndReason(kind, "FinishReason", reason.name(), kind == EndReason.Kind.TOOL_CALLS ? calls : "");
  }

  /** Converts the module's usage; completion tokens include reasoning, as clarq counts them. */
  default TokenUsage usage(dev.langchain4j.model.output.TokenUsage usage) {
    if (usage == null) {
      return TokenUsage.ZERO;
    }
    return new TokenUsage(nonNegative(usage.inputTokenCount()), nonNegative(usage.outputTokenCount()), 0);
  }

  /**
   * The usage of a reply, read from the protocol's own reply {@code body} where it reports what LangChain4j's usage
   * drops (cached input tokens); else {@link #usage(dev.langchain4j.model.output.TokenUsage)}.
   */
  default TokenUsage usage(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
    return usage(reply.tokenUsage());
  }

  static long nonNegative(Integer n) {
    return n == null || n < 0 ? 0 : n;
  }

  /**
   * A model a Java user built: JSON mode is tried, the seed is not sent. Its end reason is LangChain4j's mapping,
   * except for langchain4j-anthropic's model, whose kept reply body gives Anthropic's own {@code stop_reason}
   * ({@link AnthropicReplyBody}; LangChain4j maps {@code refusal} to OTHER).
   */
  static Dialect generic(String provider) {
    return new Dialect() {
      @Override
      public String provider() {
        return provider;
      }

      @Override
      public EndReason endReason(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return AnthropicReplyBody.of(reply).filter(b -> b.has("stop_reason")).map(ProviderEndReasons::anthropic)
            .orElseGet(() -> Dialect.fromLangChain4j(reply));
      }

      /** langchain4j-anthropic's kept body gives Anthropic's cache reads and writes, which clarq adds to input. */
      @Override
      public TokenUsage usage(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return AnthropicReplyBody.of(reply).flatMap(ProviderEndReasons::anthropicUsage)
            .orElseGet(() -> usage(reply.tokenUsage()));
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
