package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmClientsTest {
  @Test
  void testFindsTheOpenAiProviderAndReadsTheKeyFromTheEnvironment() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("model=" + r.model()))) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("local-7b");
      try (LlmClient client = LlmClients.fromSpec(spec, Map.of("OPENAI_API_KEY", "sk-env")::get,
          LlmListener.NONE)) {
        assertThat(client.chat(ChatRequest.builder().user("hi").build()).text()).isEqualTo("model=local-7b");
      }
      assertThat(server.requests().get(0).header("Authorization")).contains("Bearer sk-env");
    }
  }

  @Test
  void testNoKeyIsFineForALocalServer() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("ok"))) {
      try (LlmClient client = LlmClients.fromSpec(LlmSpec.parse(server.baseUrl().toString()), n -> null,
          LlmListener.NONE)) {
        assertThat(client.chat(ChatRequest.builder().user("hi").build()).text()).isEqualTo("ok");
      }
      assertThat(server.requests().get(0).header("Authorization")).isEmpty();
    }
  }

  @Test
  void testUnknownSchemeListsTheKnownOnes() {
    assertThatThrownBy(() -> LlmClients.fromSpec("bedrock:claude"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown LLM scheme 'bedrock'")
        .hasMessageContaining("known schemes: ")
        .hasMessageContaining("openai (OpenAI or any OpenAI-compatible server");
    assertThat(LlmClients.knownSchemes()).containsKeys("openai", "anthropic", "gemini", "ollama");
  }

  @Test
  void testOpenAiWithoutModelOrBaseUrlIsRefused() {
    assertThatThrownBy(() -> LlmClients.fromSpec("openai")).hasMessageContaining("names no model");
  }
}
