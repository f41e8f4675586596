package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.testing.LlmClientContract;
import io.clarq.core.testing.ResponsesApiWire;
import io.clarq.core.testing.Wire;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/** The {@code openai-responses:} scheme passes the LlmClient contract against a loopback Responses API server. */
class OpenAiResponsesClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    LlmSpec spec = LlmSpec.parse("openai-responses:contract-model").withBaseUrl(baseUrl).withSettings(settings);
    return new OpenAiResponsesClientProvider().create(spec, key, Map.of(), LlmListener.NONE);
  }

  @Override
  protected Wire wire() {
    return ResponsesApiWire.RESPONSES;
  }
}
