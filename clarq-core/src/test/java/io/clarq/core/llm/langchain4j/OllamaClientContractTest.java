package io.clarq.core.llm.langchain4j;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.testing.LlmClientContract;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.Wire;
import java.net.URI;
import java.util.Optional;

/** The {@code ollama:} scheme passes the LlmClient contract against a loopback server speaking Ollama's own protocol. */
class OllamaClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    // Ollama reads no key variable by default; a key named by --api-key-env goes as a bearer token
    LlmSpec spec = LlmSpec.parse("ollama:contract-model").withBaseUrl(baseUrl).withSettings(settings)
        .withApiKeyEnv(java.util.List.of("OLLAMA_CONTRACT_KEY"));
    // as a user gets it: through LlmClients, under the reply policy
    return LlmClients.fromSpec(spec, name -> key.map(ApiKey::value).orElse(null), LlmListener.NONE);
  }

  @Override
  protected Wire wire() {
    return ProviderWires.OLLAMA;
  }

  @Override
  protected boolean returnsLogprobs() {
    return false;
  }

  @Override
  protected boolean reportsContextLength() {
    return false;
  }
}
