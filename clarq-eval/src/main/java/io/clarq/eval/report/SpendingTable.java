package io.clarq.eval.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * What a ClarQ-LLM run was forecast to spend beside what it spent, as {@code results.json} keeps it under
 * {@code forecast} (written by {@code clarq run}, summed over the shards by {@code clarq merge}): per role the
 * forecast calls and tokens as ranges and the actual ones. The summary and the HTML report both show it.
 *
 * @param dialogues the dialogues the forecast was for
 * @param basis where its ranges came from, in words
 * @param rows seeker, provider, judge
 */
public record SpendingTable(int dialogues, String basis, List<Row> rows) {
  /**
   * One role.
   *
   * @param model the model that played it, "" for none
   * @param forecast calls, input tokens, output tokens: low and high each (6 values)
   * @param actual calls, input tokens, output tokens, cached input tokens, cache-written input tokens (the last two
   *     part of the input tokens); -1 where not recorded (the judge's tokens, the cache of a run written before
   *     clarq recorded it)
   */
  public record Row(String role, String model, long[] forecast, long[] actual) {
    public Row {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(model, "model");
      forecast = forecast.clone();
      actual = actual.clone();
      if (forecast.length != 6 || actual.length != 5) {
        throw new IllegalArgumentException("illegal spending row of " + role + ": 6 forecast and 5 actual values");
      }
    }

    @Override
    public long[] forecast() {
      return forecast.clone();
    }

    @Override
    public long[] actual() {
      return actual.clone();
    }

    /** Whether the actual calls fall inside the forecast range. */
    public boolean callsWithin() {
      return actual[0] >= forecast[0] && actual[0] <= forecast[1];
    }
  }

  public SpendingTable {
    Objects.requireNonNull(basis, "basis");
    rows = List.copyOf(rows);
  }

  /**
   * The table of a results.json, empty when it holds no forecast.
   *
   * @throws IllegalArgumentException naming the field that is malformed
   */
  public static Optional<SpendingTable> read(JsonNode results) {
    JsonNode f = results.path("forecast");
    if (!f.isObject()) {
      return Optional.empty();
    }
    List<Row> rows = new ArrayList<>();
    f.path("roles").fields().forEachRemaining(e -> {
      JsonNode r = e.getValue();
      long[] forecast = new long[6];
      String[] ranges = {"calls", "input_tokens", "output_tokens"};
      for (int i = 0; i < 3; i++) {
        JsonNode a = r.path(ranges[i]);
        if (!a.isArray() || a.size() != 2) {
          throw new IllegalArgumentException("forecast.roles." + e.getKey() + "." + ranges[i] + ": not [low, high]");
        }
        forecast[2 * i] = a.get(0).asLong();
        forecast[2 * i + 1] = a.get(1).asLong();
      }
      JsonNode actual = r.path("actual");
      rows.add(new Row(e.getKey(), r.path("model").asText(), forecast, new long[] {actual.path("calls").asLong(),
          actual.path("input_tokens").asLong(-1), actual.path("output_tokens").asLong(-1),
          actual.path("cached_input_tokens").asLong(-1), actual.path("cache_write_tokens").asLong(-1)}));
    });
    return Optional.of(new SpendingTable(f.path("dialogues").asInt(), f.path("basis").asText(), rows));
  }

  /** The table as Markdown, under a heading. */
  public String markdown() {
    StringBuilder sb = new StringBuilder("\n## Forecast and actual\n\n").append(intro()).append("\n\n")
        .append("| role | model | calls forecast | calls | input tokens forecast | input tokens | output tokens"
            + " forecast | output tokens | cached input tokens |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      List<String> cells = cells(r);
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    return sb.toString();
  }

  /** The table into {@code section} (the report's "Forecast and actual"). */
  public void render(Element section) {
    section.appendElement("p").addClass("muted").text(intro());
    Element t = section.appendElement("div").addClass("table-wrap").appendElement("table").addClass("spending");
    Element head = t.appendElement("tr");
    List<String> heads = List.of("role", "model", "calls forecast", "calls", "input tokens forecast", "input tokens",
        "output tokens forecast", "output tokens", "cached input tokens");
    for (int i = 0; i < heads.size(); i++) {
      head.appendElement("th").addClass(i < 2 ? "text" : "num").text(heads.get(i));
    }
    for (Row r : rows) {
      Element tr = t.appendElement("tr").addClass("row");
      if (!r.callsWithin()) {
        tr.addClass("outside");
      }
      List<String> cells = cells(r);
      for (int i = 0; i < cells.size(); i++) {
        tr.appendElement("td").addClass(i < 2 ? "text" : "num").text(cells.get(i));
      }
    }
  }

  private String intro() {
    return String.format(Locale.ROOT, "The forecast made before the run (%s) beside what its %,d dialogues spent;"
        + " the judge's tokens are not recorded.", basis, dialogues);
  }

  private static List<String> cells(Row r) {
    long[] f = r.forecast();
    long[] a = r.actual();
    return List.of(r.role(), r.model().isEmpty() ? "(no model)" : r.model(), range(f[0], f[1]),
        count(a[0]) + (r.callsWithin() ? "" : " (outside)"), range(f[2], f[3]), count(a[1]), range(f[4], f[5]),
        count(a[2]), cached(a[3], a[4]));
  }

  private static String range(long low, long high) {
    return String.format(Locale.ROOT, "%,d-%,d", low, high);
  }

  // read from the cache, and written to it where the provider charges for that (Anthropic)
  private static String cached(long read, long written) {
    return read < 0 ? "-" : count(read) + (written > 0 ? String.format(Locale.ROOT, " (+%,d written)", written) : "");
  }

  private static String count(long n) {
    return n < 0 ? "-" : String.format(Locale.ROOT, "%,d", n);
  }
}
