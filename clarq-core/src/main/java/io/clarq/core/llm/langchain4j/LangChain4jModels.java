package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicChatRequestParameters;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.googleai.GeminiThinkingConfig;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.langchain4j.model.googleai.GoogleAiGeminiTokenUsage;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.ollama.OllamaChatRequestParameters;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.Redactor;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.route.EndpointPool;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Builds the LangChain4j chat models of the three schemes from a spec; loaded only when LangChain4j is there. */
final class LangChain4jModels {
  /** Sent as Anthropic's required {@code max_tokens} when a request sets none. */
  static final int ANTHROPIC_MAX_TOKENS = 4096;
  /** How long a replica that keeps failing gets no calls, when a spec names several base URLs. */
  static final Duration BENCH = Duration.ofSeconds(30);

  private LangChain4jModels() {}

  static LlmClient anthropic(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    return anthropic(spec, key, headers, listener, ClarqHttpClient.Builder::new);
  }

  /** An Anthropic client whose model speaks HTTP through {@code http} (a batch's body capture, {@link AnthropicBatchWire}). */
  static LlmClient anthropic(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener,
      java.util.function.Supplier<dev.langchain4j.http.client.HttpClientBuilder> http) {
    Map<String, JsonNode> params = params(spec, Set.of("top_k", "thinking_budget_tokens", "max_tokens",
        "cache_control"));
    String apiKey = requireKey(spec, key);
    boolean cache = cacheControl(spec, params);
    Dialect dialect = new Dialect() {
      @Override
      public String provider() {
        return "Anthropic";
      }

      /** The cache_control breakpoint rides on each request's parameters, which the model's defaults do not reach. */
      @Override
      public DefaultChatRequestParameters.Builder<?> parameters(ChatRequest request) {
        return cache ? AnthropicChatRequestParameters.builder().cacheSystemMessages(true)
            : ChatRequestParameters.builder();
      }

      @Override
      public boolean sendsSeed() {
        return false;
      }

      @Override
      public Json json() {
        return Json.NONE;
      }

      /**
       * Anthropic's {@code stop_reason} (https://docs.anthropic.com/en/api/handling-stop-reasons), which the module
       * maps coarsely ({@code refusal} to OTHER): read from the body clarq's HTTP client carried, else from the raw
       * response the module keeps in its metadata.
       */
      @Override
      public EndReason endReason(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        Optional<JsonNode> raw = body.or(() -> reply.metadata() instanceof AnthropicChatResponseMetadata m
            && m.rawHttpResponse() != null && m.rawHttpResponse().body() != null
            ? ProviderEndReasons.json(m.rawHttpResponse().body().getBytes(java.nio.charset.StandardCharsets.UTF_8))
            : Optional.empty());
        return raw.map(ProviderEndReasons::anthropic).filter(e -> e.kind() != EndReason.Kind.UNKNOWN)
            .orElseGet(() -> Dialect.fromLangChain4j(reply));
      }

      /** Anthropic's cache reads and writes, which its {@code input_tokens} leaves out and clarq counts as input. */
      @Override
      public TokenUsage usage(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return body.or(() -> AnthropicReplyBody.of(reply)).flatMap(ProviderEndReasons::anthropicUsage)
            .orElseGet(() -> usage(reply.tokenUsage()));
      }
    };
    return build(spec, Redactor.of(key, headers.values()), listener, dialect, params, url -> {
      AnthropicChatModel.AnthropicChatModelBuilder b = AnthropicChatModel.builder()
          .httpClientBuilder(http.get())
          .baseUrl(url).apiKey(apiKey).modelName(spec.model())
          .timeout(spec.settings().timeout()).maxRetries(0)
          .maxTokens(params.containsKey("max_tokens") ? integer(spec, "max_tokens", params) : ANTHROPIC_MAX_TOKENS)
          .returnThinking(true);
      if (params.containsKey("top_k")) {
        b.topK(integer(spec, "top_k", params));
      }
      if (cache) {
        b.cacheSystemMessages(true);
      }
      if (params.containsKey("thinking_budget_tokens")) {
        b.thinkingType("enabled").thinkingBudgetTokens(integer(spec, "thinking_budget_tokens", params));
      }
      if (!headers.isEmpty()) {
        b.customHeaders(headers);
      }
      return b.build();
    }, LangChain4jProvider.ANTHROPIC_BASE_URL);
  }

