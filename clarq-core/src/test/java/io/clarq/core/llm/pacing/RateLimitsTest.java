package io.clarq.core.llm.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RateLimitsTest {
  private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");

  private static RateLimits read(Map<String, String> headers) {
    Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    h.putAll(headers);
    return RateLimits.read(name -> Optional.ofNullable(h.get(name)), NOW);
  }

  @Test
  void testReadsOpenAisHeaders() {
    // OpenAI "Rate limits" guide, https://platform.openai.com/docs/guides/rate-limits: the headers of every reply,
    // resets as durations ("1s", "6m0s")
    RateLimits r = read(Map.of("x-ratelimit-limit-requests", "500", "x-ratelimit-limit-tokens", "40000",
        "x-ratelimit-remaining-requests", "499", "x-ratelimit-remaining-tokens", "39000",
        "x-ratelimit-reset-requests", "120ms", "x-ratelimit-reset-tokens", "6m0s"));
    assertThat(r).isEqualTo(new RateLimits(OptionalLong.of(500), OptionalLong.of(499),
        Optional.of(Duration.ofMillis(120)), OptionalLong.of(40000), OptionalLong.of(39000),
        Optional.of(Duration.ofMinutes(6))));
    assertThat(r.any()).isTrue();
    assertThat(r.tellsRemaining()).isTrue();
  }

  @Test
  void testReadsAnthropicsHeaders() {
    // https://docs.anthropic.com/en/api/rate-limits: limit, remaining and an RFC 3339 reset per kind; the tokens-*
    // headers state the most restrictive token limit in effect
    RateLimits r = read(Map.of("anthropic-ratelimit-requests-limit", "50",
        "anthropic-ratelimit-requests-remaining", "49", "anthropic-ratelimit-requests-reset", "2026-11-28T00:00:01Z",
        "anthropic-ratelimit-tokens-limit", "80000", "anthropic-ratelimit-tokens-remaining", "79000",
        "anthropic-ratelimit-tokens-reset", "2026-11-28T00:00:00.750Z",
        "anthropic-ratelimit-input-tokens-limit", "40000", "anthropic-ratelimit-input-tokens-remaining", "1"));
    assertThat(r).isEqualTo(new RateLimits(OptionalLong.of(50), OptionalLong.of(49),
        Optional.of(Duration.ofSeconds(1)), OptionalLong.of(80000), OptionalLong.of(79000),
        Optional.of(Duration.ofMillis(750))));
  }

  @Test
  void testAnthropicsInputTokenLimitStandsInWithoutTheCombinedOne() {
    RateLimits r = read(Map.of("anthropic-ratelimit-input-tokens-limit", "40000",
        "anthropic-ratelimit-input-tokens-remaining", "30000",
        "anthropic-ratelimit-input-tokens-reset", "2026-11-27T23:59:59Z"));
    assertThat(r.tokenLimit()).hasValue(40000);
    assertThat(r.tokensRemaining()).hasValue(30000);
    assertThat(r.tokensReset()).contains(Duration.ZERO);   // a reset in the past: now
  }

  @Test
  void testReadsAzuresHeaders() {
    // https://learn.microsoft.com/azure/ai-services/openai/quotas-limits: what remains, without the limit
    RateLimits r = read(Map.of("x-ratelimit-remaining-requests", "79", "x-ratelimit-remaining-tokens", "7990"));
    assertThat(r.requestLimit()).isEmpty();
    assertThat(r.tokenLimit()).isEmpty();
    assertThat(r.requestsRemaining()).hasValue(79);
    assertThat(r.tokensRemaining()).hasValue(7990);
  }

  @Test
  void testNoHeadersSayNothingAndGarbleIsIgnored() {
    assertThat(read(Map.of())).isEqualTo(RateLimits.NONE);
    assertThat(read(Map.of()).any()).isFalse();
    assertThat(read(Map.of("x-ratelimit-limit-tokens", "lots", "x-ratelimit-reset-tokens", "soon")))
        .isEqualTo(RateLimits.NONE);
  }

  @Test
  void testTryAgainInAsOpenAiAndAzureWriteIt() {
    // OpenAI's 429 rate_limit_exceeded: "... Please try again in 1.2s. Visit https://platform.openai.com/..."
    assertThat(RateLimits.tryAgainIn("Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM):"
        + " Limit 40000, Used 39800, Requested 1500. Please try again in 1.2s. Visit https://platform.openai.com/"
        + "account/rate-limits to learn more.")).contains(Duration.ofMillis(1200));
    assertThat(RateLimits.tryAgainIn("... on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try"
        + " again in 20ms.")).contains(Duration.ofMillis(20));
    assertThat(RateLimits.tryAgainIn("Please try again in 6m0s.")).contains(Duration.ofMinutes(6));
    // Azure OpenAI's 429: "... Please retry after 1 second."
    assertThat(RateLimits.tryAgainIn("Requests to the ChatCompletions_Create Operation under Azure OpenAI API"
        + " version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry"
        + " after 1 second.")).contains(Duration.ofSeconds(1));
    assertThat(RateLimits.tryAgainIn("Please retry after 86 seconds")).contains(Duration.ofSeconds(86));
    assertThat(RateLimits.tryAgainIn("Rate limit reached. Please try again later.")).isEmpty();
    assertThat(RateLimits.tryAgainIn(null)).isEmpty();
  }

  @Test
  void testGoDurations() {
    assertThat(RateLimits.goDuration("1h2m3.5s")).contains(Duration.ofMillis(3_723_500));
    assertThat(RateLimits.goDuration("17ms")).contains(Duration.ofMillis(17));
    assertThat(RateLimits.goDuration("0s")).contains(Duration.ZERO);
    assertThat(RateLimits.goDuration("12")).isEmpty();
    assertThat(RateLimits.goDuration("1s and more")).isEmpty();
  }
}
