package io.clarq.eval.report;

import static io.clarq.eval.report.FigureText.fixed;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jsoup.nodes.Element;

/**
 * The trial figures of a run that played every task K times, as {@code results.json} keeps them under
 * {@code trials}: one row overall, one per language and one per task type within a language, each with success per
 * trial, pass^k and pass@k for k = 1..K, the share of tasks whose verdict flipped between trials and the spread of the
 * success rate across trials. The summary shows every row; the HTML report the overall and language rows.
 *
 * @param trials K
 * @param seeds the seed of each trial, trial 1 (the reference protocol's 8848) first
 * @param rows overall first, then each language followed by its task types
 * @param grid per language (its name), each task's outcome per trial ({@code success}, {@code failure},
 *     {@code unjudged}, {@code none}): the task x trial grid of the HTML report
 */
public record TrialTable(int trials, List<Long> seeds, List<Row> rows, Map<String, Map<String, List<String>>> grid) {
  /**
   * One group of tasks.
   *
   * @param label "all languages", "English", "English type 3 Recipe"
   * @param level 0 overall, 1 a language, 2 a task type within a language
   */
  public record Row(String label, int level, int tasks, int leftOut, List<Double> successPerTrial,
      List<Double> passHat, List<Double> passAt, double flipped, double successMin, double successMax,
      double successSd) {
    public Row {
      Objects.requireNonNull(label, "label");
      successPerTrial = List.copyOf(successPerTrial);
      passHat = List.copyOf(passHat);
      passAt = List.copyOf(passAt);
    }
  }

