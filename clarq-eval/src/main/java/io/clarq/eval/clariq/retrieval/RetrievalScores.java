package io.clarq.eval.clariq.retrieval;

import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.PythonFloat;
import java.util.Map;

/**
 * trec_eval-style scores of one run: per-topic values of every measure and their means over the judged topics
 * that the run answers (trec_eval's default averaging).
 *
 * @param run a name for the run, e.g. {@code bm25}
 * @param perTopic measure -> topic -> value
 * @param topics number of topics averaged over
 */
public record RetrievalScores(String run, MetricTable perTopic, int topics) {
  /** The measures in the order computed (e.g. {@link TrecEvaluation#MEASURES}), each with its mean. */
  public Map<String, Double> means() {
    return perTopic.means();
  }

  /** One measure's mean. */
  public double mean(String measure) {
    Double v = means().get(measure);
    if (v == null) {
      throw new IllegalArgumentException("unknown measure " + measure + ": known " + means().keySet());
    }
    return v;
  }

  /** trec_eval-like lines: {@code map  all  0.3123}. */
  public String summary() {
    return summary(java.util.List.copyOf(means().keySet()));
  }

  /** trec_eval-like lines of the given measures, in the order given. */
  public String summary(java.util.List<String> measures) {
    StringBuilder sb = new StringBuilder();
    for (String m : measures) {
      sb.append(String.format(java.util.Locale.ROOT, "%-15s\tall\t%.4f%n", m, mean(m)));
    }
    return sb.toString();
  }

  /** The means as JSON: {@code {"run": "bm25", "topics": 52, "map": 0.31..., ...}}. */
  public String json() {
    StringBuilder sb = new StringBuilder("{\"run\": \"").append(run).append("\", \"topics\": ").append(topics);
    means().forEach((m, v) -> sb.append(", \"").append(m).append("\": ").append(PythonFloat.json(v)));
    return sb.append('}').toString();
  }
}
