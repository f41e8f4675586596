package io.clarq.core.llm.langchain4j;

import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.testing.LlmClientContract;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.Wire;
import java.net.URI;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A client over a LangChain4j model a user built ({@code LangChain4jClients.of(model)}) passes the LlmClient contract:
 * here Gemini's module with LangChain4j's own HTTP client, against a loopback server speaking Gemini's protocol. Its
 * end reasons are LangChain4j's mapping (clarq never sees the body), and the reply policy above it holds as for every
 * scheme. The model holds its own key, so clarq cannot keep it out of the module's messages: those cases are skipped.
 */
class LangChain4jModelClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    GoogleAiGeminiChatModel model = GoogleAiGeminiChatModel.builder()
        .baseUrl(baseUrl.toString()).apiKey(key.map(ApiKey::value).orElse("none")).modelName("contract-model")
        .timeout(settings.timeout()).maxRetries(0).returnThinking(true).build();
    return LangChain4jClients.of(model, settings, LlmListener.NONE);
  }

  @Override
  protected Wire wire() {
    return ProviderWires.GEMINI;
  }

  @Override
  protected boolean returnsLogprobs() {
    return false;
  }

  @Override
  protected Set<Capability> capabilities() {
    Set<Capability> all = EnumSet.copyOf(super.capabilities());
    all.remove(Capability.KEY_REDACTION);
    return all;
  }
}
