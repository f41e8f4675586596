package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmFieldRefusedException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.wire.OpenAiWire;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Requests that adapt when a server refuses a field, each server answering with its documented error body; every
 * adaptation reported once as a deviation.
 */
class OpenAiAdaptTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("fine"));
  private final List<Deviation> deviations = Collections.synchronizedList(new ArrayList<>());
  private final LlmListener listener = new LlmListener() {
    @Override
    public void onDeviation(Deviation d) {
      deviations.add(d);
    }
  };

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient.Builder builder() {
    return OpenAiClient.builder().baseUrl(server.baseUrl()).model("o3-mini")
        .settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.NONE))
        .listener(listener);
  }

  private static ChatRequest.Builder agentRequest() {
    return ChatRequest.builder().system("You are the seeker.").user("Where is it?").temperature(0.0);
  }

  // OpenAI reasoning models (o-series, gpt-5) refuse temperature 0: the error body as the OpenAI API returns it
  // (platform.openai.com/docs/guides/reasoning, "Unsupported parameters"; error object per
  // platform.openai.com/docs/guides/error-codes)
  private static FakeReply temperatureRefused() {
    return FakeReply.body(400, "{\"error\": {\"message\": \"Unsupported value: 'temperature' does not support 0 with"
        + " this model. Only the default (1) value is supported.\", \"type\": \"invalid_request_error\", \"param\":"
        + " \"temperature\", \"code\": \"unsupported_value\"}}");
  }

  @Test
  void testReasoningModelRefusingTemperatureIsAdaptedOnceAndLaterCallsGoAdaptedAtOnce() throws Exception {
    server.respondWith(r -> r.json().has("temperature") ? temperatureRefused() : FakeReply.text("fine"));
    try (OpenAiClient client = builder().build()) {
      assertThat(client.chat(agentRequest().build()).text()).isEqualTo("fine");
      assertThat(client.chat(agentRequest().user("and now?").build()).text()).isEqualTo("fine");
      assertThat(client.chat(agentRequest().build()).text()).isEqualTo("fine");
    }
    // one refused request, then the adapted one; later calls go adapted at once
    assertThat(server.callCount()).isEqualTo(4);
    assertThat(server.requests().get(0).json().has("temperature")).isTrue();
    assertThat(server.requests().subList(1, 4)).allSatisfy(r -> assertThat(r.json().has("temperature")).isFalse());
    assertThat(deviations).containsExactly(new Deviation("openai:o3-mini @ " + server.baseUrl(),
        "temperature omitted", "the model refuses temperature 0 (HTTP 400 unsupported_value)"));
  }

  @Test
  void testAdaptationRetryIsNotAFailedAttempt() throws Exception {
    server.respondWith(r -> r.json().has("temperature") ? temperatureRefused() : FakeReply.text("fine"));
    List<Integer> retries = new ArrayList<>();
    try (OpenAiClient client = builder().listener(new LlmListener() {
      @Override
      public void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {
        retries.add(attempt);
      }
    }).build()) {
      // RetryPolicy.NONE: one attempt only, and the adapted request still goes out
      assertThat(client.chat(agentRequest().build()).text()).isEqualTo("fine");
    }
    assertThat(retries).isEmpty();
  }

  @Test
  void testMaxTokensIsSentAsMaxCompletionTokensWhereRefused() throws Exception {
    // OpenAI reasoning models: max_tokens is "not supported with this model. Use 'max_completion_tokens' instead."
    // (platform.openai.com/docs/api-reference/chat/create, max_tokens: "not compatible with o-series models")
    server.respondWith(r -> r.json().has("max_tokens") ? FakeReply.body(400, "{\"error\": {\"message\":"
        + " \"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens'"
        + " instead.\", \"type\": \"invalid_request_error\", \"param\": \"max_tokens\", \"code\":"
        + " \"unsupported_parameter\"}}") : FakeReply.text("Yes"));
    try (OpenAiClient client = builder().build()) {
      client.chat(ChatRequest.builder().user("Is it?").maxTokens(16).seed(7L).build());
      client.chat(ChatRequest.builder().user("Is it?").maxTokens(16).seed(7L).build());
    }
    assertThat(server.callCount()).isEqualTo(3);
    // the field keeps its place: only its name changed
    assertThat(server.requests().get(1).body()).isEqualTo("{\"model\":\"o3-mini\",\"messages\":[{\"role\":\"user\","
        + "\"content\":\"Is it?\"}],\"seed\":7,\"max_completion_tokens\":16}");
    assertThat(deviations).extracting(Deviation::name).containsExactly("max_tokens sent as max_completion_tokens");
  }

  @Test
  void testTgiRefusingTemperatureZeroGetsItLeftOut() throws Exception {
    // TGI's 422 validation error: {"error": "...", "error_type": "validation"} (TGI router validation.rs,
    // huggingface/text-generation-inference#1749 discusses the chat endpoint's temperature 0)
    server.respondWith(r -> r.json().has("temperature") ? FakeReply.body(422, "{\"error\": \"Input validation error:"
        + " `temperature` must be strictly positive\", \"error_type\": \"validation\"}") : FakeReply.text("fine"));
    try (OpenAiClient client = builder().model("tgi").build()) {
      assertThat(client.chat(agentRequest().build()).text()).isEqualTo("fine");
    }
    assertThat(server.callCount()).isEqualTo(2);
    assertThat(deviations).extracting(Deviation::name, Deviation::reason)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("temperature omitted",
            "the model refuses temperature 0 (HTTP 422 validation)"));
  }

  @Test
  void testOpenAiRefusingTheSystemRoleGetsADeveloperMessage() throws Exception {
    // o1-mini (2024): 400 unsupported_value with param "messages[0].role" (OpenAI error object, error-codes page)
    server.respondWith(r -> r.body().contains("\"role\":\"system\"") ? FakeReply.body(400, "{\"error\":"
        + " {\"message\": \"Unsupported value: 'messages[0].role' does not support 'system' with this model.\","
        + " \"type\": \"invalid_request_error\", \"param\": \"messages[0].role\", \"code\": \"unsupported_value\"}}")
        : FakeReply.text("fine"));
    try (OpenAiClient client = builder().build()) {
      client.chat(ChatRequest.builder().system("Be brief.").user("Hi").build());
    }
    JsonNode sent = server.requests().get(1).json().path("messages");
    assertThat(sent.toString()).isEqualTo("[{\"role\":\"developer\",\"content\":\"Be brief.\"},"
        + "{\"role\":\"user\",\"content\":\"Hi\"}]");
    assertThat(deviations).extracting(Deviation::name).containsExactly("system prompt sent as developer message");
  }

  @Test
  void testAChatTemplateWithoutASystemTurnGetsTheSystemPromptInTheFirstUserMessage() throws Exception {
    // vLLM serving Gemma: the chat template raises "System role not supported", answered as vLLM's 400 error
    // (vllm-project/vllm#4667 shows the body shape: object, message, type, param, code)
    server.respondWith(r -> r.body().contains("\"role\":\"system\"") ? FakeReply.body(400, "{\"object\": \"error\","
        + " \"message\": \"System role not supported\", \"type\": \"BadRequestError\", \"param\": null,"
        + " \"code\": 400}") : FakeReply.text("fine"));
    try (OpenAiClient client = builder().model("google/gemma-2-9b-it").build()) {
      client.chat(ChatRequest.builder().system("Be brief.").user("Hi").assistant("Hello").user("Bye").build());
      client.chat(ChatRequest.builder().system("Only a system prompt.").build());
    }
    assertThat(server.requests().get(1).json().path("messages").toString()).isEqualTo(
        "[{\"role\":\"user\",\"content\":\"Be brief.\\n\\nHi\"},{\"role\":\"assistant\",\"content\":\"Hello\"},"
            + "{\"role\":\"user\",\"content\":\"Bye\"}]");
    assertThat(server.requests().get(2).json().path("messages").toString())
        .isEqualTo("[{\"role\":\"user\",\"content\":\"Only a system prompt.\"}]");
    assertThat(deviations).extracting(Deviation::name)
        .containsExactly("system prompt sent in the first user message");
  }

  @Test
  void testAnyFieldTheErrorNamesIsLeftOut() throws Exception {
    // Azure OpenAI: "Unrecognized request argument supplied: seed" (Azure OpenAI REST reference error object);
    // vLLM with pydantic's extra_forbidden names the field quoted in its message
    server.enqueue(FakeReply.body(400, "{\"error\": {\"message\": \"Unrecognized request argument supplied: seed\","
        + " \"type\": \"invalid_request_error\", \"param\": null, \"code\": null}}"));
    server.enqueue(FakeReply.body(400, "{\"object\": \"error\", \"message\": \"[{'type': 'extra_forbidden', 'loc':"
        + " ('body', 'top_logprobs'), 'msg': 'Extra inputs are not permitted'}]\", \"type\": \"BadRequestError\","
        + " \"param\": null, \"code\": 400}"));
    try (OpenAiClient client = builder().build()) {
      client.chat(ChatRequest.builder().user("Hi").seed(1L).logprobs(true).topLogprobs(2).build());
    }
    assertThat(server.callCount()).isEqualTo(3);
    assertThat(server.requests().get(2).json().has("seed")).isFalse();
    assertThat(server.requests().get(2).json().has("top_logprobs")).isFalse();
    assertThat(server.requests().get(2).json().path("logprobs").asBoolean()).isTrue();
    assertThat(deviations).extracting(Deviation::name).containsExactly("seed omitted", "top_logprobs omitted");
  }

  @Test
  void testMistralsExtraForbiddenFieldIsLeftOut() throws Exception {
    // Mistral's 422 for a field its schema lacks: pydantic's errors under message.detail, the field in loc
    // (shape from Gage-Technologies/mistral-go#2 and nomtek/mistralai_client_dart#44)
    server.respondWith(r -> r.json().has("seed") ? FakeReply.body(422, "{\"object\": \"error\", \"message\":"
        + " {\"detail\": [{\"type\": \"extra_forbidden\", \"loc\": [\"body\", \"seed\"], \"msg\": \"Extra inputs"
        + " are not permitted\", \"input\": 0}]}, \"type\": \"invalid_request_error\", \"param\": null,"
        + " \"code\": null}") : FakeReply.text("fine"));
    try (OpenAiClient client = builder().model("mistral-small-latest").build()) {
      assertThat(client.chat(ChatRequest.builder().user("Hi").temperature(0.0).seed(0L).build()).text())
          .isEqualTo("fine");
    }
    assertThat(server.callCount()).isEqualTo(2);
    assertThat(server.requests().get(1).json().has("temperature")).isTrue();
    assertThat(deviations).extracting(Deviation::name).containsExactly("seed omitted");
  }

  @Test
  void testAFieldRefusedAgainAfterAdaptationIsNotRetried() {
    server.respondWith(r -> FakeReply.body(400, "{\"error\": {\"message\": \"Unsupported parameter:"
        + " 'max_completion_tokens' is not supported with this model.\", \"type\": \"invalid_request_error\","
        + " \"param\": \"max_completion_tokens\", \"code\": \"unsupported_parameter\"}}"));
    server.enqueue(FakeReply.body(400, "{\"error\": {\"message\": \"Unsupported parameter: 'max_tokens' is not"
        + " supported with this model. Use 'max_completion_tokens' instead.\", \"type\": \"invalid_request_error\","
        + " \"param\": \"max_tokens\", \"code\": \"unsupported_parameter\"}}"));
    try (OpenAiClient client = builder().settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.DEFAULT
        .withBackoff(Duration.ZERO, Duration.ZERO))).build()) {
      assertThatThrownBy(() -> client.chat(ChatRequest.builder().user("Hi").maxTokens(5).build()))
          .isInstanceOfSatisfying(LlmFieldRefusedException.class, e -> {
            assertThat(e.field()).isEqualTo("max_completion_tokens");
            assertThat(e.retryable()).isFalse();
          })
          .hasMessageContaining("max_completion_tokens").hasMessageContaining("again");
    }
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testUserBodyFieldsGoIntoEveryBodyAndAreReportedOnce() throws Exception {
    try (OpenAiClient client = builder().params(Map.of("reasoning_effort", JSON.readTree("\"high\""),
        "chat_template_kwargs", JSON.readTree("{\"enable_thinking\": false}"), "temperature", NullNode.instance))
        .build()) {
      client.chat(agentRequest().build());
      client.chat(agentRequest().build());
    }
    assertThat(server.requests()).allSatisfy(r -> {
      assertThat(r.json().path("reasoning_effort").asText()).isEqualTo("high");
      assertThat(r.json().path("chat_template_kwargs").toString()).isEqualTo("{\"enable_thinking\":false}");
      assertThat(r.json().has("temperature")).isFalse();
    });
    assertThat(deviations).extracting(Deviation::name).containsExactlyInAnyOrder(
        "reasoning_effort set to \"high\"", "chat_template_kwargs set to {\"enable_thinking\":false}",
        "temperature dropped");
    assertThat(deviations).extracting(Deviation::reason).containsOnly("--llm-param");
  }

  @Test
  void testAUserFieldTheServerRefusesIsAnErrorNamingIt() throws Exception {
    server.respondWith(r -> FakeReply.body(400, "{\"error\": {\"message\": \"Unrecognized request argument"
        + " supplied: reasoning_effort\", \"type\": \"invalid_request_error\", \"param\": null, \"code\": null}}"));
    try (OpenAiClient client = builder().params(Map.of("reasoning_effort", JSON.readTree("\"high\""))).build()) {
      assertThatThrownBy(() -> client.chat(agentRequest().build()))
          .isInstanceOfSatisfying(LlmFieldRefusedException.class,
              e -> assertThat(e.field()).isEqualTo("reasoning_effort"))
          .hasMessageContaining("--llm-param");
    }
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testWithNothingToAdaptTheBodyIsByteIdenticalToTheWireFormat() throws Exception {
    ChatRequest r = ChatRequest.builder().model("gpt-x").system("s").user("u").temperature(0.0).topP(0.5).seed(3L)
        .maxTokens(9).stop(List.of("END")).responseFormat(ResponseFormat.JSON_OBJECT).logprobs(true).topLogprobs(2)
        .build();
    try (OpenAiClient client = builder().build()) {
      client.chat(r);
    }
    assertThat(server.requests().get(0).body())
        .isEqualTo(new String(OpenAiWire.toBytes(OpenAiWire.requestBody(r, "o3-mini")), "UTF-8"));
    assertThat(deviations).isEmpty();
  }

  @Test
  void testManyCallsAtOnceAdaptOnceAndReportOneDeviation() throws Exception {
    server.respondWith(r -> r.json().has("temperature") ? temperatureRefused().after(Duration.ofMillis(20))
        : FakeReply.text("fine"));
    ExecutorService pool = Executors.newFixedThreadPool(8, r -> new Thread(r, "adapt-test"));
    try (OpenAiClient client = builder().build()) {
      List<Future<ChatResponse>> calls = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        calls.add(pool.submit(() -> client.chat(agentRequest().build())));
      }
      for (Future<ChatResponse> f : calls) {
        assertThat(f.get().text()).isEqualTo("fine");
      }
    } finally {
      pool.shutdownNow();
    }
    // at most the first wave (one per thread) was refused; every call ended with one adapted request
    long refused = server.requests().stream().filter(r -> r.json().has("temperature")).count();
    assertThat(refused).isBetween(1L, 8L);
    assertThat(server.callCount()).isEqualTo(32 + (int) refused);
    assertThat(deviations).hasSize(1);
  }

  @Test
  void testHeadersGoWithEveryRequestAndTheirValuesAreNeverPrinted() throws Exception {
    String secret = "tenant-secret-0123456789";
    server.enqueue(FakeReply.text("one"));
    // a server echoing the header's value in its error must not put it into the exception
    server.enqueue(FakeReply.body(403, "{\"error\": {\"message\": \"tenant " + secret + " is not allowed\","
        + " \"type\": \"permission_error\", \"code\": \"forbidden\"}}"));
    try (OpenAiClient client = builder().apiKey(ApiKey.of("sk-abcdefghijklmnop0123", "test"))
        .headers(Map.of("X-Tenant", secret)).build()) {
      client.chat(agentRequest().build());
      assertThatThrownBy(() -> client.chat(agentRequest().build())).isInstanceOf(LlmException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain(secret).contains("[redacted]"));
      assertThat(client.toString()).contains("X-Tenant").doesNotContain(secret);
    }
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.header("X-Tenant")).contains(secret));
    assertThat(server.requests().get(0).header("Authorization")).contains("Bearer sk-abcdefghijklmnop0123");
  }

  @Test
  void testARestrictedHeaderIsRefusedNamingIt() {
    assertThatThrownBy(() -> builder().headers(Map.of("Host", "example.org")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Host");
    assertThatThrownBy(() -> builder().headers(Map.of("X-Token", "bad\u0001secret")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("X-Token")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secret"));
  }

  @Test
  void testTheProviderSendsSpecHeadersAndParams() throws Exception {
    LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("m").withHeader("X-Org", "env:ORG_FOR_TEST")
        .withParam("top_k", "20");
    try (LlmClient client = LlmClients.fromSpec(spec, Map.of("ORG_FOR_TEST", "org-7")::get, listener)) {
      client.chat(agentRequest().build());
    }
    RecordedRequest r = server.requests().get(0);
    assertThat(r.header("X-Org")).contains("org-7");
    assertThat(r.json().path("top_k").asInt()).isEqualTo(20);
    assertThat(deviations).containsExactly(new Deviation("openai:m @ " + server.baseUrl(), "top_k set to 20",
        "--llm-param"));
  }

  @Test
  void testReplicasEachAdaptAndReportTheirOwnDeviation() throws Exception {
    String otherUrl;
    try (FakeOpenAiServer other = FakeOpenAiServer.start(
        r -> r.json().has("temperature") ? temperatureRefused() : FakeReply.text("fine"))) {
      otherUrl = other.baseUrl().toString();
      server.respondWith(r -> r.json().has("temperature") ? temperatureRefused() : FakeReply.text("fine"));
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("o3")
          .withBaseUrls(List.of(server.baseUrl(), other.baseUrl()));
      try (LlmClient client = LlmClients.fromSpec(spec, k -> null, listener)) {
        for (int i = 0; i < 4; i++) {
          assertThat(client.chat(agentRequest().build()).text()).isEqualTo("fine");
        }
      }
    }
    assertThat(deviations).extracting(Deviation::model)
        .containsExactlyInAnyOrder("openai:o3 @ " + server.baseUrl(), "openai:o3 @ " + otherUrl);
    assertThat(deviations).extracting(Deviation::name).containsOnly("temperature omitted");
  }
}