  public TrialTable {
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": trial figures need at least 2");
    }
    seeds = List.copyOf(seeds);
    rows = List.copyOf(rows);
    Map<String, Map<String, List<String>>> g = new java.util.LinkedHashMap<>();
    grid.forEach((l, m) -> {
      Map<String, List<String>> tasks = new java.util.LinkedHashMap<>();
      m.forEach((task, v) -> tasks.put(task, List.copyOf(v)));
      g.put(l, java.util.Collections.unmodifiableMap(tasks));
    });
    grid = java.util.Collections.unmodifiableMap(g);
  }

  /**
   * The table of a results file's root, empty when the run had no trials.
   *
   * @param where the results file, to begin error messages with
   * @throws IllegalArgumentException naming {@code where} and the field when {@code trials} is malformed
   */
  public static Optional<TrialTable> read(JsonNode results, Map<Integer, String> typeNames, String where) {
    JsonNode t = results.path("trials");
    if (t.isMissingNode() || t.isNull()) {
      return Optional.empty();
    }
    int k = t.path("count").asInt(0);
    if (k < 2) {
      throw new IllegalArgumentException(where + ": trials.count is " + t.path("count") + "; expected 2 or more");
    }
    List<Long> seeds = new ArrayList<>();
    t.path("seeds").forEach(s -> seeds.add(s.asLong()));
    List<Row> rows = new ArrayList<>();
    Map<String, Map<String, List<String>>> grid = new java.util.LinkedHashMap<>();
    rows.add(row("all languages", 0, t.path("overall"), k, where + ", trials.overall"));
    t.path("languages").fields().forEachRemaining(e -> {
      String name = Language.parse(e.getKey()).directoryName();
      Map<String, List<String>> tasks = new java.util.LinkedHashMap<>();
      e.getValue().path("verdicts").fields().forEachRemaining(v -> {
        List<String> codes = new ArrayList<>();
        v.getValue().forEach(c -> codes.add(c.asText()));
        if (codes.size() != k) {
          throw new IllegalArgumentException(where + ", trials.languages." + e.getKey() + ".verdicts." + v.getKey()
              + ": expected " + k + " outcomes, got " + v.getValue());
        }
        tasks.put(v.getKey(), codes);
      });
      if (!tasks.isEmpty()) {
        grid.put(name, tasks);
      }
      rows.add(row(name, 1, e.getValue(), k, where + ", trials.languages." + e.getKey()));
      e.getValue().path("by_type").fields().forEachRemaining(ty -> {
        String type = ty.getKey();
        String typeName = typeNames.getOrDefault(parseType(type, where), "");
        rows.add(row(name + " type " + type + (typeName.isEmpty() ? "" : " " + typeName), 2, ty.getValue(), k,
            where + ", trials.languages." + e.getKey() + ".by_type." + type));
      });
    });
    return Optional.of(new TrialTable(k, seeds, rows, grid));
  }

  private static int parseType(String type, String where) {
    try {
      return Integer.parseInt(type);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": task type \"" + type + "\" in trials is not a number", e);
    }
  }

  private static Row row(String label, int level, JsonNode g, int k, String where) {
    List<Double> perTrial = numbers(g.path("success_per_trial"), k, where + ".success_per_trial");
    List<Double> hat = numbers(g.path("pass_hat"), k, where + ".pass_hat");
    List<Double> at = numbers(g.path("pass_at"), k, where + ".pass_at");
    return new Row(label, level, g.path("tasks").asInt(), g.path("left_out").asInt(), perTrial, hat, at,
        number(g.path("flipped")), number(g.path("success_min")), number(g.path("success_max")),
        number(g.path("success_sd")));
  }

  private static List<Double> numbers(JsonNode a, int k, String where) {
    if (!a.isArray() || a.size() != k) {
      throw new IllegalArgumentException(where + ": expected a list of " + k + " figures, got " + a);
    }
    List<Double> out = new ArrayList<>();
    a.forEach(n -> out.add(number(n)));
    return out;
  }

  private static double number(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  /** What the figures mean, in one paragraph. */
  public String explanation() {
    return String.format(Locale.ROOT, "Every task was played %d times (seeds %s; trial 1 is the reference protocol,"
        + " and the figures above are trial 1's). pass^k: the chance that k trials of a task, drawn from its %d, all"
        + " succeed; pass@k: that at least one does (unbiased estimators, averaged over tasks). Flipped: the share of"
        + " tasks whose verdict differs between trials. Spread: the lowest and highest success rate of one trial and"
        + " their standard deviation. A task counts when every one of its trials has a verdict (left out: a trial"
        + " failed, was not scored or was unjudged).", trials,
        seeds.stream().map(String::valueOf).collect(Collectors.joining(", ")), trials);
  }

  /** The Markdown section: the explanation and one table of every row. */
  public String markdown() {
    StringBuilder sb = new StringBuilder("\n## Trials\n\n").append(explanation()).append("\n\n| group | tasks | left out"
        + " | success per trial |");
    for (int k = 1; k <= trials; k++) {
      sb.append(" pass^").append(k).append(" |");
    }
    for (int k = 1; k <= trials; k++) {
      sb.append(" pass@").append(k).append(" |");
    }
    sb.append(" flipped | spread [min, max], sd |\n|---|---:|---:|---:|");
    sb.append("---:|".repeat(2 * trials + 2)).append('\n');
    for (Row r : rows) {
      sb.append("| ").append(r.level() == 2 ? r.label().replace("|", "\\|") : "**" + r.label() + "**").append(" | ")
          .append(r.tasks()).append(" | ").append(r.leftOut()).append(" | ").append(list(r.successPerTrial()))
          .append(" |");
      r.passHat().forEach(v -> sb.append(' ').append(fixed(v)).append(" |"));
      r.passAt().forEach(v -> sb.append(' ').append(fixed(v)).append(" |"));
      sb.append(' ').append(fixed(r.flipped())).append(" | ").append(spread(r)).append(" |\n");
    }
    return sb.toString();
  }

  /** The HTML section's content: the explanation and a table of the overall and language rows. */
  void render(Element section) {
    section.appendElement("p").addClass("muted").text(explanation());
    Element t = section.appendElement("table").addClass("trials");
    Element h = t.appendElement("tr");
    h.appendElement("th").addClass("text").text("group");
    List<String> heads = new ArrayList<>(List.of("tasks", "left out", "success per trial"));
    for (int k = 1; k <= trials; k++) {
      heads.add("pass^" + k);
    }
    for (int k = 1; k <= trials; k++) {
      heads.add("pass@" + k);
    }
    heads.addAll(List.of("flipped", "spread [min, max], sd"));
    heads.forEach(x -> h.appendElement("th").text(x));
    for (Row r : rows) {
      if (r.level() > 1) {
        continue;
      }
      Element tr = t.appendElement("tr").addClass("row");
      tr.appendElement("td").addClass("text").text(r.label());
      tr.appendElement("td").text(String.valueOf(r.tasks()));
      tr.appendElement("td").text(String.valueOf(r.leftOut()));
      tr.appendElement("td").text(list(r.successPerTrial()));
      r.passHat().forEach(v -> tr.appendElement("td").text(fixed(v)));
      r.passAt().forEach(v -> tr.appendElement("td").text(fixed(v)));
      tr.appendElement("td").text(fixed(r.flipped()));
      tr.appendElement("td").text(spread(r));
    }
    renderGrid(section);
  }

  /**
   * The task x trial grid, one folded table per language: a row per task, a cell per trial (its outcome as a mark
   * and a class: outcome-success, -failure, -unjudged, or none), then the task's successes.
   */
  private void renderGrid(Element section) {
    grid.forEach((language, tasks) -> {
      Element d = section.appendElement("details").addClass("trial-grid");
      d.appendElement("summary").text("Task x trial grid, " + language + " (" + tasks.size() + " tasks; \u2713"
          + " success, \u2717 failure, ? unjudged, - not scored)");
      Element t = d.appendElement("table").addClass("trial-grid");
      Element h = t.appendElement("tr");
      h.appendElement("th").addClass("text").text("task");
      for (int k = 1; k <= trials; k++) {
        h.appendElement("th").text("trial " + k);
      }
      h.appendElement("th").text("successes");
      tasks.forEach((task, codes) -> {
        Element tr = t.appendElement("tr").addClass("row").attr("data-task", task);
        tr.appendElement("td").addClass("text").text(task);
        for (String c : codes) {
          tr.appendElement("td").addClass("outcome-" + c).text(switch (c) {
            case "success" -> "\u2713";
            case "failure" -> "\u2717";
            case "unjudged" -> "?";
            default -> "-";
          });
        }
        tr.appendElement("td").text(codes.stream().filter("success"::equals).count() + "/" + trials);
      });
    });
  }

  private static String list(List<Double> values) {
    return values.stream().map(FigureText::fixed).collect(Collectors.joining(", "));
  }

  private static String spread(Row r) {
    return "[" + fixed(r.successMin()) + ", " + fixed(r.successMax()) + "], sd " + fixed(r.successSd());
  }
}