  /**
   * Opt-in prompt caching (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching): body field
   * {@code cache_control=true} puts a {@code cache_control} breakpoint on the system prompt, the stable prefix of every
   * agent's prompt; recorded as a deviation like every body field the user sets.
   */
  private static boolean cacheControl(LlmSpec spec, Map<String, JsonNode> params) {
    JsonNode v = params.get("cache_control");
    if (v != null && !v.isBoolean()) {
      throw new IllegalArgumentException("illegal value for body field cache_control in " + spec + ": " + v
          + " (give true to put a cache_control breakpoint after the system prompt)");
    }
    return v != null && v.asBoolean();
  }

  static LlmClient gemini(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    Map<String, JsonNode> params = params(spec, Set.of("top_k", "thinking_budget"));
    String apiKey = requireKey(spec, key);
    Dialect dialect = new Dialect() {
      @Override
      public String provider() {
        return "Gemini";
      }

      @Override
      public boolean sendsSeed() {
        return false;
      }

      @Override
      public Json json() {
        return Json.SEND;
      }

      /** The candidate's {@code finishReason} and safety ratings, which the module maps coarsely or drops. */
      @Override
      public EndReason endReason(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return body.map(ProviderEndReasons::gemini).filter(e -> e.kind() != EndReason.Kind.UNKNOWN)
            .orElseGet(() -> Dialect.fromLangChain4j(reply));
      }

      /** A prompt blocked before any candidate, or a finish reason newer than the module: named, not garbled. */
      @Override
      public Optional<io.clarq.core.llm.ChatResponse> unread(JsonNode body, Duration latency) {
        return ProviderEndReasons.geminiUnread(body, latency);
      }

      /** Gemini's own usage, with its cached content tokens, when clarq's HTTP client carried the body. */
      @Override
      public TokenUsage usage(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return body.filter(b -> b.path("usageMetadata").isObject()).map(ProviderEndReasons::geminiUsage)
            .orElseGet(() -> usage(reply.tokenUsage()));
      }

      /** Gemini counts thoughts apart from the candidates; clarq's completion tokens include them. */
      @Override
      public TokenUsage usage(dev.langchain4j.model.output.TokenUsage usage) {
        TokenUsage base = Dialect.super.usage(usage);
        if (usage instanceof GoogleAiGeminiTokenUsage g && g.thoughtsTokenCount() != null) {
          long thoughts = Dialect.nonNegative(g.thoughtsTokenCount());
          return new TokenUsage(base.promptTokens(), base.completionTokens() + thoughts, thoughts);
        }
        return base;
      }
    };
    return build(spec, Redactor.of(key, headers.values()), listener, dialect, params, url -> {
      GoogleAiGeminiChatModel.GoogleAiGeminiChatModelBuilder b = GoogleAiGeminiChatModel.builder()
          .httpClientBuilder(new ClarqHttpClient.Builder())
          .baseUrl(url).apiKey(apiKey).modelName(spec.model())
          .timeout(spec.settings().timeout()).maxRetries(0).returnThinking(true);
      if (params.containsKey("top_k")) {
        b.topK(integer(spec, "top_k", params));
      }
      if (params.containsKey("thinking_budget")) {
        b.thinkingConfig(GeminiThinkingConfig.builder().thinkingBudget(integer(spec, "thinking_budget", params))
            .includeThoughts(true).build());
      }
      if (!headers.isEmpty()) {
        b.customHeaders(headers);
      }
      return b.build();
    }, LangChain4jProvider.GEMINI_BASE_URL);
  }

  static LlmClient ollama(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    Map<String, JsonNode> params = params(spec, Set.of("num_ctx", "top_k", "repeat_penalty", "min_p", "think"));
    Map<String, String> allHeaders = new HashMap<>(headers);
    key.ifPresent(k -> allHeaders.putIfAbsent("Authorization", "Bearer " + k.value()));
    Dialect dialect = new Dialect() {
      @Override
      public String provider() {
        return "Ollama";
      }

      @Override
      public boolean sendsSeed() {
        return true;
      }

      @Override
      public Json json() {
        return Json.SEND;
      }

      /** Ollama's {@code done_reason}, read from the reply. */
      @Override
      public EndReason endReason(dev.langchain4j.model.chat.response.ChatResponse reply, Optional<JsonNode> body) {
        return body.map(ProviderEndReasons::ollama).filter(e -> e.kind() != EndReason.Kind.UNKNOWN)
            .orElseGet(() -> Dialect.fromLangChain4j(reply));
      }

      @Override
      public DefaultChatRequestParameters.Builder<?> parameters(ChatRequest request) {
        OllamaChatRequestParameters.Builder b = OllamaChatRequestParameters.builder();
        // Ollama's seed is a Go int; clarq's seeds are small, a larger one is sent as its low 32 bits' value
        request.seed().ifPresent(s -> b.seed((int) (long) s));
        return b;
      }
    };
    return build(spec, Redactor.of(key, allHeaders.values()), listener, dialect, params, url -> {
      OllamaChatModel.OllamaChatModelBuilder b = OllamaChatModel.builder()
          .httpClientBuilder(new ClarqHttpClient.Builder())
          .baseUrl(url).modelName(spec.model())
          .timeout(spec.settings().timeout()).maxRetries(0).returnThinking(true);
      if (params.containsKey("num_ctx")) {
        b.numCtx(integer(spec, "num_ctx", params));
      }
      if (params.containsKey("top_k")) {
        b.topK(integer(spec, "top_k", params));
      }
      if (params.containsKey("repeat_penalty")) {
        b.repeatPenalty(number(spec, "repeat_penalty", params));
      }
      if (params.containsKey("min_p")) {
        b.minP(number(spec, "min_p", params));
      }
      if (params.containsKey("think")) {
        JsonNode v = params.get("think");
        if (!v.isBoolean()) {
          throw new IllegalArgumentException("illegal value for body field think in " + spec + ": " + v
              + " (give true or false)");
        }
        b.think(v.asBoolean());
      }
      if (!allHeaders.isEmpty()) {
        b.customHeaders(allHeaders);
      }
      return b.build();
    }, LangChain4jProvider.OLLAMA_BASE_URL);
  }

