package io.clarq.eval.clarqllm;

import io.clarq.core.llm.usage.PriceTable;
import java.util.Locale;
import java.util.Optional;

/** A {@link RunForecast} in words: the table a dry run prints, and a one-line form. */
public final class ForecastTable {
  private ForecastTable() {}

  /**
   * The forecast as a table, with cost at {@code prices} when given: a role in batch mode at its batch price, marked
   * "batch" (the {@code batch:MODEL=} entry, else half the synchronous price, what OpenAI's and Anthropic's batch APIs
   * charge). Cached input tokens are not forecast (the shipped call statistics hold no cached share), which the table
   * says under it.
   */
  public static String table(RunForecast f, Optional<PriceTable> prices) {
    return table(f, prices, "dialogues");
  }

  /**
   * The forecast as a table, as {@link #table(RunForecast, Optional)}, counting its items as {@code items} (a plural
   * noun in the benchmark's own words: MediQ's "cases", TOA's "examples", a suite's "items").
   */
  public static String table(RunForecast f, Optional<PriceTable> prices, String items) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "Forecast: %,d %s%s; basis: %s.%n", f.dialogues(), items,
        f.finished() == 0 ? "" : " (" + String.format(Locale.ROOT, "%,d", f.finished()) + " already finished)",
        f.basis()));
    int roleWidth = Math.max(9, f.roles().stream().mapToInt(r -> r.role().length()).max().orElse(0));
    int modelWidth = Math.max(24, f.roles().stream().mapToInt(r -> r.model().length()).max().orElse(0));
    String row = "%-" + roleWidth + "s %-" + modelWidth + "s %-21s %-27s %-25s%s%n";
    sb.append(String.format(Locale.ROOT, row, "role", "model", "calls",
        "input tokens", "output tokens", prices.isPresent() ? " cost" : ""));
    for (RunForecast.RoleForecast r : f.roles()) {
      String cost = prices.map(p -> r.cost(p).map(c -> String.format(Locale.ROOT, " $%.2f-%.2f", c[0], c[1])
          + (r.batch() && !r.model().isEmpty() ? " batch" : "")).orElse(" (no price for " + r.model() + ")"))
          .orElse("");
      sb.append(String.format(Locale.ROOT, row, r.role(),
          r.model().isEmpty() ? "(no model)" : r.model(), r.calls(), r.inputTokens(), r.outputTokens(), cost));
    }
    if (prices.isPresent()) {
      if (f.roles().stream().anyMatch(r -> r.batch() && !r.model().isEmpty())) {
        sb.append(String.format(Locale.ROOT, "A role marked batch is asked through the provider's batch API and costs "
            + "its batch price: --prices batch:MODEL=IN/OUT, else half the price of MODEL.%n"));
      }
      sb.append(String.format(Locale.ROOT, "Cached tokens are not forecast: every input token counts at the input "
          + "price, though the provider's prompt cache may serve part of it at its cached price (--prices "
          + "MODEL=IN/OUT/CACHED).%n"));
    }
    return sb.toString();
  }

  /**
   * One line: the forecast cost per role at {@code prices}, a role in batch mode at its batch price and marked so
   * ({@code forecast cost: seeker $1.00-4.01, provider $0.00-0.00, judge $0.11-0.33 batch; cached tokens not
   * forecast}).
   */
  public static String costLine(RunForecast f, PriceTable prices) {
    StringBuilder sb = new StringBuilder("forecast cost:");
    String sep = " ";
    for (RunForecast.RoleForecast r : f.roles()) {
      sb.append(sep).append(r.role()).append(' ').append(r.cost(prices).map(c -> String.format(Locale.ROOT,
          "$%.2f-%.2f", c[0], c[1]) + (r.batch() && !r.model().isEmpty() ? " batch" : ""))
          .orElse("unknown (no price for " + r.model() + ")"));
      sep = ", ";
    }
    return sb.append("; cached tokens not forecast").toString();
  }

  /** One line: dialogues and the calls per role. */
  public static String line(RunForecast f) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "forecast: %,d dialogues", f.dialogues()));
    for (RunForecast.RoleForecast r : f.roles()) {
      sb.append(", ").append(r.role()).append(' ').append(r.calls()).append(" calls");
    }
    return sb.toString();
  }

  /**
   * One line: the calls, input and output tokens of every role together, and with {@code prices} their cost (each role
   * at its own price, batch or not; "unknown" when a model that plays has no price).
   */
  public static String totalLine(RunForecast f, Optional<PriceTable> prices) {
    long[] v = new long[6];
    double[] cost = new double[2];
    java.util.List<String> unpriced = new java.util.ArrayList<>();
    for (RunForecast.RoleForecast r : f.roles()) {
      long[] add = {r.calls().low(), r.calls().high(), r.inputTokens().low(), r.inputTokens().high(),
          r.outputTokens().low(), r.outputTokens().high()};
      for (int k = 0; k < 6; k++) {
        v[k] += add[k];
      }
      prices.ifPresent(p -> r.cost(p).ifPresentOrElse(c -> {
        cost[0] += c[0];
        cost[1] += c[1];
      }, () -> unpriced.add(r.model())));
    }
    String line = String.format(Locale.ROOT, "total: %s calls, %s input tokens, %s output tokens",
        new RunForecast.Range(v[0], v[1]), new RunForecast.Range(v[2], v[3]), new RunForecast.Range(v[4], v[5]));
    if (prices.isEmpty()) {
      return line;
    }
    return line + (unpriced.isEmpty() ? String.format(Locale.ROOT, ", cost $%.2f-%.2f", cost[0], cost[1])
        : ", cost unknown (no price for " + String.join(", ", unpriced) + ")");
  }
}
