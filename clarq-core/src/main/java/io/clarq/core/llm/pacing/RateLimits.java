package io.clarq.core.llm.pacing;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one reply said about the rate limits, read from its headers in each provider's documented names. Every part
 * is optional: a server sends some, all or none.
 *
 * <ul>
 *   <li>OpenAI ("Rate limits" guide, https://platform.openai.com/docs/guides/rate-limits):
 *       {@code x-ratelimit-limit-requests}, {@code x-ratelimit-limit-tokens}, {@code x-ratelimit-remaining-requests},
 *       {@code x-ratelimit-remaining-tokens}, {@code x-ratelimit-reset-requests} and {@code x-ratelimit-reset-tokens}
 *       (durations such as {@code 1s}, {@code 6m0s}, {@code 120ms}); a 429's message says "Please try again in
 *       1.2s";
 *   <li>Anthropic (https://docs.anthropic.com/en/api/rate-limits): {@code anthropic-ratelimit-requests-limit},
 *       {@code -remaining}, {@code -reset} (RFC 3339 times), the same for {@code anthropic-ratelimit-tokens-*}
 *       (the most restrictive token limit in effect), else {@code anthropic-ratelimit-input-tokens-*}; a 429 has
 *       {@code retry-after} in seconds;
 *   <li>Azure OpenAI (https://learn.microsoft.com/azure/ai-services/openai/quotas-limits):
 *       {@code x-ratelimit-remaining-requests} and {@code x-ratelimit-remaining-tokens} without the limits; a 429 has
 *       {@code retry-after-ms} and {@code retry-after} and says "Please retry after N seconds".
 * </ul>
 *
 * @param requestLimit requests allowed per minute
 * @param requestsRemaining requests left in the budget when the server answered
 * @param requestsReset time until the request budget is whole again
 * @param tokenLimit tokens allowed per minute
 * @param tokensRemaining tokens left when the server answered
 * @param tokensReset time until the token budget is whole again
 */
public record RateLimits(OptionalLong requestLimit, OptionalLong requestsRemaining, Optional<Duration> requestsReset,
    OptionalLong tokenLimit, OptionalLong tokensRemaining, Optional<Duration> tokensReset) {
  /** A reply that said nothing about limits. */
  public static final RateLimits NONE = new RateLimits(OptionalLong.empty(), OptionalLong.empty(), Optional.empty(),
      OptionalLong.empty(), OptionalLong.empty(), Optional.empty());

  // Go's time.Duration text, as OpenAI sends it: "1s", "6m0s", "1.2s", "120ms", "1h2m3.5s"
  private static final Pattern GO_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s|us|µs|ns)");
  // OpenAI: "Please try again in 1.2s." / "in 20ms" / "in 6m0s"; Azure: "Please retry after 1 second."
  private static final Pattern TRY_AGAIN = Pattern.compile(
      "(?:try again in|retry after)\\s+((?:\\d+(?:\\.\\d+)?(?:h|ms|m|s|us|µs|ns))+|\\d+(?:\\.\\d+)?\\s*"
          + "(?:seconds?|milliseconds?))", Pattern.CASE_INSENSITIVE);

  public RateLimits {
    java.util.Objects.requireNonNull(requestLimit, "requestLimit");
    java.util.Objects.requireNonNull(requestsRemaining, "requestsRemaining");
    java.util.Objects.requireNonNull(requestsReset, "requestsReset");
    java.util.Objects.requireNonNull(tokenLimit, "tokenLimit");
    java.util.Objects.requireNonNull(tokensRemaining, "tokensRemaining");
    java.util.Objects.requireNonNull(tokensReset, "tokensReset");
  }

  /**
   * Reads the limit headers of one reply.
   *
   * @param header a header's first value by name, case-insensitive
   * @param now the time the reply came, to turn Anthropic's reset times into waits
   */
  public static RateLimits read(Function<String, Optional<String>> header, Instant now) {
    OptionalLong requestLimit = number(header, "x-ratelimit-limit-requests", "anthropic-ratelimit-requests-limit");
    OptionalLong requestsLeft = number(header, "x-ratelimit-remaining-requests",
        "anthropic-ratelimit-requests-remaining");
    Optional<Duration> requestsReset = wait(header, now, "x-ratelimit-reset-requests",
        "anthropic-ratelimit-requests-reset");
    String tokens = header.apply("anthropic-ratelimit-tokens-limit").isPresent()
        || header.apply("anthropic-ratelimit-tokens-remaining").isPresent()
        ? "anthropic-ratelimit-tokens-" : "anthropic-ratelimit-input-tokens-";
    OptionalLong tokenLimit = number(header, "x-ratelimit-limit-tokens", tokens + "limit");
    OptionalLong tokensLeft = number(header, "x-ratelimit-remaining-tokens", tokens + "remaining");
    Optional<Duration> tokensReset = wait(header, now, "x-ratelimit-reset-tokens", tokens + "reset");
    return new RateLimits(requestLimit, requestsLeft, requestsReset, tokenLimit, tokensLeft, tokensReset);
  }

  /** Whether the reply said anything about the limits. */
  public boolean any() {
    return !equals(NONE);
  }

  /** Whether the reply said how much is left of either budget (the server limits and says so). */
  public boolean tellsRemaining() {
    return requestsRemaining.isPresent() || tokensRemaining.isPresent();
  }

  /**
   * The wait a rate-limit error's message names: OpenAI's "Please try again in 1.2s" (or "in 20ms", "in 6m0s"),
   * Azure's "Please retry after 1 second"; empty when it names none.
   */
  public static Optional<Duration> tryAgainIn(String message) {
    Matcher m = TRY_AGAIN.matcher(message == null ? "" : message);
    if (!m.find()) {
      return Optional.empty();
    }
    String text = m.group(1).strip().toLowerCase(Locale.ROOT);
    if (text.endsWith("second") || text.endsWith("seconds")) {
      double n = Double.parseDouble(text.replaceAll("[^0-9.]", ""));
      return Optional.of(Duration.ofNanos(Math.round(n * (text.contains("milli") ? 1e6 : 1e9))));
    }
    return goDuration(text);
  }

  /** A Go duration as OpenAI's reset headers send it ({@code 6m0s}, {@code 1.2s}, {@code 120ms}); empty if not one. */
  static Optional<Duration> goDuration(String text) {
    String t = text.strip();
    Matcher m = GO_DURATION.matcher(t);
    double nanos = 0;
    int end = 0;
    while (m.find()) {
      if (m.start() != end) {
        return Optional.empty();
      }
      double n = Double.parseDouble(m.group(1));
      nanos += n * switch (m.group(2)) {
        case "h" -> 3600e9;
        case "m" -> 60e9;
        case "s" -> 1e9;
        case "ms" -> 1e6;
        case "us", "µs" -> 1e3;
        default -> 1;
      };
      end = m.end();
    }
    return end == 0 || end != t.length() ? Optional.empty() : Optional.of(Duration.ofNanos(Math.round(nanos)));
  }

  private static OptionalLong number(Function<String, Optional<String>> header, String... names) {
    for (String name : names) {
      Optional<String> v = header.apply(name);
      if (v.isPresent()) {
        try {
          return OptionalLong.of(Math.max(0, Math.round(Double.parseDouble(v.get().strip()))));
        } catch (NumberFormatException e) {
          // a value we cannot read says nothing
        }
      }
    }
    return OptionalLong.empty();
  }

  // OpenAI's Go durations, Anthropic's RFC 3339 times, or a number of seconds
  private static Optional<Duration> wait(Function<String, Optional<String>> header, Instant now, String... names) {
    for (String name : names) {
      Optional<String> v = header.apply(name).map(String::strip);
      if (v.isEmpty()) {
        continue;
      }
      Optional<Duration> go = goDuration(v.get());
      if (go.isPresent()) {
        return go;
      }
      try {
        Duration d = Duration.between(now, OffsetDateTime.parse(v.get()).toInstant());
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
      } catch (DateTimeParseException e) {
        try {
          return Optional.of(Duration.ofMillis(Math.max(0, Math.round(Double.parseDouble(v.get()) * 1000))));
        } catch (NumberFormatException e2) {
          // unreadable: says nothing
        }
      }
    }
    return Optional.empty();
  }
}
