package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmOutageException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.Wire;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each scheme against a loopback server answering in its vendor's protocol (bodies as {@link ProviderWires} cites):
 * what reaches the wire, what comes back (reasoning apart, finish reasons in OpenAI's words, usage), each error
 * class, and the deviations recorded for what the provider cannot take.
 */
class LangChain4jSchemesTest {
  private static final String KEY = "sk-scheme-test-4b1d9e0cSECRET";
  private final List<Deviation> deviations = new CopyOnWriteArrayList<>();
  private final List<String> retries = new CopyOnWriteArrayList<>();
  private final LlmListener listener = new LlmListener() {
    @Override
    public void onDeviation(Deviation deviation) {
      deviations.add(deviation);
    }

    @Override
    public void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {
      retries.add(failure + " / wait " + delay);
    }
  };
  private FakeOpenAiServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private LlmClient client(Wire wire, String spec, Map<String, String> params) {
    server = FakeOpenAiServer.start(wire, r -> FakeReply.text("echo: " + r.lastUserMessage()).withUsage(7, 2));
    LlmSpec s = LlmSpec.parse(spec).withBaseUrl(server.baseUrl()).withParams(params)
        .withSettings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(5)).withRetry(
            RetryPolicy.DEFAULT.withMaxAttempts(3).withBackoff(Duration.ZERO, Duration.ZERO)
                .withMaxRetryAfter(Duration.ofSeconds(2)))
            // a rate limit that keeps refusing for 1.5 s stops the calls (as the outage breaker does)
            .withRateLimitPatience(Duration.ofMillis(1500)));
    return LlmClients.fromSpec(s, name -> name.equals(LlmClients.keyEnv(s).get(LlmClients.keyEnv(s).size() - 1))
        ? KEY : null, listener);
  }

  private static ChatRequest.Builder ask() {
    return ChatRequest.builder().system("Be brief.").user("where?").temperature(0.0).topP(0.9).maxTokens(64)
        .stop(List.of("END"));
  }

  private JsonNode body() {
    return server.requests().get(server.requests().size() - 1).json();
  }

  @Test
  void testAnthropicSendsItsHeadersAndFieldsAndRecordsWhatItCannotSend() throws Exception {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    ChatResponse r = client.chat(ask().seed(42L).responseFormat(ResponseFormat.JSON_OBJECT).build());
    client.chat(ask().seed(42L).responseFormat(ResponseFormat.JSON_OBJECT).build());
    assertThat(r.text()).isEqualTo("echo: where?");
    assertThat(r.finishReason()).isEqualTo("stop");
    assertThat(r.usage()).isEqualTo(new TokenUsage(7, 2));
    var request = server.requests().get(0);
    assertThat(request.header("x-api-key")).contains(KEY);
    assertThat(request.header("anthropic-version")).isPresent();
    JsonNode b = body();
    assertThat(b.path("model").asText()).isEqualTo("claude-test");
    assertThat(b.path("temperature").asDouble()).isEqualTo(0.0);
    assertThat(b.path("top_p").asDouble()).isEqualTo(0.9);
    assertThat(b.path("max_tokens").asInt()).isEqualTo(64);
    assertThat(b.path("stop_sequences").get(0).asText()).isEqualTo("END");
    assertThat(b.has("seed")).isFalse();
    // once per client, however many calls
    assertThat(deviations).extracting(Deviation::name).containsExactlyInAnyOrder("seed not sent",
        "JSON mode not sent");
    assertThat(deviations.get(0).model()).startsWith("anthropic:claude-test @ http://127.0.0.1:");
  }

  @Test
  void testAnthropicMaxTokensDefaultThinkingAndTruncation() throws Exception {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test",
        Map.of("thinking_budget_tokens", "2048"));
    // https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking: a thinking block before the text
    server.enqueue(FakeReply.rawBody("{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":"
        + "\"claude-test\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"They want a place.\",\"signature\":"
        + "\"sig\"},{\"type\":\"text\",\"text\":\"The kitchen\"}],\"stop_reason\":\"max_tokens\","
        + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":20,\"output_tokens\":64}}"));
    // the request set no max_tokens: clarq's default cut it, so the reply policy keeps the cut text unspoken
    LlmUnusableReplyException e = catchThrowableOfType(LlmUnusableReplyException.class,
        () -> client.chat(ChatRequest.builder().user("where?").build()));
    assertThat(e.reason()).isEqualTo(LlmUnusableReplyException.Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("The kitchen");
    ChatResponse r = e.response().orElseThrow();
    assertThat(r.reasoning()).isEqualTo("They want a place.");
    assertThat(r.endReason()).isEqualTo(EndReason.anthropic("max_tokens"));
    assertThat(r.finishReason()).isEqualTo("length");
    JsonNode b = body();
    assertThat(b.path("max_tokens").asInt()).isEqualTo(LangChain4jModels.ANTHROPIC_MAX_TOKENS);
    assertThat(b.path("thinking").path("budget_tokens").asInt()).isEqualTo(2048);
    assertThat(deviations).extracting(Deviation::name).containsExactly("thinking_budget_tokens set to 2048");
  }

  @Test
  void testAnthropicRefusalIsAnUnusableRefusal() {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    // https://docs.anthropic.com/en/api/handling-stop-reasons: stop_reason "refusal"
    server.enqueue(FakeReply.rawBody("{\"id\":\"msg_2\",\"type\":\"message\",\"role\":\"assistant\",\"model\":"
        + "\"claude-test\",\"content\":[{\"type\":\"text\",\"text\":\"I can't help with that.\"}],"
        + "\"stop_reason\":\"refusal\",\"stop_sequence\":null,\"usage\":{\"input_tokens\":5,\"output_tokens\":6}}"));
    LlmUnusableReplyException e = catchThrowableOfType(LlmUnusableReplyException.class,
        () -> client.chat(ask().build()));
    assertThat(e.reason()).isEqualTo(LlmUnusableReplyException.Reason.REFUSAL);
    assertThat(e.raw()).isEqualTo("I can't help with that.");
    assertThat(e.response().orElseThrow().endReason()).isEqualTo(EndReason.anthropic("refusal"));
    assertThat(e.retryable()).isFalse();
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAnthropicErrorsByClass() throws Exception {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    server.enqueue(FakeReply.error(529, "overloaded_error", "Overloaded"));
    assertThat(client.chat(ask().build()).text()).isEqualTo("echo: where?");
    assertThat(retries).singleElement().asString().contains("HTTP 529").contains("overloaded_error: Overloaded");

    server.reset();
    server.enqueue(FakeReply.unauthorized());
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmAuthenticationException.class)
        .hasMessageContaining("authentication_error").hasMessageNotContaining(KEY);
    assertThat(server.callCount()).isEqualTo(1);

    server.reset();
    server.enqueue(FakeReply.contextLengthExceeded());
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmContextLengthException.class)
        .hasMessageContaining("prompt is too long");
    assertThat(server.callCount()).isEqualTo(1);

    server.reset();
    // a rate limit spends no attempt: it is waited out (1 s each), until the patience is spent
    server.respondWith(r -> FakeReply.rateLimited(1));
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmOutageException.class)
        .hasMessageContaining("rate_limit_error").hasMessageContaining("did not recover within the patience");
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testAnthropicRateLimitHeadersSetTheSharedBudget() throws Exception {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    // https://docs.anthropic.com/en/api/rate-limits: limit, remaining and RFC 3339 reset per kind on every reply
    server.respondWith(r -> FakeReply.text("ok").withHeader("anthropic-ratelimit-requests-limit", "50")
        .withHeader("anthropic-ratelimit-requests-remaining", "49")
        .withHeader("anthropic-ratelimit-requests-reset", "2026-11-28T00:00:01Z")
        .withHeader("anthropic-ratelimit-tokens-limit", "60000")
        .withHeader("anthropic-ratelimit-tokens-remaining", "59000")
        .withHeader("anthropic-ratelimit-tokens-reset", "2026-11-28T00:00:01Z"));
    assertThat(client.chat(ask().build()).text()).isEqualTo("ok");
    assertThat(io.clarq.core.llm.pacing.RateBudgets.all()).filteredOn(b -> b.toString().contains(":" + server.port()))
        .singleElement().asString().contains("of 60000 a minute").contains("of 50 a minute");
  }

  @Test
  void testAnthropicRetryAfterIsHonoured() throws Exception {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    // https://docs.anthropic.com/en/api/rate-limits: 429 rate_limit_error with a retry-after header (seconds)
    server.enqueue(FakeReply.rateLimited(1));
    assertThat(client.chat(ask().build()).text()).isEqualTo("echo: where?");
    assertThat(retries).singleElement().asString().contains("rate_limit_error").endsWith("wait PT1S");

    server.reset();
    server.enqueue(FakeReply.rateLimited(30));
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmOutageException.class)
        .hasMessageContaining("asks to wait 30.0 s");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testTheTimeoutBoundsATricklingReply() {
    server = FakeOpenAiServer.start(ProviderWires.OLLAMA, r -> FakeReply.dripped("slow", Duration.ofMillis(200)));
    LlmClient client = LlmClients.fromSpec(LlmSpec.parse("ollama:llama3").withBaseUrl(server.baseUrl())
        .withSettings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(1)).withRetry(RetryPolicy.NONE)),
        name -> null, listener);
    long start = System.nanoTime();
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmException.class)
        .hasMessageContaining("no reply within the timeout");
    // headers come at once and the body one byte per 200 ms (~40 s in all): the 1 s bound is on the whole reply
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void testGeminiSendsJsonModeKeepsThoughtsAndCountsThem() throws Exception {
    LlmClient client = client(ProviderWires.GEMINI, "gemini:gemini-test", Map.of());
    // https://ai.google.dev/gemini-api/docs/thinking: thought summaries are parts with "thought": true
    server.enqueue(FakeReply.rawBody("{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Weighing it.\","
        + "\"thought\":true},{\"text\":\"{\\\"answer\\\":\\\"yes\\\"}\"}],\"role\":\"model\"},\"finishReason\":"
        + "\"STOP\",\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":10,\"candidatesTokenCount\":4,"
        + "\"thoughtsTokenCount\":30,\"totalTokenCount\":44},\"modelVersion\":\"gemini-test\"}"));
    ChatResponse r = client.chat(ask().seed(7L).responseFormat(ResponseFormat.JSON_OBJECT).build());
    assertThat(r.text()).isEqualTo("{\"answer\":\"yes\"}");
    assertThat(r.reasoning()).isEqualTo("Weighing it.");
    assertThat(r.usage()).isEqualTo(new TokenUsage(10, 34, 30));
    var request = server.requests().get(0);
    assertThat(request.path()).isEqualTo("/v1beta/models/gemini-test:generateContent");
    assertThat(server.keyOf(request)).contains(KEY);
    JsonNode config = body().path("generationConfig");
    assertThat(config.path("responseMimeType").asText()).isEqualTo("application/json");
    assertThat(config.path("temperature").asDouble()).isEqualTo(0.0);
    assertThat(config.path("maxOutputTokens").asInt()).isEqualTo(64);
    assertThat(config.path("stopSequences").get(0).asText()).isEqualTo("END");
    assertThat(body().path("systemInstruction").toString()).contains("Be brief.");
    assertThat(deviations).extracting(Deviation::name).containsExactly("seed not sent");
  }

  @Test
  void testGeminiErrorsByClassWithRetryDelay() {
    LlmClient client = client(ProviderWires.GEMINI, "gemini:gemini-test", Map.of());
    server.enqueue(FakeReply.error(400, "API_KEY_INVALID", "API key not valid. Please pass a valid API key."));
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmAuthenticationException.class);
    assertThat(server.callCount()).isEqualTo(1);

    server.reset();
    server.enqueue(FakeReply.contextLengthExceeded());
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmContextLengthException.class)
        .hasMessageContaining("input token count");

    // RetryInfo.retryDelay 30s is more than the 1.5 s of rate-limit patience: the calls stop at once, having read it
    server.reset();
    server.enqueue(FakeReply.rateLimited(30));
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmOutageException.class)
        .hasMessageContaining("RESOURCE_EXHAUSTED").hasMessageContaining("wait 30.0 s");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testOllamaSendsNumCtxSeedAndJsonAndKeepsThinking() throws Exception {
    LlmClient client = client(ProviderWires.OLLAMA, "ollama:qwen3:8b", Map.of("num_ctx", "8192"));
    // https://github.com/ollama/ollama/blob/main/docs/api.md: with "think", message.thinking holds the reasoning
    server.enqueue(FakeReply.rawBody("{\"model\":\"qwen3:8b\",\"created_at\":\"2025-01-01T00:00:00Z\","
        + "\"message\":{\"role\":\"assistant\",\"content\":\"Upstairs\",\"thinking\":\"Which room?\"},"
        + "\"done\":true,\"done_reason\":\"stop\",\"prompt_eval_count\":9,\"eval_count\":5}"));
    ChatResponse r = client.chat(ask().seed(42L).responseFormat(ResponseFormat.JSON_OBJECT).build());
    assertThat(r.text()).isEqualTo("Upstairs");
    assertThat(r.reasoning()).isEqualTo("Which room?");
    assertThat(r.usage()).isEqualTo(new TokenUsage(9, 5));
    var request = server.requests().get(0);
    assertThat(request.path()).isEqualTo("/api/chat");
    JsonNode b = body();
    assertThat(b.path("model").asText()).isEqualTo("qwen3:8b");
    assertThat(b.path("stream").asBoolean(true)).isFalse();
    assertThat(b.path("format").asText()).isEqualTo("json");
    assertThat(b.path("options").path("num_ctx").asInt()).isEqualTo(8192);
    assertThat(b.path("options").path("seed").asInt()).isEqualTo(42);
    assertThat(b.path("options").path("temperature").asDouble()).isEqualTo(0.0);
    assertThat(b.path("options").path("num_predict").asInt()).isEqualTo(64);
    assertThat(deviations).extracting(Deviation::name).containsExactly("num_ctx set to 8192");
  }

  @Test
  void testOllamaServerErrorsAreRetriedAndNamed() throws Exception {
    LlmClient client = client(ProviderWires.OLLAMA, "ollama:llama3", Map.of());
    server.enqueue(FakeReply.error(500, "", "llama runner process has terminated"));
    assertThat(client.chat(ask().build()).text()).isEqualTo("echo: where?");
    assertThat(retries).singleElement().asString().contains("HTTP 500: llama runner process has terminated");
    server.reset();
    server.enqueue(FakeReply.error(404, "", "model \"llama3\" not found, try pulling it first"));
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmHttpException.class)
        .hasMessageContaining("not found, try pulling it first");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testReplicasShareCallsAndOutliveADeadServer() throws Exception {
    try (FakeOpenAiServer dead = FakeOpenAiServer.start(ProviderWires.OLLAMA,
            r -> FakeReply.error(500, "", "llama runner process has terminated"));
        FakeOpenAiServer alive = FakeOpenAiServer.start(ProviderWires.OLLAMA, r -> FakeReply.text("ok"))) {
      LlmSpec spec = LlmSpec.parse("ollama:llama3").withBaseUrls(List.of(dead.baseUrl(), alive.baseUrl()))
          .withSettings(LlmSettings.DEFAULT.withRetry(RetryPolicy.DEFAULT.withMaxAttempts(4)
              .withBackoff(Duration.ZERO, Duration.ZERO)));
      LlmClient pool = LlmClients.fromSpec(spec, name -> null, listener);
      for (int i = 0; i < 6; i++) {
        assertThat(pool.chat(ask().seed(1L).build()).text()).isEqualTo("ok");
      }
      assertThat(alive.callCount()).isEqualTo(6);
      assertThat(dead.callCount()).isBetween(1, 3);
    }
  }

  @Test
  void testSpecsTheSchemesCannotUseAreRefusedNamingWhatToDo() {
    LlmSpec anthropic = LlmSpec.parse("anthropic:claude-test");
    assertThatThrownBy(() -> LlmClients.fromSpec(anthropic, name -> null, LlmListener.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ANTHROPIC_API_KEY");
    assertThat(LlmClients.keyEnv(anthropic)).containsExactly("CLARQ_LLM_API_KEY", "ANTHROPIC_API_KEY");
    assertThat(LlmClients.keyEnv(LlmSpec.parse("gemini:g"))).containsExactly("CLARQ_LLM_API_KEY", "GEMINI_API_KEY",
        "GOOGLE_API_KEY");
    assertThat(LlmClients.missingKey(LlmSpec.parse("ollama:llama3"), name -> null)).isEmpty();
    assertThat(LlmClients.missingKey(anthropic, name -> null)).get().asString().contains("ANTHROPIC_API_KEY");
    assertThatThrownBy(() -> LlmClients.fromSpec(LlmSpec.parse("ollama:llama3").withParam("num_ctxx", "8192"),
        name -> null, LlmListener.NONE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("num_ctxx").hasMessageContaining("num_ctx");
    assertThatThrownBy(() -> LlmClients.fromSpec(LlmSpec.parse("ollama:llama3").withParam("num_ctx", "\"big\""),
        name -> null, LlmListener.NONE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive whole number");
    assertThatThrownBy(() -> LlmClients.fromSpec(LlmSpec.parse("ollama"), name -> null, LlmListener.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ollama:MODEL");
  }

  @Test
  void testNoServerIsAConnectionFailure() {
    LlmSpec spec = LlmSpec.parse("ollama:llama3").withBaseUrl(java.net.URI.create("http://127.0.0.1:9"))
        .withSettings(LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE));
    LlmClient client = LlmClients.fromSpec(spec, name -> null, LlmListener.NONE);
    assertThatThrownBy(() -> client.chat(ask().build())).isInstanceOf(LlmException.class)
        .satisfies(e -> assertThat(((LlmException) e).retryable()).isTrue())
        .hasMessageContaining("connection failed");
  }

  @Test
  void testKeyNeverInToString() {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test", Map.of());
    assertThat(client.toString()).doesNotContain(KEY).contains("anthropic:claude-test");
    assertThat(ApiKey.of(KEY, "t").toString()).doesNotContain(KEY);
  }
}