  /** One client per base URL; several are replicas behind an {@link EndpointPool}, as for the openai scheme. */
  private static LlmClient build(LlmSpec spec, Redactor key, LlmListener listener, Dialect dialect,
      Map<String, JsonNode> params, Function<String, ChatModel> model, String defaultBaseUrl) {
    List<Deviation> standing = new ArrayList<>();
    params.forEach((name, value) -> standing.add(new Deviation(spec.identity(), name + " set to " + value,
        "a body field set by the user")));
    LlmSettings settings = spec.settings();
    if (spec.baseUrls().size() <= 1) {
      String url = spec.baseUrl().map(LangChain4jModels::trimmed).orElse(defaultBaseUrl);
      return new LangChain4jClient(model.apply(url), spec.identity(), dialect, key, settings, listener, standing);
    }
    // replicas: one attempt per server client, the pool retries across servers and reports whole calls; each
    // server client still reports its deviations
    LlmListener deviationsOnly = new LlmListener() {
      @Override
      public void onDeviation(Deviation deviation) {
        listener.onDeviation(deviation);
      }
    };
    List<EndpointPool.Endpoint> endpoints = new ArrayList<>();
    for (URI url : spec.baseUrls()) {
      endpoints.add(new EndpointPool.Endpoint(LlmSpec.withoutCredentials(url), new LangChain4jClient(
          model.apply(trimmed(url)), spec.identity(), dialect, key,
          settings.withRetry(settings.retry().withMaxAttempts(1)), deviationsOnly, standing)));
    }
    return new EndpointPool(endpoints, settings.retry(), BENCH, listener,
        d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000));
  }

  private static String trimmed(URI url) {
    return url.toString().replaceAll("/+$", "");
  }

  private static String requireKey(LlmSpec spec, Optional<ApiKey> key) {
    return key.map(ApiKey::value).orElseThrow(() -> new IllegalArgumentException("no API key for "
        + spec.identity() + ": set " + String.join(" or ", LlmClients.keyEnv(spec))));
  }

  private static Map<String, JsonNode> params(LlmSpec spec, Set<String> known) {
    Map<String, JsonNode> values = spec.paramValues();
    for (Map.Entry<String, JsonNode> e : values.entrySet()) {
      if (!known.contains(e.getKey())) {
        throw new IllegalArgumentException("body field " + e.getKey() + " is not known to the " + spec.scheme()
            + " scheme (" + spec + "); it takes " + String.join(", ", known.stream().sorted().toList()));
      }
      if (e.getValue().isNull()) {
        throw new IllegalArgumentException("body field " + e.getKey() + "=null in " + spec + ": the "
            + spec.scheme() + " scheme sends only what clarq asks for, there is nothing to drop");
      }
    }
    return values;
  }

  private static int integer(LlmSpec spec, String name, Map<String, JsonNode> params) {
    JsonNode v = params.get(name);
    if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() <= 0) {
      throw new IllegalArgumentException("illegal value for body field " + name + " in " + spec + ": " + v
          + " (give a positive whole number, e.g. " + name + "=8192)");
    }
    return v.asInt();
  }

  private static double number(LlmSpec spec, String name, Map<String, JsonNode> params) {
    JsonNode v = params.get(name);
    if (!v.isNumber()) {
      throw new IllegalArgumentException("illegal value for body field " + name + " in " + spec + ": " + v
          + " (give a number)");
    }
    return v.asDouble();
  }
}
