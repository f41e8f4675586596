package io.clarq.core.llm.usage;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.LlmClientContract;
import java.net.URI;
import java.util.Optional;

/** The metering decorator around the OpenAI client passes the LlmClient contract. */
class MeteredLlmClientContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    // over a client under the reply policy, as the clarq command composes them
    return new MeteredLlmClient(ReplyPolicy.enforce(OpenAiClient.builder().baseUrl(baseUrl).model("contract-model")
        .apiKey(key).settings(settings).build()), LlmListener.NONE);
  }
}
