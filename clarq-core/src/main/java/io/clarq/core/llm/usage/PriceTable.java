package io.clarq.core.llm.usage;

import io.clarq.core.llm.TokenUsage;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Prices per million tokens, by model. A model is priced by its exact name or, failing that, by the longest listed
 * name it starts with ({@code gpt-4o-2024-08-06} by {@code gpt-4o}). Parsed from
 * {@code gpt-4o=2.50/10.00/1.25,claude-3-5-sonnet=3.00/15.00/0.30/3.75} (input/output, then optionally the price of
 * cached input tokens and of cache-written input tokens, in any one currency). Cached and cache-written input tokens
 * not priced cost the input price: the cost is then what it would be without the provider's cache discount (OpenAI's
 * cache writes are free: give their price as 0 where it matters; Anthropic's cost 1.25 times the input price).
 *
 * <p>Batch APIs (OpenAI's Batch API, Anthropic's Message Batches) charge half the synchronous prices; an entry
 * {@code batch:MODEL=...} gives a model's batch prices where they differ ({@link #batchPriceOf}).
 */
public final class PriceTable {
  /** The prefix of an entry that prices a model's batch calls. */
  public static final String BATCH = "batch:";

  /**
   * Prices per million input (prompt) and output (completion) tokens, and of the input tokens read from and written
   * to the provider's prompt cache.
   */
  public record Price(double inputPerMillion, double outputPerMillion, double cachedInputPerMillion,
      double cacheWritePerMillion) {
    public Price {
      for (double p : new double[] {inputPerMillion, outputPerMillion, cachedInputPerMillion, cacheWritePerMillion}) {
        if (!(p >= 0) || Double.isInfinite(p)) {
          throw new IllegalArgumentException("illegal price " + inputPerMillion + "/" + outputPerMillion + "/"
              + cachedInputPerMillion + "/" + cacheWritePerMillion + ": must be finite and non-negative");
        }
      }
    }

    /** A price whose cached and cache-written input tokens cost the input price. */
    public Price(double inputPerMillion, double outputPerMillion) {
      this(inputPerMillion, outputPerMillion, inputPerMillion, inputPerMillion);
    }

    /** The cost of {@code usage} at this price, each kind of input token at its own price. */
    public double cost(TokenUsage usage) {
      return (usage.uncachedInputTokens() * inputPerMillion + usage.cachedInputTokens() * cachedInputPerMillion
          + usage.cacheWriteTokens() * cacheWritePerMillion + usage.completionTokens() * outputPerMillion)
          / 1_000_000.0;
    }

    /** Half of every price: what the batch APIs charge. */
    public Price half() {
      return new Price(inputPerMillion / 2, outputPerMillion / 2, cachedInputPerMillion / 2,
          cacheWritePerMillion / 2);
    }
  }

  private final Map<String, Price> prices;

  public PriceTable(Map<String, Price> prices) {
    this.prices = Map.copyOf(prices);
  }

  /**
   * Parses {@code model=input/output[/cached[/cache-write]]} entries separated by commas; an entry whose model starts
   * with {@code batch:} prices the model's batch calls.
   *
   * @throws IllegalArgumentException naming the entry that is wrong
   */
  public static PriceTable parse(String text) {
    Map<String, Price> prices = new LinkedHashMap<>();
    for (String entry : text.split(",")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.lastIndexOf('=');
      String[] values = eq <= 0 ? new String[0] : e.substring(eq + 1).split("/", -1);
      if (values.length < 2 || values.length > 4) {
        throw new IllegalArgumentException("illegal price entry '" + e + "': expected MODEL=INPUT/OUTPUT per "
            + "million tokens, optionally /CACHED_INPUT and /CACHE_WRITE after them, e.g. gpt-4o=2.50/10.00 or "
            + "gpt-4o=2.50/10.00/1.25");
      }
      try {
        double input = Double.parseDouble(values[0]);
        double cached = values.length > 2 ? Double.parseDouble(values[2]) : input;
        double write = values.length > 3 ? Double.parseDouble(values[3]) : input;
        prices.put(e.substring(0, eq).strip(), new Price(input, Double.parseDouble(values[1]), cached, write));
      } catch (NumberFormatException ex) {
        throw new IllegalArgumentException("illegal price entry '" + e + "': prices must be numbers", ex);
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException("illegal price entry '" + e + "': " + ex.getMessage(), ex);
      }
    }
    return new PriceTable(prices);
  }

  /** The price for {@code model}: exact name, else the longest listed prefix. */
  public Optional<Price> priceOf(String model) {
    Objects.requireNonNull(model, "model");
    return lookup(model, false);
  }

  /**
   * The price of {@code model}'s batch calls: its {@code batch:} entry (exact name, else the longest listed prefix),
   * else half its synchronous price.
   */
  public Optional<Price> batchPriceOf(String model) {
    Objects.requireNonNull(model, "model");
    return lookup(BATCH + model, true).or(() -> priceOf(model).map(Price::half));
  }

  private Optional<Price> lookup(String model, boolean batch) {
    Price exact = prices.get(model);
    if (exact != null) {
      return Optional.of(exact);
    }
    return prices.entrySet().stream().filter(e -> e.getKey().startsWith(BATCH) == batch)
        .filter(e -> model.startsWith(e.getKey()))
        .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue);
  }

  @Override
  public String toString() {
    return "PriceTable" + prices;
  }
}
