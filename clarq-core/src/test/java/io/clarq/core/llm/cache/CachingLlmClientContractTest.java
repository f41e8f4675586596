package io.clarq.core.llm.cache;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.LlmClientContract;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

class CachingLlmClientContractTest extends LlmClientContract {
  @TempDir Path dir;

  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    OpenAiClient live = OpenAiClient.builder().baseUrl(baseUrl).model("contract-model").apiKey(key)
        .settings(settings).build();
    // over a client under the reply policy, as the clarq command composes them
    return new CachingLlmClient(ReplyPolicy.enforce(live), ResponseCacheFile.open(dir.resolve("contract-cache.jsonl")),
        baseUrl.toString(), "contract-model", CachePolicy.DEFAULT, LlmListener.NONE);
  }
}
