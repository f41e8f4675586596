package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Azure OpenAI's two URL forms (learn.microsoft.com/azure/ai-services/openai/reference: POST
 * {endpoint}/openai/deployments/{deployment-id}/chat/completions?api-version=... with an {@code api-key} header; and
 * the OpenAI-compatible {endpoint}/openai/v1/ path, used as plain OpenAI).
 */
class AzureOpenAiTest {
  private static final String KEY = "azure-key-0123456789abcdef";
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("fine"));

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient client(URI base) {
    return OpenAiClient.builder().baseUrl(base).model("gpt-4o").apiKey(ApiKey.of(KEY, "test"))
        .settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.NONE)).build();
  }

  @Test
  void testADeploymentUrlKeepsItsQueryAfterThePathAndSendsTheKeyAsApiKey() throws Exception {
    URI base = URI.create("http://127.0.0.1:" + server.port() + "/openai/deployments/my-gpt4o?api-version=2024-10-21");
    try (OpenAiClient client = client(base)) {
      assertThat(client.chat(ChatRequest.builder().user("hi").build()).text()).isEqualTo("fine");
      assertThat(client.toString()).doesNotContain("api-version").contains("api-key");
    }
    RecordedRequest r = server.requests().get(0);
    assertThat(r.path()).isEqualTo("/openai/deployments/my-gpt4o/chat/completions");
    assertThat(r.query()).isEqualTo("api-version=2024-10-21");
    assertThat(r.header("api-key")).contains(KEY);
    assertThat(r.header("Authorization")).isEmpty();
  }

  @Test
  void testTheV1PathIsPlainOpenAi() throws Exception {
    try (OpenAiClient client = client(URI.create("http://127.0.0.1:" + server.port() + "/openai/v1"))) {
      client.chat(ChatRequest.builder().user("hi").build());
    }
    RecordedRequest r = server.requests().get(0);
    assertThat(r.path()).isEqualTo("/openai/v1/chat/completions");
    assertThat(r.query()).isEmpty();
    assertThat(r.header("Authorization")).contains("Bearer " + KEY);
    assertThat(r.header("api-key")).isEmpty();
  }

  @Test
  void testWhichUrlsTakeTheKeyAsApiKey() {
    assertThat(OpenAiExchange.azureKey(URI.create("https://res.openai.azure.com/openai/deployments/d?api-version=1")))
        .isTrue();
    assertThat(OpenAiExchange.azureKey(URI.create("https://res.openai.azure.com"))).isTrue();
    assertThat(OpenAiExchange.azureKey(URI.create("https://res.cognitiveservices.azure.com/openai/deployments/d")))
        .isTrue();
    assertThat(OpenAiExchange.azureKey(URI.create("https://res.openai.azure.com/openai/v1"))).isFalse();
    assertThat(OpenAiExchange.azureKey(URI.create("https://api.openai.com/v1"))).isFalse();
  }

  @Test
  void testTheQueryIsNeverPrinted() {
    // a query may hold secrets: errors show scheme, host, port and path only
    server.respondWith(r -> FakeReply.serverError());
    URI base = URI.create("http://127.0.0.1:" + server.port() + "/openai/deployments/d?api-version=2024-10-21&sig=s3cr3t");
    try (OpenAiClient client = client(base)) {
      assertThatThrownBy(() -> client.chat(ChatRequest.builder().user("hi").build()))
          .isInstanceOf(LlmException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cr3t").doesNotContain("api-version")
              .contains("/openai/deployments/d/chat/completions"));
      assertThat(client.toString()).doesNotContain("s3cr3t");
    }
  }

  @Test
  void testSpecsTakeBothFormsAndShowThemWithoutTheQuery() {
    LlmSpec spec = LlmSpec.parse("https://res.openai.azure.com/openai/deployments/gpt4o?api-version=2024-10-21");
    assertThat(spec.baseUrl().orElseThrow().getRawQuery()).isEqualTo("api-version=2024-10-21");
    assertThat(spec.identity()).isEqualTo("openai:(server default) @ https://res.openai.azure.com/openai/deployments/gpt4o");
    assertThat(LlmSpec.parse("https://res.openai.azure.com/openai/v1/").withModel("gpt-4o").toString())
        .isEqualTo("openai:gpt-4o @ https://res.openai.azure.com/openai/v1");
    // the cache writes its key's endpoint into the file: no query there either
    assertThat(io.clarq.core.llm.cache.CachingLlmClient.endpointOf(LlmSpec.parse(
        "https://res.openai.azure.com/openai/deployments/gpt4o?api-version=2024-10-21&api-key=secret")))
        .isEqualTo("https://res.openai.azure.com/openai/deployments/gpt4o");
    assertThat(io.clarq.core.llm.cache.CachingLlmClient.endpointOf(LlmSpec.parse("http://127.0.0.1:8000/v1/")))
        .isEqualTo("http://127.0.0.1:8000/v1");
  }
}
