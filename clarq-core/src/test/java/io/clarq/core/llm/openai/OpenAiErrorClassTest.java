package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContentFilterException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmModelNotFoundException;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Errors in classes: what no retry can clear costs one request; context errors are known by code and words; Gemini's
 * array errors and RetryInfo are read. Each server answers with its documented error body.
 */
class OpenAiErrorClassTest {
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("fine"));
  private final List<Duration> waits = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient client() {
    return OpenAiClient.builder().baseUrl(server.baseUrl()).model("m").apiKey(ApiKey.of("sk-test-abcdef0123456789",
        "test")).settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.DEFAULT))
        .sleeper(waits::add).build();
  }

  private LlmException failure(FakeReply reply) {
    server.respondWith(r -> reply);
    try (OpenAiClient client = client()) {
      client.chat(ChatRequest.builder().user("hi").temperature(0.0).build());
    } catch (LlmException e) {
      return e;
    }
    throw new AssertionError("expected a failure");
  }

  @Test
  void testQuotaCostsExactlyOneRequest() {
    // OpenAI error codes page: 429 "You exceeded your current quota, please check your plan and billing details"
    // with type and code insufficient_quota (platform.openai.com/docs/guides/error-codes)
    LlmException e = failure(FakeReply.body(429, "{\"error\": {\"message\": \"You exceeded your current quota,"
        + " please check your plan and billing details.\", \"type\": \"insufficient_quota\", \"param\": null,"
        + " \"code\": \"insufficient_quota\"}}"));
    assertThat(e).isInstanceOf(LlmQuotaException.class);
    assertThat(e.retryable()).isFalse();
    assertThat(e.infrastructure()).isFalse();
    assertThat(server.callCount()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void testARateLimitIsStillRetried() {
    server.enqueue(FakeReply.rateLimited(1));
    try (OpenAiClient client = client()) {
      assertThat(client.chat(ChatRequest.builder().user("hi").build()).text()).isEqualTo("fine");
    } catch (LlmException e) {
      throw new AssertionError(e);
    }
    // a rate limit's wait runs from the 429: what is left of it when the call queues again is a hair shorter
    assertThat(waits).singleElement().satisfies(d -> assertThat(d).isBetween(Duration.ofMillis(500),
        Duration.ofSeconds(1)));
  }

  @ParameterizedTest
  @CsvSource({"401,invalid_api_key", "403,unsupported_country_region_territory"})
  void testAnInvalidKeyCostsOneRequest(int status, String code) {
    // OpenAI error codes page: 401 invalid_api_key, 403 unsupported_country_region_territory
    LlmException e = failure(FakeReply.body(status, "{\"error\": {\"message\": \"Incorrect API key provided.\","
        + " \"type\": \"invalid_request_error\", \"param\": null, \"code\": \"" + code + "\"}}"));
    assertThat(e).isInstanceOf(LlmAuthenticationException.class);
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAnUnknownModelCostsOneRequest() {
    // OpenAI: 404 "The model `x` does not exist or you do not have access to it." code model_not_found
    LlmException e = failure(FakeReply.body(404, "{\"error\": {\"message\": \"The model `gpt-9` does not exist or"
        + " you do not have access to it.\", \"type\": \"invalid_request_error\", \"param\": null, \"code\":"
        + " \"model_not_found\"}}"));
    assertThat(e).isInstanceOf(LlmModelNotFoundException.class).hasMessageContaining("gpt-9");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAContentFilter400CostsOneRequest() {
    // Azure OpenAI: 400 code content_filter with innererror ResponsibleAIPolicyViolation (Azure OpenAI content
    // filtering, learn.microsoft.com/azure/ai-services/openai/concepts/content-filter)
    LlmException e = failure(FakeReply.body(400, "{\"error\": {\"message\": \"The response was filtered due to the"
        + " prompt triggering Azure OpenAI's content management policy.\", \"type\": null, \"param\": \"prompt\","
        + " \"code\": \"content_filter\", \"status\": 400, \"innererror\": {\"code\":"
        + " \"ResponsibleAIPolicyViolation\"}}}"));
    assertThat(e).isInstanceOf(LlmContentFilterException.class);
    assertThat(server.callCount()).isEqualTo(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      OpenAI (error-codes page) | 400 | {"error": {"message": "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}
      vLLM top-level (vllm#4667 shape, vllm#20409 words) | 400 | {"object": "error", "message": "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.", "type": "BadRequestError", "param": null, "code": 400}
      vLLM error-wrapped | 400 | {"error": {"message": "'max_tokens' or 'max_completion_tokens' is too large: 1000. This model's maximum context length is 4096 tokens and your request has 3500 input tokens.", "type": "BadRequestError", "param": null, "code": 400}}
      llama.cpp 400 (llama.cpp#19774) | 400 | {"error": {"code": 400, "message": "request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it", "type": "exceed_context_size_error", "n_prompt_tokens": 4390, "n_ctx": 4096}}
      llama.cpp 500 (llama.cpp#15780) | 500 | {"error": {"code": 500, "message": "the request exceeds the available context size. try increasing the context size or enable context shift", "type": "exceed_context_size_error", "n_prompt_tokens": 1407, "n_ctx": 256}}
      llama.cpp 500 server_error (llama.cpp#19774) | 500 | {"error": {"code": 500, "message": "Context size has been exceeded.", "type": "server_error"}}
      Anthropic (docs.anthropic.com errors) | 400 | {"type": "error", "error": {"type": "invalid_request_error", "message": "prompt is too long: 208310 tokens > 200000 maximum"}}
      TGI 422 (TGI validation) | 422 | {"error": "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 200 `max_new_tokens`", "error_type": "validation"}
      """)
  void testContextLengthIsKnownByCodeAndWordsAndNotRetried(String server, int status, String body) {
    LlmException e = failure(FakeReply.body(status, body));
    assertThat(e).as(server).isInstanceOfSatisfying(LlmContextLengthException.class,
        c -> assertThat(c.status()).isEqualTo(status));
    assertThat(e.retryable()).isFalse();
    assertThat(e.infrastructure()).isFalse();
    assertThat(this.server.callCount()).as(server).isEqualTo(1);
  }

  @Test
  void testGeminiArrayErrorsAreReadAndTheirRetryDelayHonoured() throws Exception {
    // Gemini API: errors as a JSON array of {"error": {code, message, status, details}}; a 429 carries
    // google.rpc.RetryInfo with retryDelay (ai.google.dev/gemini-api/docs/troubleshooting, rate limits)
    server.enqueue(FakeReply.body(429, "[{\"error\": {\"code\": 429, \"message\": \"You exceeded your current quota,"
        + " please check your plan and billing details.\", \"status\": \"RESOURCE_EXHAUSTED\", \"details\": [{\"@type\":"
        + " \"type.googleapis.com/google.rpc.QuotaFailure\", \"violations\": []}, {\"@type\":"
        + " \"type.googleapis.com/google.rpc.RetryInfo\", \"retryDelay\": \"7s\"}]}}]"));
    server.enqueue(FakeReply.body(503, "[{\"error\": {\"code\": 503, \"message\": \"The model is overloaded.\","
        + " \"status\": \"UNAVAILABLE\", \"details\": [{\"@type\": \"type.googleapis.com/google.rpc.RetryInfo\","
        + " \"retryDelay\": \"0.5s\"}]}}]"));
    try (OpenAiClient client = client()) {
      assertThat(client.chat(ChatRequest.builder().user("hi").build()).text()).isEqualTo("fine");
    }
    assertThat(waits).hasSize(2);
    assertThat(waits.get(0)).isBetween(Duration.ofMillis(6500), Duration.ofSeconds(7));   // the 429's, from the 429
    assertThat(waits.get(1)).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void testAGeminiErrorMessageComesFromTheArray() {
    LlmException e = failure(FakeReply.body(400, "[{\"error\": {\"code\": 400, \"message\": \"API key not valid."
        + " Please pass a valid API key.\", \"status\": \"INVALID_ARGUMENT\"}}]"));
    assertThat(e).isInstanceOf(LlmHttpException.class).hasMessageContaining("API key not valid");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testServerFaultsAreInfrastructureAndRefusalsAreNot() {
    assertThat(new LlmHttpException("x", 503, null).infrastructure()).isTrue();
    assertThat(new LlmHttpException("x", 400, null).infrastructure()).isFalse();
    assertThat(new LlmContextLengthException("x", 500).infrastructure()).isFalse();
    assertThat(new LlmTransportException("x", LlmTransportException.Kind.TIMEOUT, null).infrastructure()).isTrue();
    assertThat(new LlmQuotaException("x", 429).infrastructure()).isFalse();
  }

  @Test
  void testAServerErrorIsRetriedAsBefore() {
    LlmException e = failure(FakeReply.serverError());
    assertThat(e).isInstanceOf(LlmHttpException.class);
    assertThat(e.infrastructure()).isTrue();
    assertThat(server.callCount()).isEqualTo(RetryPolicy.DEFAULT.maxAttempts());
  }
}
