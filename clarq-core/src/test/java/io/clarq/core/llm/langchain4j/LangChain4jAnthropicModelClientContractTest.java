package io.clarq.core.llm.langchain4j;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.Wire;
import java.net.URI;
import java.util.Optional;

/**
 * A client over an Anthropic model a user built ({@code LangChain4jClients.of(model)}) passes the LlmClient contract
 * against a loopback server speaking Anthropic's protocol, its endings included: LangChain4j maps
 * {@code stop_reason: "refusal"} to OTHER, so clarq reads Anthropic's own stop reason from the raw reply the module
 * keeps in its {@code AnthropicChatResponseMetadata}, and the reply policy refuses the refusal as for the
 * {@code anthropic:} scheme. As for the Gemini model it extends, the key-redaction cases are skipped and no logprobs
 * are expected.
 */
class LangChain4jAnthropicModelClientContractTest extends LangChain4jModelClientContractTest {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    AnthropicChatModel model = AnthropicChatModel.builder()
        .baseUrl(baseUrl.toString()).apiKey(key.map(ApiKey::value).orElse("none")).modelName("contract-model")
        .timeout(settings.timeout()).maxRetries(0).returnThinking(true).build();
    return LangChain4jClients.of(model, settings, LlmListener.NONE);
  }

  @Override
  protected Wire wire() {
    return ProviderWires.ANTHROPIC;
  }
}
