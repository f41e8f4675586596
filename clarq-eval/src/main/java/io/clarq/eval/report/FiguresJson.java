package io.clarq.eval.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import java.util.List;
import java.util.Map;

/**
 * The statistics of a group of dialogues as JSON, the same in {@code results.json}, {@code clarq evaluate --json}
 * and {@code clarq compare --json}: {@code dialogues}, {@code successes}, {@code unjudged}, {@code success}
 * ({@code value} over the judged dialogues and its Wilson {@code ci95}), {@code success_range} (all dialogues, if
 * every unjudged one failed / succeeded), {@code aqd}, {@code aql} and {@code turns} ({@code value} and bootstrap
 * {@code ci95}). Undefined numbers are null.
 */
public final class FiguresJson {
  private FiguresJson() {}

  /** The statistics block: the figures, then {@code by_type} and {@code by_gold_lines}, and how they were made. */
  public static ObjectNode statistics(List<DialogueScore> scores, Map<Integer, String> typeNames, Bootstrap bootstrap,
      ObjectNode o) {
    figures(ClarqStatistics.of(scores, bootstrap), o);
    ObjectNode byType = o.putObject("by_type");
    ClarqStatistics.byType(scores, bootstrap).forEach((type, f) ->
        figures(f, byType.putObject(String.valueOf(type)).put("name", typeNames.getOrDefault(type, ""))));
    ObjectNode byGold = o.putObject("by_gold_lines");
    ClarqStatistics.byGoldLines(scores, bootstrap).forEach((lines, f) -> figures(f, byGold.putObject(
        String.valueOf(lines))));
    method(bootstrap, o.putObject("method"));
    return o;
  }

  /** How the intervals were made. */
  public static ObjectNode method(Bootstrap bootstrap, ObjectNode o) {
    o.put("success_interval", "Wilson score, 95%, over the judged dialogues");
    o.put("mean_interval", "percentile bootstrap, 95%");
    o.put("bootstrap_resamples", bootstrap.resamples());
    o.put("bootstrap_seed", bootstrap.seed());
    return o;
  }

  /** One group's figures. */
  public static ObjectNode figures(GroupFigures f, ObjectNode o) {
    o.put("dialogues", f.dialogues());
    o.put("successes", f.successes());
    o.put("unjudged", f.unjudged());
    estimate(f.success(), o.putObject("success"));
    interval(f.successRange(), o, "success_range");
    estimate(f.aqd(), o.putObject("aqd"));
    estimate(f.aql(), o.putObject("aql"));
    estimate(f.turns(), o.putObject("turns"));
    return o;
  }

  /** {@code value} and {@code ci95}. */
  public static ObjectNode estimate(Estimate e, ObjectNode o) {
    number(o, "value", e.value());
    interval(e.interval(), o, "ci95");
    return o;
  }

  private static void interval(Interval i, ObjectNode o, String field) {
    if (i.defined()) {
      o.putArray(field).add(i.lower()).add(i.upper());
    } else {
      o.putNull(field);
    }
  }

  /** A number, or null when NaN. */
  public static void number(ObjectNode o, String field, double value) {
    if (Double.isNaN(value)) {
      o.putNull(field);
    } else {
      o.put(field, value);
    }
  }
}
