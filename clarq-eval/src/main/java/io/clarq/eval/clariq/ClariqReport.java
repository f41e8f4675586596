package io.clarq.eval.clariq;

import io.clarq.core.ir.ClassificationScores;
import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.PythonFloat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The result of evaluating one ClariQ run: the means the official tool prints, the per-topic (or per-facet) values
 * behind them, and what a lenient reading silently did.
 *
 * @param task the task evaluated
 * @param means metric name to mean, in the official print order
 * @param perItem per-topic or per-facet values (empty for clarification need)
 * @param classification the per-class breakdown (clarification need only, else null)
 * @param warnings what the official tool would have done silently with this run
 */
public record ClariqReport(
    ClariqTask task,
    Map<String, Double> means,
    MetricTable perItem,
    ClassificationScores classification,
    List<String> warnings) {
  public ClariqReport {
    Objects.requireNonNull(task, "task");
    means = Collections.unmodifiableMap(new LinkedHashMap<>(means));
    Objects.requireNonNull(perItem, "perItem");
    warnings = List.copyOf(warnings);
  }

  /** The lines the official tool prints for this result, e.g. {@code Recall5: 0.3245570421150917}. */
  public List<String> officialLines() {
    List<String> lines = new ArrayList<>();
    means.forEach((name, value) -> {
      // the official script prints "Precision: " and "Recall: " with print(a, b), which adds a second space
      String sep = task == ClariqTask.CLARIFICATION_NEED && !name.equals("F1") ? ":  " : ": ";
      lines.add(name + sep + PythonFloat.repr(value));
    });
    return lines;
  }

  /** The means as one JSON object, numbers in Python's shortest form. */
  public String meansJson() {
    StringBuilder sb = new StringBuilder("{");
    means.forEach((name, value) ->
        sb.append(sb.length() > 1 ? ", " : "").append('"').append(name).append("\": ").append(PythonFloat.json(value)));
    return sb.append('}').toString();
  }
}
