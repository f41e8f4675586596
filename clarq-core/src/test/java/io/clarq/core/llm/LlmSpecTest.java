package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LlmSpecTest {
  @Test
  void testParsesSchemeAndModel() {
    LlmSpec s = LlmSpec.parse("openai:gpt-4o");
    assertThat(s.scheme()).isEqualTo("openai");
    assertThat(s.model()).isEqualTo("gpt-4o");
    assertThat(s.baseUrl()).isEmpty();
    assertThat(s.apiKeyEnv()).containsExactly("CLARQ_LLM_API_KEY", "OPENAI_API_KEY");
    assertThat(s.settings()).isEqualTo(LlmSettings.DEFAULT);
  }

  @Test
  void testModelMayHoldColons() {
    LlmSpec s = LlmSpec.parse("OLLAMA:llama3:8b");
    assertThat(s.scheme()).isEqualTo("ollama");
    assertThat(s.model()).isEqualTo("llama3:8b");
  }

  @Test
  void testBareSchemeHasNoModel() {
    assertThat(LlmSpec.parse("openai").model()).isEmpty();
  }

  @Test
  void testBaseUrlMeansOpenAiCompatible() {
    LlmSpec s = LlmSpec.parse("http://127.0.0.1:8000/v1").withModel("qwen2");
    assertThat(s.scheme()).isEqualTo("openai");
    assertThat(s.baseUrl()).contains(URI.create("http://127.0.0.1:8000/v1"));
    assertThat(s.model()).isEqualTo("qwen2");
    assertThat(s).hasToString("openai:qwen2 @ http://127.0.0.1:8000/v1");
  }

  @Test
  void testRejectsBadSpecsNamingThem() {
    assertThatThrownBy(() -> LlmSpec.parse("  ")).hasMessageContaining("empty")
        .hasMessageContaining("SCHEME:MODEL");
    assertThatThrownBy(() -> LlmSpec.parse("9x:model")).hasMessageContaining("'9x:model'");
    assertThatThrownBy(() -> LlmSpec.parseUrl("ftp://host/v1")).hasMessageContaining("'ftp://host/v1'")
        .hasMessageContaining("http://");
    assertThatThrownBy(() -> LlmSpec.parseUrl("http://bad host")).hasMessageContaining("illegal base URL");
  }

  @Test
  void testSettingsValidateNamingTheValue() {
    assertThatThrownBy(() -> LlmSettings.DEFAULT.withMaxInFlight(0)).hasMessageContaining("max in flight 0");
    assertThatThrownBy(() -> LlmSettings.DEFAULT.withRequestsPerMinute(-1))
        .hasMessageContaining("requests per minute -1");
    assertThatThrownBy(() -> RetryPolicy.DEFAULT.withMaxAttempts(0)).hasMessageContaining("max attempts 0");
  }

  @Test
  void testApiKeyFromEnvironmentPrefersClarqVariableAndNeverPrints() {
    var env = java.util.Map.of("OPENAI_API_KEY", "sk-openai-secret", "CLARQ_LLM_API_KEY", "sk-clarq-secret");
    Optional<ApiKey> key = ApiKey.fromEnvironment(ApiKey.DEFAULT_ENV, env::get);
    assertThat(key).map(ApiKey::value).contains("sk-clarq-secret");
    assertThat(key.orElseThrow()).hasToString("ApiKey[from env CLARQ_LLM_API_KEY]");
    assertThat(ApiKey.fromEnvironment(ApiKey.DEFAULT_ENV, java.util.Map.of("OPENAI_API_KEY", "sk-o")::get))
        .map(ApiKey::source).contains("env OPENAI_API_KEY");
    assertThat(ApiKey.fromEnvironment(ApiKey.DEFAULT_ENV, name -> null)).isEmpty();
    assertThat(key.orElseThrow().redact("echo sk-clarq-secret!")).isEqualTo("echo [redacted]!");
    assertThatThrownBy(() -> ApiKey.of("sk-with space", "env X")).hasMessageContaining("env X")
        .hasMessageNotContaining("sk-with");
  }

  @Test
  void testSeveralBaseUrlsAndAnIdentityWithoutCredentials() {
    LlmSpec s = LlmSpec.parse("openai:m").withBaseUrls(List.of(URI.create("http://user:secret@10.0.0.5:8000/v1/"),
        URI.create("http://10.0.0.6:8000/v1?api-key=secret")));
    assertThat(s.baseUrl()).contains(URI.create("http://user:secret@10.0.0.5:8000/v1/"));
    assertThat(s.identity()).isEqualTo("openai:m @ http://10.0.0.5:8000/v1, http://10.0.0.6:8000/v1");
    assertThat(s.toString()).doesNotContain("secret");
    assertThat(LlmSpec.parse("http://127.0.0.1:8000/v1").identity())
        .isEqualTo("openai:(server default) @ http://127.0.0.1:8000/v1");
    assertThatThrownBy(() -> s.withBaseUrls(List.of(URI.create("http://a:1/v1"), URI.create("http://a:1/v1/"))))
        .hasMessageContaining("a server is given twice");
  }

  @Test
  void testStreamingIsRefusedWhenTheParamIsGiven() {
    // clarq reads whole replies: stream=true would make every server answer in events
    for (String value : List.of("true", "\"true\"", "1")) {
      assertThatThrownBy(() -> LlmSpec.parse("openai:gpt-4o").withParam("stream", value))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("stream=" + value).hasMessageContaining("streaming is not supported");
    }
    assertThat(LlmSpec.parse("openai:gpt-4o").withParam("stream", "false").params()).containsEntry("stream", "false");
    assertThatThrownBy(() -> LlmSpec.parse("ollama:llama3").withParams(java.util.Map.of("stream", "true")))
        .hasMessageContaining("streaming is not supported");
  }
}
