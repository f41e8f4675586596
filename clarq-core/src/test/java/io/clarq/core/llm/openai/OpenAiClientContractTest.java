package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.testing.LlmClientContract;
import java.net.URI;
import java.util.Optional;

class OpenAiClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    // under the reply policy, as LlmClients.fromSpec makes every client
    return ReplyPolicy.enforce(OpenAiClient.builder().baseUrl(baseUrl).model("contract-model").apiKey(key)
        .settings(settings).build());
  }
}
