package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.LlmUnusableReplyException.Reason;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.llm.usage.DeviationLog;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.ResponsesApiWire;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code openai-responses:} scheme against a loopback server answering as OpenAI's Responses API documents it:
 * the request (platform.openai.com/docs/api-reference/responses/create), the response object with its output items,
 * status and usage (/responses/object), errors (platform.openai.com/docs/guides/error-codes); and the {@code openai:}
 * client's fallback to it on the documented 404.
 */
class OpenAiResponsesTest {
  private static final String KEY = "sk-responses-test-5b1d0e9aSECRET";
  private final FakeOpenAiServer server = FakeOpenAiServer.start(ResponsesApiWire.WITH_CHAT_ROUTE,
      r -> FakeReply.text("fine"));
  private final DeviationLog deviations = new DeviationLog();
  @TempDir Path dir;


  @AfterEach
  void stop() {
    server.close();
  }

  private LlmClient client(String spec) {
    LlmSpec s = LlmSpec.parse(spec).withBaseUrl(server.baseUrl()).withSettings(LlmSettings.DEFAULT
        .withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.DEFAULT.withMaxAttempts(3)
            .withBackoff(Duration.ZERO, Duration.ZERO)));
    return LlmClients.fromSpec(s, Map.of("OPENAI_API_KEY", KEY)::get, deviations.listener());
  }

  private static ChatRequest.Builder seekerTurn() {
    return ChatRequest.builder().system("You are the seeker.").user("Hello.").assistant("Hi, how can I help?")
        .user("Go on.").temperature(0.0);
  }

  // a response object as /responses/object documents it, with the given status, incomplete reason, output and usage
  private static FakeReply response(String status, String incomplete, String output, String usage) {
    return FakeReply.body(200, "{\"id\": \"resp_67ccd3a9da748190\", \"object\": \"response\", \"created_at\":"
        + " 1741476777, \"status\": \"" + status + "\", \"error\": null, \"incomplete_details\": "
        + (incomplete == null ? "null" : "{\"reason\": \"" + incomplete + "\"}") + ", \"instructions\": null,"
        + " \"max_output_tokens\": null, \"model\": \"o3-pro-2025-06-10\", \"output\": " + output + ","
        + " \"parallel_tool_calls\": true, \"previous_response_id\": null, \"reasoning\": {\"effort\": \"medium\","
        + " \"summary\": null}, \"store\": false, \"temperature\": 1.0, \"text\": {\"format\": {\"type\": \"text\"}},"
        + " \"tool_choice\": \"auto\", \"tools\": [], \"top_p\": 1.0, \"truncation\": \"disabled\", \"usage\": "
        + usage + ", \"user\": null, \"metadata\": {}}");
  }

  private static String message(String parts) {
    return "{\"type\": \"message\", \"id\": \"msg_67ccd3acc8d4\", \"status\": \"completed\", \"role\": \"assistant\","
        + " \"content\": [" + parts + "]}";
  }

  private static String text(String text) {
    return "{\"type\": \"output_text\", \"text\": \"" + text + "\", \"annotations\": []}";
  }

  private static String reasoning(String summary) {
    return "{\"type\": \"reasoning\", \"id\": \"rs_6876cf02e0bc\", \"summary\": [{\"type\": \"summary_text\","
        + " \"text\": \"" + summary + "\"}]}";
  }

  private static String usage(long in, long cached, long out, long reasoning) {
    return "{\"input_tokens\": " + in + ", \"input_tokens_details\": {\"cached_tokens\": " + cached + "},"
        + " \"output_tokens\": " + out + ", \"output_tokens_details\": {\"reasoning_tokens\": " + reasoning + "},"
        + " \"total_tokens\": " + (in + out) + "}";
  }

  @Test
  void testSendsTheDocumentedRequestAndRecordsTheSeedItCannotSend() throws Exception {
    try (LlmClient client = client("openai-responses:o3-pro")) {
      ChatRequest request = seekerTurn().topP(0.5).maxTokens(64).seed(8848L).build();
      client.chat(request);
      client.chat(request);
    }
    RecordedRequest r = server.requests().get(0);
    assertThat(r.path()).isEqualTo("/v1/responses");
    assertThat(r.header("Authorization")).contains("Bearer " + KEY);
    JsonNode body = r.json();
    assertThat(body.path("model").asText()).isEqualTo("o3-pro");
    assertThat(body.path("input").toString()).isEqualTo("[{\"role\":\"system\",\"content\":\"You are the seeker.\"},"
        + "{\"role\":\"user\",\"content\":\"Hello.\"},{\"role\":\"assistant\",\"content\":\"Hi, how can I help?\"},"
        + "{\"role\":\"user\",\"content\":\"Go on.\"}]");
    assertThat(body.path("temperature").asDouble(-1)).isZero();
    assertThat(body.path("top_p").asDouble()).isEqualTo(0.5);
    assertThat(body.path("max_output_tokens").asInt()).isEqualTo(64);
    assertThat(body.path("store").isBoolean() && !body.path("store").asBoolean()).isTrue();
    assertThat(body.has("seed")).isFalse();
    assertThat(body.has("messages")).isFalse();
    assertThat(body.has("max_tokens")).isFalse();
    // the seed the reference protocol sends is not sent, and that is said once
    assertThat(deviations.all()).extracting(Deviation::model, Deviation::name).containsExactly(
        org.assertj.core.groups.Tuple.tuple("openai-responses:o3-pro @ " + server.baseUrl(), "seed not sent"));
  }

  @Test
  void testJsonModesGoAsTextFormatAndStopIsRecorded() throws Exception {
    try (LlmClient client = client("openai-responses:gpt-5-pro")) {
      client.chat(seekerTurn().responseFormat(ResponseFormat.JSON_OBJECT).stop(List.of("\n")).build());
      client.chat(seekerTurn().jsonSchema("{\"name\": \"verdict\", \"strict\": true, \"schema\": {\"type\":"
          + " \"object\"}}").build());
      assertThat(client.deviations()).extracting(Deviation::name).containsExactly("stop not sent");
    }
    assertThat(server.requests().get(0).json().path("text").toString())
        .isEqualTo("{\"format\":{\"type\":\"json_object\"}}");
    assertThat(server.requests().get(0).json().has("stop")).isFalse();
    assertThat(server.requests().get(1).json().path("text").toString()).isEqualTo("{\"format\":{\"type\":"
        + "\"json_schema\",\"name\":\"verdict\",\"schema\":{\"type\":\"object\"},\"strict\":true}}");
  }

  @Test
  void testACompletedReplyIsItsTextWithItsUsage() throws Exception {
    server.enqueue(response("completed", null, "[" + message(text("Is the oven preheated?")) + "]",
        usage(328, 256, 52, 0)));
    try (LlmClient client = client("openai-responses:o3-pro")) {
      ChatResponse r = client.chat(seekerTurn().build());
      assertThat(r.text()).isEqualTo("Is the oven preheated?");
      assertThat(r.finishReason()).isEqualTo("stop");
      assertThat(r.reasoning()).isEmpty();
      // input_tokens counts the cached ones too (/responses/object, usage.input_tokens_details), as clarq does
      assertThat(r.usage()).isEqualTo(new TokenUsage(328, 52, 0, 256, 0));
    }
  }

  @Test
  void testAReasoningItemIsKeptAsReasoningNeverAsText() throws Exception {
    server.enqueue(response("completed", null, "[" + reasoning("**Asking first**\\n\\nThe user wants a recipe.")
        + ", " + message(text("Which dish?")) + "]", usage(40, 0, 300, 256)));
    try (LlmClient client = client("openai-responses:o3-pro")) {
      ChatResponse r = client.chat(seekerTurn().build());
      assertThat(r.text()).isEqualTo("Which dish?");
      assertThat(r.reasoning()).isEqualTo("**Asking first**\n\nThe user wants a recipe.");
      assertThat(r.usage()).isEqualTo(new TokenUsage(40, 300, 256));
    }
  }

  @Test
  void testIncompleteAtMaxOutputTokensIsUnparsedKeepsItsReasoningAndIsNeverCached() throws Exception {
    // a reasoning model that spent its budget thinking: a reasoning item and no message
    FakeReply cut = response("incomplete", "max_output_tokens", "[" + reasoning("Thinking about ovens.") + "]",
        usage(40, 0, 64, 64));
    server.enqueue(cut, cut);
    Path file = dir.resolve("cache.jsonl");
    try (CachingLlmClient cached = new CachingLlmClient(client("openai-responses:o3-pro"),
        ResponseCacheFile.open(file), server.baseUrl().toString(), "o3-pro", CachePolicy.DEFAULT, LlmListener.NONE)) {
      for (int i = 0; i < 2; i++) {
        Throwable e = catchThrowable(() -> cached.chat(seekerTurn().maxTokens(64).build()));
        assertThat(e).isInstanceOf(LlmUnusableReplyException.class);
        LlmUnusableReplyException u = (LlmUnusableReplyException) e;
        assertThat(u.reason()).isEqualTo(Reason.LENGTH);
        assertThat(u.raw()).isEqualTo("Thinking about ovens.");
        assertThat(u.retryable()).isFalse();
        assertThat(u.response().orElseThrow().usage()).isEqualTo(new TokenUsage(40, 64, 64));
      }
      assertThat(cached.file().size()).isZero();
    }
    assertThat(server.callCount()).as("never retried, never replayed").isEqualTo(2);
  }

  @Test
  void testIncompleteTextWithNoLimitSetIsUnparsedWithItsText() {
    server.enqueue(response("incomplete", "max_output_tokens", "[" + message(text("Where can I find the rub"))
        + "]", usage(40, 0, 7, 0)));
    LlmUnusableReplyException e = unusable(seekerTurn().build());
    assertThat(e.reason()).isEqualTo(Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("Where can I find the rub");
  }

  @Test
  void testIncompleteForTheContentFilterIsUnparsed() {
    server.enqueue(response("incomplete", "content_filter", "[" + message(text("I will tell you how to")) + "]",
        usage(40, 0, 6, 0)));
    LlmUnusableReplyException e = unusable(seekerTurn().maxTokens(500).build());
    assertThat(e.reason()).isEqualTo(Reason.CONTENT_FILTER);
    assertThat(e.raw()).isEqualTo("I will tell you how to");
  }

  @Test
  void testARefusalPartIsARefusal() {
    server.enqueue(response("completed", null, "[" + message("{\"type\": \"refusal\", \"refusal\": \"I'm sorry, I"
        + " can't help with that.\"}") + "]", usage(40, 0, 10, 0)));
    LlmUnusableReplyException e = unusable(seekerTurn().build());
    assertThat(e.reason()).isEqualTo(Reason.REFUSAL);
    assertThat(e.raw()).isEqualTo("I'm sorry, I can't help with that.");
  }

  @Test
  void testAFunctionCallWithoutTextIsToolCalls() {
    server.enqueue(response("completed", null, "[{\"type\": \"function_call\", \"id\": \"fc_12345xyz\","
        + " \"call_id\": \"call_12345xyz\", \"name\": \"get_weather\", \"arguments\": \"{\\\"location\\\":"
        + " \\\"Paris\\\"}\", \"status\": \"completed\"}]", usage(40, 0, 20, 0)));
    LlmUnusableReplyException e = unusable(seekerTurn().build());
    assertThat(e.reason()).isEqualTo(Reason.TOOL_CALLS);
    assertThat(e.raw()).contains("get_weather");
  }

  private LlmUnusableReplyException unusable(ChatRequest request) {
    try (LlmClient client = client("openai-responses:o3-pro")) {
      Throwable e = catchThrowable(() -> client.chat(request));
      assertThat(e).isInstanceOf(LlmUnusableReplyException.class);
      assertThat(server.callCount()).isEqualTo(1);
      return (LlmUnusableReplyException) e;
    }
  }

  @Test
  void testAFailedResponseIsTheErrorItCarries() {
    // status "failed" with error {code, message} (/responses/object, "error"): a server error is retried, a fault
    // of the prompt is not
    String failed = "{\"id\": \"resp_1\", \"object\": \"response\", \"created_at\": 1741476777, \"status\":"
        + " \"failed\", \"error\": {\"code\": \"%s\", \"message\": \"%s\"}, \"incomplete_details\": null,"
        + " \"model\": \"o3-pro\", \"output\": [], \"usage\": null}";
    server.enqueue(FakeReply.body(200, String.format(failed, "server_error", "The model failed to respond.")));
    try (LlmClient client = client("openai-responses:o3-pro")) {
      assertThat(catchThrowable(() -> assertThat(client.chat(seekerTurn().build()).text()).isEqualTo("fine")))
          .isNull();
      assertThat(server.callCount()).isEqualTo(2);
      server.enqueue(FakeReply.body(200, String.format(failed, "invalid_prompt", "Your prompt was flagged.")));
      Throwable e = catchThrowable(() -> client.chat(seekerTurn().user("again").build()));
      assertThat(e).isInstanceOf(LlmHttpException.class).hasMessageContaining("HTTP 400 invalid_prompt")
          .hasMessageContaining("Your prompt was flagged.");
      assertThat(((LlmException) e).retryable()).isFalse();
      assertThat(server.callCount()).isEqualTo(3);
    }
  }

  @Test
  void testHttpErrorsAreClassedAsTheOpenAiClientClassesThem() {
    server.enqueue(FakeReply.unauthorized());
    server.enqueue(FakeReply.error(429, "insufficient_quota", "You exceeded your current quota."));
    try (LlmClient client = client("openai-responses:o3-pro")) {
      Throwable auth = catchThrowable(() -> client.chat(seekerTurn().build()));
      assertThat(auth).isInstanceOf(LlmAuthenticationException.class);
      assertThat(auth.getMessage()).doesNotContain(KEY);
      assertThat(catchThrowable(() -> client.chat(seekerTurn().build()))).isInstanceOf(LlmQuotaException.class);
    }
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testAResponseStillInProgressIsAMalformedReply() {
    server.respondWith(r -> response("in_progress", null, "[]", "null"));
    try (LlmClient client = client("openai-responses:o3-pro")) {
      Throwable e = catchThrowable(() -> client.chat(seekerTurn().build()));
      assertThat(e).isInstanceOf(LlmTransportException.class).hasMessageContaining("reply status is 'in_progress'");
      assertThat(((LlmTransportException) e).kind()).isEqualTo(LlmTransportException.Kind.MALFORMED_REPLY);
    }
  }

  @Test
  void testAChatClientFallsBackOnTheDocumented404AndRecordsIt() throws Exception {
    // OpenAI's answer to a Responses-only model on chat completions, as users report it (n8n-io/n8n#18352)
    server.respondWith(r -> r.path().endsWith("/chat/completions") ? ResponsesApiWire.onlyInResponses()
        : FakeReply.text("reply " + r.lastUserMessage()).withUsage(30, 4));
    try (LlmClient client = client("openai:o3-pro")) {
      ChatResponse first = client.chat(seekerTurn().seed(8848L).build());
      assertThat(first.text()).isEqualTo("reply Go on.");
      assertThat(first.usage()).isEqualTo(new TokenUsage(30, 4));
      assertThat(client.chat(seekerTurn().user("more").seed(8848L).build()).text()).isEqualTo("reply more");
      assertThat(client.deviations()).extracting(Deviation::name)
          .containsExactly("sent through the Responses API", "seed not sent");
    }
    // one chat request, then every call to the Responses API
    assertThat(server.requests()).extracting(RecordedRequest::path)
        .containsExactly("/v1/chat/completions", "/v1/responses", "/v1/responses");
    assertThat(server.requests().get(1).header("Authorization")).contains("Bearer " + KEY);
    assertThat(deviations.all()).extracting(Deviation::toString).containsExactly(
        "openai-responses:o3-pro @ " + server.baseUrl() + ": seed not sent (the Responses API takes no seed"
            + " (platform.openai.com/docs/api-reference/responses/create))",
        "openai:o3-pro @ " + server.baseUrl() + ": sent through the Responses API (the model is only served there"
            + " (HTTP 404 from chat completions: only supported in v1/responses))");
  }

  @Test
  void testAnOther404IsStillAnError() {
    server.respondWith(r -> FakeReply.error(404, "model_not_found", "The model `o9` does not exist or you do not"
        + " have access to it."));
    try (LlmClient client = client("openai:o9")) {
      assertThatThrownBy(() -> client.chat(seekerTurn().build()))
          .isInstanceOf(io.clarq.core.llm.LlmModelNotFoundException.class);
      assertThat(client.deviations()).isEmpty();
    }
    assertThat(server.requests()).extracting(RecordedRequest::path).containsExactly("/v1/chat/completions");
  }

  @Test
  void testTheSchemeIsListedAndNeedsAModel() {
    assertThat(LlmClients.knownSchemes()).containsKey("openai-responses");
    assertThatThrownBy(() -> client("openai-responses")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("openai-responses:MODEL");
  }
}
