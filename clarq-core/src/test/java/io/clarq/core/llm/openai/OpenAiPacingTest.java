package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.pacing.RateBudget;
import io.clarq.core.llm.pacing.RateBudgets;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The OpenAI-compatible client paced by the limits its server states; waits recorded, never slept. */
class OpenAiPacingTest {
  private static final ChatRequest HELLO = ChatRequest.builder().user("hello?").build();
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("ok"));
  private final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient client(int attempts) {
    return OpenAiClient.builder().baseUrl(server.baseUrl()).model("gpt-test")
        .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.DEFAULT.withMaxAttempts(attempts)))
        .sleeper(sleeps::add).build();
  }

  // OpenAI's 429 for a rate limit (https://platform.openai.com/docs/guides/rate-limits): code rate_limit_exceeded, the
  // wait in the message, no retry-after header
  private static FakeReply tryAgainIn(String wait) {
    return FakeReply.error(429, "rate_limit_exceeded", "Rate limit reached for gpt-test in organization org-test on"
        + " tokens per min (TPM): Limit 40000, Used 39800, Requested 1500. Please try again in " + wait + ". Visit"
        + " https://platform.openai.com/account/rate-limits to learn more.");
  }

  @Test
  void testARateLimitSpendsNoAttemptAndWaitsTheTryAgainIn() throws Exception {
    server.enqueue(tryAgainIn("1.2s"), tryAgainIn("2s"), tryAgainIn("1.5s"), tryAgainIn("6m0s"));
    try (OpenAiClient client = client(1)) {
      assertThat(client.chat(HELLO).text()).isEqualTo("ok");
    }
    assertThat(server.callCount()).isEqualTo(5);
    // each wait is counted from the 429, so what is left of it when the caller queues again is a little shorter
    List<Duration> asked = List.of(Duration.ofMillis(1200), Duration.ofSeconds(2), Duration.ofMillis(1500),
        Duration.ofMinutes(6));
    assertThat(sleeps).hasSize(4);
    for (int i = 0; i < 4; i++) {
      assertThat(sleeps.get(i)).isBetween(asked.get(i).minusMillis(500), asked.get(i));
    }
  }

  @Test
  void testAzuresRetryAfterMsIsTheWait() throws Exception {
    // Azure OpenAI (https://learn.microsoft.com/azure/ai-services/openai/quotas-limits): a 429 with retry-after-ms
    // and retry-after, and x-ratelimit-remaining-* without the limits
    server.enqueue(FakeReply.error(429, "429", "Requests to the ChatCompletions_Create Operation under Azure OpenAI"
        + " API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry"
        + " after 1 second.").withHeader("retry-after-ms", "1350").withHeader("retry-after", "2")
        .withHeader("x-ratelimit-remaining-requests", "0").withHeader("x-ratelimit-remaining-tokens", "0"));
    try (OpenAiClient client = client(1)) {
      assertThat(client.chat(HELLO).text()).isEqualTo("ok");
    }
    assertThat(sleeps).singleElement().satisfies(d -> assertThat(d).isBetween(Duration.ofMillis(850),
        Duration.ofMillis(1350)));
  }

  @Test
  void testCallsArePacedToTheLimitsTheServerStates() throws Exception {
    // 60 tokens a minute, one a second, and none left: the next call (six tokens) waits for six seconds' refill
    server.respondWith(r -> FakeReply.text("ok").withHeader("x-ratelimit-limit-requests", "500")
        .withHeader("x-ratelimit-limit-tokens", "60").withHeader("x-ratelimit-remaining-requests", "499")
        .withHeader("x-ratelimit-remaining-tokens", "0").withHeader("x-ratelimit-reset-requests", "120ms")
        .withHeader("x-ratelimit-reset-tokens", "1m0s"));
    try (OpenAiClient client = client(1)) {
      client.chat(HELLO);
      assertThat(sleeps).isEmpty();
      client.chat(HELLO);
    }
    assertThat(sleeps).singleElement().satisfies(d -> assertThat(d).isBetween(Duration.ofSeconds(4),
        Duration.ofSeconds(6)));
    RateBudget budget = RateBudgets.all().stream().filter(b -> b.toString().contains(":" + server.port() + "/"))
        .findFirst().orElseThrow();
    assertThat(budget.toString()).contains("of 60 a minute").contains("of 500 a minute");
  }

  @Test
  void testASpentQuotaIsNoRateLimit() {
    server.enqueue(FakeReply.error(429, "insufficient_quota", "You exceeded your current quota, please check your"
        + " plan and billing details."));
    try (OpenAiClient client = client(5)) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.chat(HELLO))
          .isInstanceOf(io.clarq.core.llm.LlmQuotaException.class);
    }
    assertThat(server.callCount()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
  }
}
