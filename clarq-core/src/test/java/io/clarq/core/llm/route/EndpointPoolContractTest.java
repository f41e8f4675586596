package io.clarq.core.llm.route;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.LlmClientContract;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A pool of two servers passes the LlmClient contract: each server's client makes one attempt and the pool retries,
 * as {@link EndpointPool} asks. Both endpoints are the contract's loopback server, under two names.
 */
class EndpointPoolContractTest extends LlmClientContract {
  @Override
  protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
    LlmSettings once = settings.withRetry(RetryPolicy.NONE);
    List<EndpointPool.Endpoint> endpoints = List.of(
        new EndpointPool.Endpoint("first", OpenAiClient.builder().baseUrl(baseUrl).model("contract-model")
            .apiKey(key).settings(once).build()),
        new EndpointPool.Endpoint("second", OpenAiClient.builder().baseUrl(baseUrl).model("contract-model")
            .apiKey(key).settings(once).build()));
    // under the reply policy, as LlmClients.fromSpec returns a pool
    return ReplyPolicy.enforce(new EndpointPool(endpoints, settings.retry(), Duration.ofMillis(50), LlmListener.NONE,
        d -> Thread.sleep(d.toMillis())));
  }
}
