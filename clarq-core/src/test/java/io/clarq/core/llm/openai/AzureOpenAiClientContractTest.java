package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.testing.LlmClientContract;
import java.net.URI;
import java.util.Optional;

/**
 * The OpenAI client in Azure OpenAI's deployment form passes the LlmClient contract: POST
 * {@code {endpoint}/openai/deployments/{deployment-id}/chat/completions?api-version=...} with the key in an
 * {@code api-key} header (learn.microsoft.com/azure/ai-services/openai/reference), against a loopback server whose
 * bodies are OpenAI's, as Azure's are.
 */
class AzureOpenAiClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    URI deployment = URI.create("http://127.0.0.1:" + baseUrl.getPort()
        + "/openai/deployments/contract-deployment?api-version=2024-10-21");
    // under the reply policy, as LlmClients.fromSpec makes every client
    return ReplyPolicy.enforce(OpenAiClient.builder().baseUrl(deployment).model("contract-model").apiKey(key)
        .settings(settings).build());
  }
}
