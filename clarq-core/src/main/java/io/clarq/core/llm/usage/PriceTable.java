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
 * {@code gpt-4o=2.50/10.00,gpt-4o-mini=0.15/0.60} (input/output, in any one currency).
 */
public final class PriceTable {
  /** Prices per million input (prompt) and output (completion) tokens. */
  public record Price(double inputPerMillion, double outputPerMillion) {
    public Price {
      if (!(inputPerMillion >= 0 && outputPerMillion >= 0) || Double.isInfinite(inputPerMillion)
          || Double.isInfinite(outputPerMillion)) {
        throw new IllegalArgumentException("illegal price " + inputPerMillion + "/" + outputPerMillion
            + ": must be finite and non-negative");
      }
    }

    /** The cost of {@code usage} at this price. */
    public double cost(TokenUsage usage) {
      return (usage.promptTokens() * inputPerMillion + usage.completionTokens() * outputPerMillion) / 1_000_000.0;
    }
  }

  private final Map<String, Price> prices;

  public PriceTable(Map<String, Price> prices) {
    this.prices = Map.copyOf(prices);
  }

  /**
   * Parses {@code model=input/output} entries separated by commas.
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
      int slash = e.lastIndexOf('/');
      if (eq <= 0 || slash < eq) {
        throw new IllegalArgumentException("illegal price entry '" + e + "': expected MODEL=INPUT/OUTPUT per "
            + "million tokens, e.g. gpt-4o=2.50/10.00");
      }
      try {
        prices.put(e.substring(0, eq).strip(), new Price(Double.parseDouble(e.substring(eq + 1, slash)),
            Double.parseDouble(e.substring(slash + 1))));
      } catch (NumberFormatException ex) {
        throw new IllegalArgumentException("illegal price entry '" + e + "': prices must be numbers", ex);
      }
    }
    return new PriceTable(prices);
  }

  /** The price for {@code model}: exact name, else the longest listed prefix. */
  public Optional<Price> priceOf(String model) {
    Objects.requireNonNull(model, "model");
    Price exact = prices.get(model);
    if (exact != null) {
      return Optional.of(exact);
    }
    return prices.entrySet().stream().filter(e -> model.startsWith(e.getKey()))
        .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue);
  }

  @Override
  public String toString() {
    return "PriceTable" + prices;
  }
}
