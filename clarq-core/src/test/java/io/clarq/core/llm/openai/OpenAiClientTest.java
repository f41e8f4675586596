package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiClientTest {
  private static final String KEY = "sk-test-0123456789abcdefSECRET";
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("hello"));

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient client(RetryPolicy retry) {
    return client(retry, Duration.ofSeconds(10));
  }

  private OpenAiClient client(RetryPolicy retry, Duration timeout) {
    return OpenAiClient.builder().baseUrl(server.baseUrl()).model("fake-4o").apiKey(ApiKey.of(KEY, "test"))
        .settings(LlmSettings.DEFAULT.withTimeout(timeout).withRetry(retry)).build();
  }

  private static ChatRequest.Builder hello() {
    return ChatRequest.builder().user("hello?");
  }

  @Test
  void testMapsEveryRequestField() throws Exception {
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      client.chat(ChatRequest.builder().model("gpt-x").system("be brief").user("hi").assistant("hello").user("bye")
          .temperature(0.0).topP(0.5).seed(42L).maxTokens(64).stop(List.of("END", "\n\n"))
          .responseFormat(ResponseFormat.JSON_OBJECT).logprobs(true).topLogprobs(3).build());
    }
    JsonNode body = server.requests().get(0).json();
    assertThat(server.requests().get(0).path()).isEqualTo("/v1/chat/completions");
    assertThat(body.path("model").asText()).isEqualTo("gpt-x");
    assertThat(body.path("messages").toString()).isEqualTo("[{\"role\":\"system\",\"content\":\"be brief\"},"
        + "{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":\"hello\"},"
        + "{\"role\":\"user\",\"content\":\"bye\"}]");
    assertThat(body.path("temperature").asDouble()).isEqualTo(0.0);
    assertThat(body.path("top_p").asDouble()).isEqualTo(0.5);
    assertThat(body.path("seed").asLong()).isEqualTo(42L);
    assertThat(body.path("max_tokens").asInt()).isEqualTo(64);
    assertThat(body.path("stop").toString()).isEqualTo("[\"END\",\"\\n\\n\"]");
    assertThat(body.path("response_format").toString()).isEqualTo("{\"type\":\"json_object\"}");
    assertThat(body.path("logprobs").asBoolean()).isTrue();
    assertThat(body.path("top_logprobs").asInt()).isEqualTo(3);
  }

  @Test
  void testLeavesUnsetParametersToTheServerAndUsesDefaultModel() throws Exception {
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      client.chat(hello().build());
    }
    JsonNode body = server.requests().get(0).json();
    assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("model", "messages");
    assertThat(body.path("model").asText()).isEqualTo("fake-4o");
  }

  @Test
  void testJsonSchemaIsWrappedWhenBareAndPassedWhenNamed() throws Exception {
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      client.chat(hello().jsonSchema("{\"type\":\"object\",\"required\":[\"match\"]}").build());
      client.chat(hello().jsonSchema("{\"name\":\"verdict\",\"strict\":true,\"schema\":{\"type\":\"object\"}}")
          .build());
    }
    assertThat(server.requests().get(0).json().path("response_format").toString()).isEqualTo(
        "{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"reply\",\"schema\":{\"type\":\"object\","
            + "\"required\":[\"match\"]}}}");
    assertThat(server.requests().get(1).json().path("response_format").path("json_schema").toString())
        .isEqualTo("{\"name\":\"verdict\",\"strict\":true,\"schema\":{\"type\":\"object\"}}");
  }

  @Test
  void testInvalidJsonSchemaFailsWithoutACall() {
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().jsonSchema("{not json").build()))
          .isInstanceOf(LlmException.class).hasMessageContaining("illegal JSON schema");
    }
    assertThat(server.callCount()).isZero();
  }

  @Test
  void testParsesTextFinishReasonUsageAndLogprobs() throws Exception {
    List<TokenLogprob> lp = List.of(new TokenLogprob("Yes", -0.01,
        List.of(new TokenLogprob.Alternative("Yes", -0.01), new TokenLogprob.Alternative("No", -4.6))));
    server.enqueue(FakeReply.text("Yes").withUsage(31, 1).withLogprobs(lp).withFinishReason("length"));
    ChatResponse r;
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      // a request that sets max_tokens gets the text cut there (the yes/no oracle asks for one token)
      r = client.chat(hello().logprobs(true).topLogprobs(2).maxTokens(1).build());
    }
    assertThat(r.text()).isEqualTo("Yes");
    assertThat(r.finishReason()).isEqualTo("length");
    assertThat(r.usage()).isEqualTo(new TokenUsage(31, 1));
    assertThat(r.logprobs()).isEqualTo(lp);
    assertThat(r.latency()).isPositive();
  }

  @Test
  void testMissingUsageIsZero() throws Exception {
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThat(client.chat(hello().build()).usage()).isEqualTo(TokenUsage.ZERO);
    }
  }

  @Test
  void testSendsTheKeyAsBearerOnlyWhenThereIsOne() throws Exception {
    try (OpenAiClient keyed = client(RetryPolicy.NONE);
        OpenAiClient keyless = OpenAiClient.builder().baseUrl(server.baseUrl()).build()) {
      keyed.chat(hello().build());
      keyless.chat(hello().build());
    }
    assertThat(server.requests().get(0).header("authorization")).contains("Bearer " + KEY);
    assertThat(server.requests().get(1).header("authorization")).isEmpty();
    assertThat(server.requests().get(1).json().has("model")).isFalse();
  }

  @Test
  void testScriptsAMultiAgentDialogueByRequest() throws Exception {
    server.respondWith(r -> r.systemPrompt().contains("provider")
        ? FakeReply.text("Jax: preheat the oven") : FakeReply.text("How do I start? " + r.lastUserMessage()));
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThat(client.chat(hello().system("you are the provider").user("first?").build()).text())
          .isEqualTo("Jax: preheat the oven");
      assertThat(client.chat(hello().system("you are the seeker").user("go").build()).text())
          .isEqualTo("How do I start? go");
    }
  }

  @Test
  void testMalformedJsonIsAMalformedReply() {
    server.enqueue(FakeReply.malformedJson());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.MALFORMED_REPLY))
          .hasMessageContaining("malformed reply").hasMessageContaining("not JSON");
    }
  }

  @Test
  void testTruncatedBodyIsAConnectionFailure() {
    server.respondWith(r -> FakeReply.truncatedBody());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.CONNECTION));
    }
  }

  @Test
  void testDroppedConnectionIsAConnectionFailure() {
    server.respondWith(r -> FakeReply.droppedConnection());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.CONNECTION))
          .hasMessageContaining("connection failed");
    }
  }

  @Test
  void testReplySlowerThanTheTimeoutTimesOut() {
    server.enqueue(FakeReply.text("late").after(Duration.ofSeconds(3)));
    try (OpenAiClient client = client(RetryPolicy.NONE, Duration.ofMillis(500))) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.TIMEOUT))
          .hasMessageContaining("no reply within 0.500s");
    }
  }

  @Test
  void testTimeoutBoundsTheWholeAttemptEvenWhenTheBodyTrickles() {
    // headers at once, then a byte every 200 ms: about 40 s for the whole body, against a 1 s timeout
    server.enqueue(FakeReply.dripped("a reply that takes its time", Duration.ofMillis(200)));
    try (OpenAiClient client = client(RetryPolicy.NONE, Duration.ofSeconds(1))) {
      long start = System.nanoTime();
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.TIMEOUT))
          .hasMessageContaining("no reply within 1s");
      // not a speed goal: the call must end near its timeout, not when the body ends tens of seconds later
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
    }
  }

  @Test
  void testContentThatIsNotAStringIsAMalformedReplyAndNullContentIsEmpty() throws Exception {
    String number = "{\"choices\": [{\"message\": {\"role\": \"assistant\", \"content\": 42}, "
        + "\"finish_reason\": \"stop\"}]}";
    server.enqueue(FakeReply.rawBody(number), FakeReply.rawBody(number.replace("42", "null")));
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmTransportException.class,
          e -> assertThat(e.kind()).isEqualTo(LlmTransportException.Kind.MALFORMED_REPLY))
          .hasMessageContaining("message content is number, not a string: 42");
      assertThat(client.chat(hello().build()).text()).isEmpty();
    }
  }

  @Test
  void testContextLengthErrorIsTypedAndNotRetryable() {
    server.enqueue(FakeReply.contextLengthExceeded());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmContextLengthException.class,
          e -> assertThat(e.retryable()).isFalse())
          .hasMessageContaining("HTTP 400 context_length_exceeded")
          .hasMessageContaining("maximum context length is 8192 tokens");
    }
  }

  @Test
  void testUnauthorizedIsTypedAndTheEchoedKeyIsRedacted() {
    server.enqueue(FakeReply.unauthorized());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(
          LlmAuthenticationException.class, e -> assertThat(e.status()).isEqualTo(401))
          .hasMessageContaining("Incorrect API key provided: [redacted]").hasMessageContaining("(key from test)")
          .hasMessageNotContaining(KEY);
    }
    assertThat(client(RetryPolicy.NONE).toString()).doesNotContain(KEY);
  }

  @Test
  void testServerErrorIsRetryableHttpException() {
    server.enqueue(FakeReply.unavailable());
    try (OpenAiClient client = client(RetryPolicy.NONE)) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmHttpException.class, e -> {
        assertThat(e.status()).isEqualTo(503);
        assertThat(e.retryable()).isTrue();
      }).hasMessageContaining("failed after 1 attempt (no attempts left): attempt 1: HTTP 503 overloaded");
    }
  }

  @Test
  void testNothingListeningSaysWhere() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(java.net.URI.create("http://127.0.0.1:" + port + "/v1"))
        .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE)).build()) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOf(LlmTransportException.class)
          .hasMessageContaining("connection failed: cannot connect to 127.0.0.1:" + port);
    }
  }

  @Test
  void testUnknownPathIs404NotRetried() {
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl().resolve("/v2/x"))
        .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.DEFAULT.withBackoff(Duration.ZERO, Duration.ZERO)))
        .build()) {
      assertThatThrownBy(() -> client.chat(hello().build())).isInstanceOfSatisfying(LlmHttpException.class,
          e -> assertThat(e.status()).isEqualTo(404)).hasMessageContaining("not retryable");
    }
    assertThat(server.callCount()).isEqualTo(1);
  }
}
