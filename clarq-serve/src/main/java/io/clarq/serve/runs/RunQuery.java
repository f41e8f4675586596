package io.clarq.serve.runs;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The runs page's filter and order, from its query parameters: {@code benchmark} and {@code status} (exact, empty for
 * any), {@code q} (words each found in the run's name, id, benchmark, status or models, case ignored), {@code sort}
 * (one of {@link #SORTS}; default {@code started}) and {@code order} ({@code asc} or {@code desc}; default: newest
 * first for {@code started}, ascending for the others). Unknown values fall back to the defaults.
 *
 * @param benchmark the benchmark shown, "" for any
 * @param status the status shown ({@link RunSummary.Status#key()}), "" for any
 * @param text the words searched, "" for none
 * @param sort the column sorted on
 * @param descending whether the order is descending
 */
public record RunQuery(String benchmark, String status, String text, String sort, boolean descending) {
  /** The columns the runs can be sorted on. */
  public static final Set<String> SORTS = Set.of("name", "benchmark", "status", "started", "trials");

  /** A query from the page's parameters (each may be null). */
  public static RunQuery of(String benchmark, String status, String text, String sort, String order) {
    String s = sort != null && SORTS.contains(sort) ? sort : "started";
    boolean desc = order == null || !(order.equals("asc") || order.equals("desc")) ? s.equals("started")
        : order.equals("desc");
    return new RunQuery(clean(benchmark), clean(status), clean(text), s, desc);
  }

  private static String clean(String v) {
    return v == null ? "" : v.strip();
  }

  /** The runs that match, in this query's order. */
  public List<RunSummary> apply(List<RunSummary> runs) {
    List<String> words = text.isEmpty() ? List.of() : List.of(text.toLowerCase(Locale.ROOT).split("\\s+"));
    List<RunSummary> out = new ArrayList<>();
    for (RunSummary r : runs) {
      if (!benchmark.isEmpty() && !r.benchmark().equals(benchmark)) {
        continue;
      }
      if (!status.isEmpty() && !r.status().key().equals(status)) {
        continue;
      }
      String hay = String.join(" ", r.searchable()).toLowerCase(Locale.ROOT);
      if (words.stream().allMatch(hay::contains)) {
        out.add(r);
      }
    }
    Comparator<RunSummary> c = switch (sort) {
      case "name" -> Comparator.comparing(RunSummary::name);
      case "benchmark" -> Comparator.comparing(RunSummary::benchmark);
      case "status" -> Comparator.comparing(RunSummary::status);
      case "trials" -> Comparator.comparingInt(RunSummary::trials);
      default -> Comparator.comparing((RunSummary r) -> r.started().orElse(java.time.Instant.EPOCH));
    };
    c = c.thenComparing(RunSummary::id);
    out.sort(descending ? c.reversed() : c);
    return out;
  }

  /** This query sorted on {@code column}: the other direction when it is sorted on it already. */
  public RunQuery sortedBy(String column) {
    boolean desc = column.equals(sort) ? !descending : column.equals("started");
    return new RunQuery(benchmark, status, text, column, desc);
  }

  /** The address of {@code path} with this query's parameters. */
  public String href(String path) {
    StringBuilder b = new StringBuilder(path).append("?sort=").append(sort).append("&order=")
        .append(descending ? "desc" : "asc");
    if (!benchmark.isEmpty()) {
      b.append("&benchmark=").append(URLEncoder.encode(benchmark, StandardCharsets.UTF_8));
    }
    if (!status.isEmpty()) {
      b.append("&status=").append(URLEncoder.encode(status, StandardCharsets.UTF_8));
    }
    if (!text.isEmpty()) {
      b.append("&q=").append(URLEncoder.encode(text, StandardCharsets.UTF_8));
    }
    return b.toString();
  }

  /** What the filter keeps, in words, e.g. "benchmark toa, status finished, \"gpt\"". */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (!benchmark.isEmpty()) {
      parts.add("benchmark " + benchmark);
    }
    if (!status.isEmpty()) {
      parts.add("status " + status);
    }
    if (!text.isEmpty()) {
      parts.add("\"" + text + "\"");
    }
    return String.join(", ", parts);
  }
}
