package io.clarq.core.llm.usage;

import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a client or a run used.
 *
 * @param calls live calls (answered or failed; retries of one call are one call)
 * @param cacheHits requests answered from a cache, without a call
 * @param retries failed attempts that were tried again
 * @param failures live calls that gave up
 * @param tokensByModel tokens of answered live calls, by model ("" = the server's default)
 * @param callTime the sum of the live calls' durations
 * @param wallTime from the start of the first live call to the end of the last
 */
public record UsageReport(long calls, long cacheHits, long retries, long failures,
    Map<String, TokenUsage> tokensByModel, Duration callTime, Duration wallTime) {
  public static final UsageReport EMPTY = new UsageReport(0, 0, 0, 0, Map.of(), Duration.ZERO, Duration.ZERO);

  public UsageReport {
    tokensByModel = Map.copyOf(tokensByModel);
    Objects.requireNonNull(callTime, "callTime");
    Objects.requireNonNull(wallTime, "wallTime");
    for (long n : List.of(calls, cacheHits, retries, failures)) {
      if (n < 0) {
        throw new IllegalArgumentException("illegal usage count " + n + ": must be non-negative");
      }
    }
  }

  /** Tokens over all models. */
  public TokenUsage tokens() {
    return tokensByModel.values().stream().reduce(TokenUsage.ZERO, TokenUsage::plus);
  }

  /** The cost at {@code prices}; empty when some model with tokens has no price. */
  public Optional<Double> cost(PriceTable prices) {
    return cost(prices, false);
  }

  /**
   * The cost at {@code prices}, at their batch prices when the calls went through a batch API
   * ({@link PriceTable#batchPriceOf}); empty when some model with tokens has no price.
   */
  public Optional<Double> cost(PriceTable prices, boolean batch) {
    double sum = 0;
    for (Map.Entry<String, TokenUsage> e : tokensByModel.entrySet()) {
      Optional<PriceTable.Price> p = batch ? prices.batchPriceOf(e.getKey()) : prices.priceOf(e.getKey());
      if (p.isEmpty()) {
        return Optional.empty();
      }
      sum += p.get().cost(e.getValue());
    }
    return Optional.of(sum);
  }

  /** Models with tokens but no price in {@code prices}. */
  public List<String> unpriced(PriceTable prices) {
    return new TreeMap<>(tokensByModel).keySet().stream().filter(m -> prices.priceOf(m).isEmpty()).toList();
  }

  /**
   * Two reports added up (per-client reports into a run's). Wall times are taken as overlapping: the longer one
   * stands, since the sum would count parallel clients twice.
   */
  public UsageReport plus(UsageReport o) {
    Map<String, TokenUsage> tokens = new HashMap<>(tokensByModel);
    o.tokensByModel.forEach((m, t) -> tokens.merge(m, t, TokenUsage::plus));
    return new UsageReport(calls + o.calls, cacheHits + o.cacheHits, retries + o.retries, failures + o.failures,
        tokens, callTime.plus(o.callTime), wallTime.compareTo(o.wallTime) >= 0 ? wallTime : o.wallTime);
  }

  /**
   * One line: {@code calls 12 (cache hits 3), retries 1, failures 0, tokens 1200 prompt (600 cached) + 80 completion,
   * ...}; "cache hits" are clarq's response cache, "cached" the provider's prompt cache.
   */
  public String summary(Optional<PriceTable> prices) {
    TokenUsage t = tokens();
    // the provider's prompt cache, said only when it served or stored some of the prompt
    String cached = t.cachedInputTokens() + t.cacheWriteTokens() == 0 ? ""
        : String.format(Locale.ROOT, " (%d cached%s)", t.cachedInputTokens(),
            t.cacheWriteTokens() == 0 ? "" : ", " + t.cacheWriteTokens() + " written to the cache");
    String line = String.format(Locale.ROOT, "calls %d (cache hits %d), retries %d, failures %d, tokens %d prompt%s + "
        + "%d completion, call time %.1f s, wall time %.1f s", calls, cacheHits, retries, failures,
        t.promptTokens(), cached, t.completionTokens(), callTime.toMillis() / 1000.0, wallTime.toMillis() / 1000.0);
    if (prices.isPresent()) {
      Optional<Double> cost = cost(prices.get());
      line += cost.map(c -> String.format(Locale.ROOT, ", cost %.4f", c))
          .orElse(", cost unknown (no price for " + String.join(", ", unpriced(prices.get())) + ")");
    }
    return line;
  }

  @Override
  public String toString() {
    return summary(Optional.empty());
  }
}
