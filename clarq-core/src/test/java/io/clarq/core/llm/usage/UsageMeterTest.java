package io.clarq.core.llm.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ScriptedLlmClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsageMeterTest {
  @TempDir Path dir;

  @Test
  void testCountsCallsHitsRetriesFailuresAndTokensPerClientAndPerRun() throws Exception {
    UsageMeter client = new UsageMeter();
    UsageMeter run = new UsageMeter();
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("ok").withUsage(100, 10))) {
      server.enqueue(FakeReply.serverError(), FakeReply.rateLimited());
      LlmListener both = LlmListener.all(List.of(client.listener("gpt-4o"), run.listener("gpt-4o")));
      OpenAiClient live = OpenAiClient.builder().baseUrl(server.baseUrl()).model("gpt-4o").listener(both)
          .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.DEFAULT.withMaxAttempts(3)
              .withBackoff(Duration.ZERO, Duration.ZERO))).sleeper(d -> { }).build();
      try (CachingLlmClient cached = new CachingLlmClient(live, ResponseCacheFile.open(dir.resolve("c.jsonl")),
          server.baseUrl().toString(), "gpt-4o", CachePolicy.DEFAULT, both)) {
        ChatRequest q = ChatRequest.builder().user("q").temperature(0.0).build();
        asked(cached, q);                                  // 2 retries, then 100/10 tokens
        cached.chat(q);                                  // cache hit
        asked(cached, q.toBuilder().model("gpt-4o-mini").build());  // 100/10 on the mini model
        server.respondWith(r -> FakeReply.contextLengthExceeded());
        try {
          cached.chat(q.toBuilder().user("long").build());
        } catch (io.clarq.core.llm.LlmException expected) {
          // counted as a failure
        }
      }
    }
    UsageReport r = client.report();
    assertThat(r.calls()).isEqualTo(3);
    assertThat(r.cacheHits()).isEqualTo(1);
    assertThat(r.retries()).isEqualTo(2);
    assertThat(r.failures()).isEqualTo(1);
    assertThat(r.tokensByModel()).isEqualTo(Map.of("gpt-4o", new TokenUsage(100, 10),
        "gpt-4o-mini", new TokenUsage(100, 10)));
    assertThat(r.tokens()).isEqualTo(new TokenUsage(200, 20));
    assertThat(r.wallTime()).isPositive();
    assertThat(r.callTime()).isPositive();
    assertThat(run.report().calls()).isEqualTo(3);
    UsageReport twice = r.plus(run.report());
    assertThat(twice.calls()).isEqualTo(6);
    assertThat(twice.tokens()).isEqualTo(new TokenUsage(400, 40));

    PriceTable prices = PriceTable.parse("gpt-4o=2.50/10.00, gpt-4o-mini=0.15/0.60");
    // 100*2.5 + 10*10 + 100*0.15 + 10*0.6 per million
    assertThat(r.cost(prices)).hasValueSatisfying(c -> assertThat(c).isCloseTo(371e-6, within(1e-12)));
    assertThat(r.summary(Optional.of(prices))).startsWith("calls 3 (cache hits 1), retries 2, failures 1, "
        + "tokens 200 prompt + 20 completion").endsWith("cost 0.0004");
    assertThat(r.cost(PriceTable.parse("gpt-4o-mini=1/1"))).isEmpty();
    assertThat(r.summary(Optional.of(PriceTable.parse("gpt-4o-mini=1/1"))))
        .endsWith("cost unknown (no price for gpt-4o)");
  }

  @Test
  void testPriceTableMatchesTheLongestPrefixAndRejectsBadEntries() {
    PriceTable t = PriceTable.parse("gpt-4o=2.5/10,gpt-4o-mini=0.15/0.6");
    assertThat(t.priceOf("gpt-4o-mini-2024-07-18")).contains(new PriceTable.Price(0.15, 0.6));
    assertThat(t.priceOf("gpt-4o-2024-08-06")).contains(new PriceTable.Price(2.5, 10));
    assertThat(t.priceOf("llama3")).isEmpty();
    assertThatThrownBy(() -> PriceTable.parse("gpt-4o:2.5")).hasMessageContaining("'gpt-4o:2.5'");
    assertThatThrownBy(() -> PriceTable.parse("m=x/1")).hasMessageContaining("'m=x/1'")
        .hasMessageContaining("numbers");
    assertThatThrownBy(() -> PriceTable.parse("m=-1/1")).hasMessageContaining("illegal price -1.0/1.0");
  }

  @Test
  void testMeteredClientReportsForClientsThatDoNot() throws Exception {
    UsageMeter meter = new UsageMeter();
    ScriptedLlmClient scripted = ScriptedLlmClient.replying("a", "b");
    try (MeteredLlmClient metered = new MeteredLlmClient(scripted, meter.listener("scripted"))) {
      metered.chat(ChatRequest.builder().user("1").build());
      metered.chat(ChatRequest.builder().user("2").build());
      assertThatThrownBy(() -> metered.chat(ChatRequest.builder().user("3").build()))
          .hasMessageContaining("no reply left");
    }
    UsageReport r = meter.report();
    assertThat(r.calls()).isEqualTo(3);
    assertThat(r.failures()).isEqualTo(1);
    assertThat(r.tokensByModel()).containsOnlyKeys("scripted");
  }

  @Test
  void testEmptyMeter() {
    assertThat(new UsageMeter().report()).isEqualTo(UsageReport.EMPTY);
  }

  /** Asks and accepts the reply, as a caller that could use it does. */
  private static ChatResponse asked(LlmClient client, ChatRequest request) throws LlmException {
    ChatResponse response = client.chat(request);
    client.accept(request, response);
    return response;
  }
}
