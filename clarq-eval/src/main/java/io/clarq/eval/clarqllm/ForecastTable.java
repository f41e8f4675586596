package io.clarq.eval.clarqllm;

import io.clarq.core.llm.usage.PriceTable;
import java.util.Locale;
import java.util.Optional;

/** A {@link RunForecast} in words: the table a dry run prints, and a one-line form. */
public final class ForecastTable {
  private ForecastTable() {}

  /** The forecast as a table, with cost at {@code prices} when given. */
  public static String table(RunForecast f, Optional<PriceTable> prices) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "Forecast: %,d dialogues%s; basis: %s.%n", f.dialogues(),
        f.finished() == 0 ? "" : " (" + String.format(Locale.ROOT, "%,d", f.finished()) + " already finished)",
        f.basis()));
    sb.append(String.format(Locale.ROOT, "%-9s %-24s %-21s %-27s %-25s%s%n", "role", "model", "calls",
        "input tokens", "output tokens", prices.isPresent() ? " cost" : ""));
    for (RunForecast.RoleForecast r : f.roles()) {
      String cost = prices.map(p -> r.cost(p).map(c -> String.format(Locale.ROOT, " $%.2f-%.2f", c[0], c[1]))
          .orElse(" (no price for " + r.model() + ")")).orElse("");
      sb.append(String.format(Locale.ROOT, "%-9s %-24s %-21s %-27s %-25s%s%n", r.role(),
          r.model().isEmpty() ? "(no model)" : r.model(), r.calls(), r.inputTokens(), r.outputTokens(), cost));
    }
    if (prices.isPresent()) {
      sb.append(String.format(Locale.ROOT, "Cost counts every input token at the input price; input the provider's "
          + "prompt cache serves costs its cached price (--prices MODEL=IN/OUT/CACHED), not forecast here.%n"));
    }
    return sb.toString();
  }

  /** One line: dialogues and the calls per role. */
  public static String line(RunForecast f) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "forecast: %,d dialogues", f.dialogues()));
    for (RunForecast.RoleForecast r : f.roles()) {
      sb.append(", ").append(r.role()).append(' ').append(r.calls()).append(" calls");
    }
    return sb.toString();
  }
}
