package io.clarq.examples.bench;

import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A model server's rate limit as the providers document it, in front of a responder: a token bucket of
 * {@code tokensPerMinute} and one of {@code requestsPerMinute}, each starting full and refilled continuously; each
 * request is counted as its prompt (characters / 4, OpenAI's rule of thumb) plus its {@code max_tokens}. A request the
 * buckets cannot hold gets the provider's 429, with the wait until they could; every reply carries the provider's
 * limit headers.
 *
 * <ul>
 *   <li>{@link Style#OPENAI} ("Rate limits" guide, https://platform.openai.com/docs/guides/rate-limits):
 *       {@code x-ratelimit-limit-*}, {@code -remaining-*}, {@code -reset-*} (Go durations) on every reply; the 429
 *       is {@code rate_limit_exceeded} whose message says "Please try again in 1.2s", with no {@code retry-after};
 *   <li>{@link Style#AZURE} (https://learn.microsoft.com/azure/ai-services/openai/quotas-limits):
 *       {@code x-ratelimit-remaining-requests} and {@code -tokens} only; the 429 carries {@code retry-after-ms} and
 *       {@code retry-after} and says "Please retry after N seconds";
 *   <li>{@link Style#ANTHROPIC} (https://docs.anthropic.com/en/api/rate-limits):
 *       {@code anthropic-ratelimit-requests-*} and {@code anthropic-ratelimit-tokens-*} (limit, remaining, reset as
 *       an RFC 3339 time); the 429 is {@code rate_limit_error} with {@code retry-after} in whole seconds.
 * </ul>
 */
final class RateLimitedServer implements Function<RecordedRequest, FakeReply> {
  /** Whose headers and 429s the server imitates. */
  enum Style { OPENAI, AZURE, ANTHROPIC }

  private static final double MINUTE = 60e9;

  private final Style style;
  private final Function<RecordedRequest, FakeReply> responder;
  private final long tpm;
  private final long rpm;
  private final LongSupplier clock = System::nanoTime;
  private double tokens;
  private double requests;
  private long at;
  private long admittedTokens;
  private long admittedRequests;
  private long refused;

  RateLimitedServer(Style style, Function<RecordedRequest, FakeReply> responder, long tpm, long rpm) {
    this.style = style;
    this.responder = responder;
    this.tpm = tpm;
    this.rpm = rpm;
    this.tokens = tpm;
    this.requests = rpm;
    this.at = clock.getAsLong();
  }

  /** The tokens of a request as the server counts them: prompt characters / 4, plus {@code max_tokens}. */
  static long count(RecordedRequest r) {
    long chars = r.messages().stream().mapToLong(m -> m.content().length()).sum();
    long max = r.json().path("max_tokens").asLong(r.json().path("max_completion_tokens").asLong(0));
    return (chars + 3) / 4 + max;
  }

  @Override
  public FakeReply apply(RecordedRequest r) {
    long cost = count(r);
    long tokensLeft;
    long requestsLeft;
    double tokensWait;
    double requestsWait;
    synchronized (this) {
      long now = clock.getAsLong();
      tokens = Math.min(tpm, tokens + (now - at) * tpm / MINUTE);
      requests = Math.min(rpm, requests + (now - at) * rpm / MINUTE);
      at = now;
      if (tokens >= cost && requests >= 1) {
        tokens -= cost;
        requests -= 1;
        admittedTokens += cost;
        admittedRequests++;
        tokensLeft = (long) tokens;
        requestsLeft = (long) requests;
        tokensWait = -1;
        requestsWait = -1;
      } else {
        refused++;
        tokensLeft = (long) tokens;
        requestsLeft = (long) requests;
        tokensWait = Math.max(0, (cost - tokens) * MINUTE / tpm);
        requestsWait = Math.max(0, (1 - requests) * MINUTE / rpm);
      }
    }
    Duration tokensReset = Duration.ofNanos((long) ((tpm - tokensLeft) * MINUTE / tpm));
    Duration requestsReset = Duration.ofNanos((long) ((rpm - requestsLeft) * MINUTE / rpm));
    FakeReply reply;
    if (tokensWait < 0) {
      reply = responder.apply(r);
    } else {
      Duration wait = Duration.ofNanos((long) Math.ceil(Math.max(tokensWait, requestsWait)));
      String what = tokensWait >= requestsWait ? "tokens per min (TPM): Limit " + tpm + ", Used " + (tpm - tokensLeft)
          + ", Requested " + cost : "requests per min (RPM): Limit " + rpm + ", Used " + (rpm - requestsLeft)
          + ", Requested 1";
      reply = switch (style) {
        case OPENAI -> FakeReply.error(429, "rate_limit_exceeded", "Rate limit reached for simulated in organization"
            + " org-bench on " + what + ". Please try again in " + go(wait) + ". Visit"
            + " https://platform.openai.com/account/rate-limits to learn more.");
        case AZURE -> FakeReply.error(429, "429", "Requests to the ChatCompletions_Create Operation under Azure OpenAI"
            + " API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please"
            + " retry after " + seconds(wait) + " seconds.")
            .withHeader("retry-after-ms", Long.toString(Math.max(1, wait.toMillis())))
            .withHeader("retry-after", Long.toString(seconds(wait)));
        case ANTHROPIC -> FakeReply.error(429, "rate_limit_error", "This request would exceed the rate limit for"
            + " your organization of " + tpm + " input tokens per minute.")
            .withHeader("retry-after", Long.toString(seconds(wait)));
      };
    }
    return headers(reply, tokensLeft, requestsLeft, tokensReset, requestsReset);
  }

  private FakeReply headers(FakeReply reply, long tokensLeft, long requestsLeft, Duration tokensReset,
      Duration requestsReset) {
    return switch (style) {
      case OPENAI -> reply.withHeader("x-ratelimit-limit-requests", Long.toString(rpm))
          .withHeader("x-ratelimit-limit-tokens", Long.toString(tpm))
          .withHeader("x-ratelimit-remaining-requests", Long.toString(requestsLeft))
          .withHeader("x-ratelimit-remaining-tokens", Long.toString(tokensLeft))
          .withHeader("x-ratelimit-reset-requests", go(requestsReset))
          .withHeader("x-ratelimit-reset-tokens", go(tokensReset));
      case AZURE -> reply.withHeader("x-ratelimit-remaining-requests", Long.toString(requestsLeft))
          .withHeader("x-ratelimit-remaining-tokens", Long.toString(tokensLeft));
      case ANTHROPIC -> {
        Instant now = Instant.now();
        yield reply.withHeader("anthropic-ratelimit-requests-limit", Long.toString(rpm))
            .withHeader("anthropic-ratelimit-requests-remaining", Long.toString(requestsLeft))
            .withHeader("anthropic-ratelimit-requests-reset", now.plus(requestsReset).toString())
            .withHeader("anthropic-ratelimit-tokens-limit", Long.toString(tpm))
            .withHeader("anthropic-ratelimit-tokens-remaining", Long.toString(tokensLeft))
            .withHeader("anthropic-ratelimit-tokens-reset", now.plus(tokensReset).toString());
      }
    };
  }

  // Go's duration text, as OpenAI writes it: "20ms", "1.2s", "6m0s"
  static String go(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return Math.max(1, ms) + "ms";
    }
    if (ms < 60_000) {
      return String.format(Locale.ROOT, "%.3fs", ms / 1000.0).replaceAll("0+s$", "s").replace(".s", "s");
    }
    return ms / 60_000 + "m" + String.format(Locale.ROOT, "%.3fs", ms % 60_000 / 1000.0)
        .replaceAll("0+s$", "s").replace(".s", "s");
  }

  private static long seconds(Duration d) {
    return Math.max(1, (d.toMillis() + 999) / 1000);
  }

  synchronized long admittedTokens() {
    return admittedTokens;
  }

  synchronized long admittedRequests() {
    return admittedRequests;
  }

  synchronized long refused() {
    return refused;
  }
}
