package io.clarq.core.llm.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.ResponsesApiWire;
import io.clarq.core.testing.Wire;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Cached input tokens read from each protocol's own usage fields, normalised to clarq's convention (prompt tokens
 * count the cached ones), and priced at the cached price; Anthropic's opt-in {@code cache_control} breakpoint. Each
 * reply body is written as its provider documents it (the page is cited beside it).
 */
class CachedTokensTest {
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-cache-test-0123456789",
      "ANTHROPIC_API_KEY", "sk-ant-cache-test-0123456789", "GEMINI_API_KEY", "gemini-cache-test-0123456789");

  // wire null: OpenAI's chat completions
  private static TokenUsage usageOf(Wire wire, String spec, String body) throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(wire, r -> FakeReply.body(200, body));
        LlmClient client = client(server, spec, new DeviationLog())) {
      return client.chat(ChatRequest.builder().system("You are the provider.").user("Hello.").temperature(0.0)
          .build()).usage();
    }
  }

  private static LlmClient client(FakeOpenAiServer server, String spec, DeviationLog deviations) {
    return client(LlmSpec.parse(spec), server, deviations);
  }

  private static LlmClient client(LlmSpec spec, FakeOpenAiServer server, DeviationLog deviations) {
    LlmSpec s = spec.withBaseUrl(server.baseUrl()).withSettings(LlmSettings.DEFAULT
        .withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.DEFAULT.withMaxAttempts(1)));
    return LlmClients.fromSpec(s, KEYS::get, deviations.listener());
  }

  @Test
  void testOpenAiChatCachedTokensArePartOfThePromptTokens() throws Exception {
    // platform.openai.com/docs/guides/prompt-caching ("Requests with cached tokens"): usage.prompt_tokens includes
    // usage.prompt_tokens_details.cached_tokens; the body is the chat completion object of
    // platform.openai.com/docs/api-reference/chat/object
    String body = "{\"id\": \"chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG\", \"object\": \"chat.completion\","
        + " \"created\": 1741570283, \"model\": \"gpt-4o-2024-08-06\", \"choices\": [{\"index\": 0, \"message\":"
        + " {\"role\": \"assistant\", \"content\": \"Which room?\", \"refusal\": null, \"annotations\": []},"
        + " \"logprobs\": null, \"finish_reason\": \"stop\"}], \"usage\": {\"prompt_tokens\": 2006,"
        + " \"completion_tokens\": 300, \"total_tokens\": 2306, \"prompt_tokens_details\": {\"cached_tokens\": 1920,"
        + " \"audio_tokens\": 0}, \"completion_tokens_details\": {\"reasoning_tokens\": 0, \"audio_tokens\": 0,"
        + " \"accepted_prediction_tokens\": 0, \"rejected_prediction_tokens\": 0}}, \"service_tier\": \"default\","
        + " \"system_fingerprint\": \"fp_fc9f1d7035\"}";
    TokenUsage u = usageOf(null, "openai:gpt-4o", body);
    assertThat(u).isEqualTo(new TokenUsage(2006, 300, 0, 1920, 0));
    assertThat(u.uncachedInputTokens()).isEqualTo(86);
  }

  @Test
  void testOpenAiResponsesCachedTokensArePartOfTheInputTokens() throws Exception {
    // platform.openai.com/docs/api-reference/responses/object: usage.input_tokens_details.cached_tokens
    String body = "{\"id\": \"resp_67ccd3a9da748190\", \"object\": \"response\", \"created_at\": 1741476777,"
        + " \"status\": \"completed\", \"error\": null, \"incomplete_details\": null, \"model\": \"gpt-4o\","
        + " \"output\": [{\"type\": \"message\", \"id\": \"msg_67ccd3acc8d4\", \"status\": \"completed\", \"role\":"
        + " \"assistant\", \"content\": [{\"type\": \"output_text\", \"text\": \"Which room?\", \"annotations\":"
        + " []}]}], \"usage\": {\"input_tokens\": 328, \"input_tokens_details\": {\"cached_tokens\": 256},"
        + " \"output_tokens\": 52, \"output_tokens_details\": {\"reasoning_tokens\": 0}, \"total_tokens\": 380}}";
    assertThat(usageOf(ResponsesApiWire.RESPONSES, "openai-responses:gpt-4o", body))
        .isEqualTo(new TokenUsage(328, 52, 0, 256, 0));
  }

  @Test
  void testAnthropicCacheReadsAndWritesAreAddedToItsInputTokens() throws Exception {
    // docs.anthropic.com/en/docs/build-with-claude/prompt-caching ("Tracking cache performance"): input_tokens are
    // the tokens after the last breakpoint, cache_read_input_tokens and cache_creation_input_tokens come on top
    String body = "{\"id\": \"msg_01XFDUDYJgAACzvnptvVoYEL\", \"type\": \"message\", \"role\": \"assistant\","
        + " \"content\": [{\"type\": \"text\", \"text\": \"Which room?\"}], \"model\": \"claude-sonnet-4-5\","
        + " \"stop_reason\": \"end_turn\", \"stop_sequence\": null, \"usage\": {\"input_tokens\": 21,"
        + " \"cache_creation_input_tokens\": 188, \"cache_read_input_tokens\": 1024, \"output_tokens\": 393}}";
    assertThat(usageOf(ProviderWires.ANTHROPIC, "anthropic:claude-sonnet-4-5", body))
        .isEqualTo(new TokenUsage(21 + 188 + 1024, 393, 0, 1024, 188));
  }

  @Test
  void testGeminiCachedContentTokensArePartOfThePromptTokens() throws Exception {
    // ai.google.dev/api/generate-content#UsageMetadata: promptTokenCount includes cachedContentTokenCount
    String body = "{\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Which room?\"}], \"role\": \"model\"},"
        + " \"finishReason\": \"STOP\", \"index\": 0}], \"usageMetadata\": {\"promptTokenCount\": 696,"
        + " \"cachedContentTokenCount\": 512, \"candidatesTokenCount\": 10, \"totalTokenCount\": 706},"
        + " \"modelVersion\": \"gemini-2.0-flash\"}";
    assertThat(usageOf(ProviderWires.GEMINI, "gemini:gemini-2.0-flash", body))
        .isEqualTo(new TokenUsage(696, 10, 0, 512, 0));
  }

  @Test
  void testAnthropicCacheControlIsOptInAndRecorded() throws Exception {
    String body = "{\"id\": \"msg_01\", \"type\": \"message\", \"role\": \"assistant\", \"content\": [{\"type\":"
        + " \"text\", \"text\": \"Which room?\"}], \"model\": \"claude-sonnet-4-5\", \"stop_reason\": \"end_turn\","
        + " \"stop_sequence\": null, \"usage\": {\"input_tokens\": 5, \"output_tokens\": 3}}";
    for (boolean cache : new boolean[] {false, true}) {
      DeviationLog deviations = new DeviationLog();
      try (FakeOpenAiServer server = FakeOpenAiServer.start(ProviderWires.ANTHROPIC, r -> FakeReply.body(200, body));
          LlmClient client = client(cache ? LlmSpec.parse("anthropic:claude-sonnet-4-5").withParam("cache_control",
              "true") : LlmSpec.parse("anthropic:claude-sonnet-4-5"), server, deviations)) {
        client.chat(ChatRequest.builder().system("You are the provider.").user("Hello.").temperature(0.0).build());
        String system = server.requests().get(0).json().path("system").toString();
        // docs.anthropic.com/en/docs/build-with-claude/prompt-caching: {"type": "ephemeral"} on the system block
        assertThat(system.contains("\"cache_control\":{\"type\":\"ephemeral\"}")).as(system).isEqualTo(cache);
      }
      assertThat(deviations.all().stream().map(Deviation::name)
          .anyMatch(n -> n.startsWith("cache_control"))).isEqualTo(cache);
    }
  }

  @Test
  void testCachedTokensCostTheirOwnPrice() {
    PriceTable t = PriceTable.parse("gpt-4o=2.50/10.00/1.25, claude-sonnet=3.00/15.00/0.30/3.75, llama=1/2");
    TokenUsage openAi = new TokenUsage(2_000_000, 1_000_000, 0, 1_000_000, 0);
    assertThat(t.priceOf("gpt-4o").orElseThrow().cost(openAi)).isCloseTo(2.50 + 1.25 + 10.00, within(1e-9));
    TokenUsage anthropic = new TokenUsage(3_000_000, 0, 0, 1_000_000, 1_000_000);
    assertThat(t.priceOf("claude-sonnet-4-5").orElseThrow().cost(anthropic)).isCloseTo(3.00 + 0.30 + 3.75,
        within(1e-9));
    // no cached price given: cached tokens cost the input price, as they did before clarq counted them
    assertThat(t.priceOf("llama3").orElseThrow().cost(openAi)).isCloseTo(2 * 1.0 + 2.0, within(1e-9));
    UsageReport report = new UsageReport(1, 0, 0, 0, Map.of("gpt-4o", openAi), Duration.ZERO, Duration.ZERO);
    assertThat(report.cost(t)).hasValueSatisfying(c -> assertThat(c).isCloseTo(13.75, within(1e-9)));
    assertThat(report.summary(Optional.empty())).contains("tokens 2000000 prompt (1000000 cached) + 1000000 completion");
  }

  @Test
  void testBatchPricesAreHalfUnlessTheTableGivesThem() {
    PriceTable t = PriceTable.parse("gpt-4o=2.50/10.00/1.25,batch:gpt-4o-mini=0.05/0.20,gpt-4o-mini=0.15/0.60");
    assertThat(t.batchPriceOf("gpt-4o-2024-08-06")).contains(new PriceTable.Price(1.25, 5.00, 0.625, 1.25));
    assertThat(t.batchPriceOf("gpt-4o-mini")).contains(new PriceTable.Price(0.05, 0.20));
    // a batch entry never prices synchronous calls
    assertThat(t.priceOf("gpt-4o-mini")).contains(new PriceTable.Price(0.15, 0.60));
    assertThat(t.batchPriceOf("llama3")).isEmpty();
    UsageReport report = new UsageReport(1, 0, 0, 0, Map.of("gpt-4o", new TokenUsage(1_000_000, 1_000_000)),
        Duration.ZERO, Duration.ZERO);
    assertThat(report.cost(t, true).orElseThrow()).isCloseTo(report.cost(t).orElseThrow() / 2, within(1e-9));
  }

  @Test
  void testBadPricesAndUsageAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> PriceTable.parse("gpt-4o=2.50/10.00/1.25/3.75/9")).hasMessageContaining(
        "gpt-4o=2.50/10.00/1.25/3.75/9").hasMessageContaining("CACHED_INPUT");
    assertThatThrownBy(() -> PriceTable.parse("gpt-4o=2.50/10.00/-1")).hasMessageContaining("gpt-4o=2.50/10.00/-1");
    assertThatThrownBy(() -> new TokenUsage(10, 1, 0, 8, 4)).hasMessageContaining("exceed the 10 prompt tokens");
    // a server reporting more cached tokens than prompt tokens is believed up to the prompt
    assertThat(new TokenUsage(10, 1).withCache(50, 5)).isEqualTo(new TokenUsage(10, 1, 0, 10, 0));
  }
}
