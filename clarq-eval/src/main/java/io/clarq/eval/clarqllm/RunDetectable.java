package io.clarq.eval.clarqllm;

import static io.clarq.eval.report.FigureText.fixed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.stats.DetectableDifference;
import io.clarq.eval.report.FiguresJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run summary says of the paired comparisons it could enter: the minimum detectable success difference at a few
 * discordances, in results.json and as a Markdown sentence.
 */
final class RunDetectable {
  private RunDetectable() {}

  /** Discordances at which a run summary states the minimum detectable difference of a paired comparison. */
  static final double[] DISCORDANCES = {0.1, 0.2, 0.4};

  /**
   * The minimum detectable success difference (alpha 0.05, power 0.8) of a paired comparison of this run with
   * another on the same tasks, at {@link #DISCORDANCES}: a single run has no observed discordance, so the summary
   * gives the figure at several (null where no difference is detectable: delta above the discordance);
   * {@code clarq compare} gives it at the observed one.
   */
  static void json(int tasks, ObjectNode o) {
    o.put("tasks", tasks).put("alpha", 0.05).put("power", 0.8);
    ObjectNode at = o.putObject("at_discordance");
    for (double psi : DISCORDANCES) {
      FiguresJson.number(at, String.valueOf(psi), detectableAt(tasks, psi));
    }
    o.put("source", "Connor (1987), Biometrics 43(1):207-211, p. 209; see docs/reports.md");
  }

  /** The minimum detectable difference at discordance psi, or NaN when none is detectable there (delta > psi). */
  static double detectableAt(int tasks, double psi) {
    double d = tasks == 0 ? Double.NaN : DetectableDifference.at(tasks, psi);
    return d <= psi ? d : Double.NaN;
  }

  /** The Markdown sentence of {@link #json}. */
  static String sentence(String language, int tasks) {
    if (tasks == 0) {
      return "";
    }
    List<String> values = new ArrayList<>();
    List<String> shares = new ArrayList<>();
    for (double psi : DISCORDANCES) {
      double d = detectableAt(tasks, psi);
      values.add(Double.isNaN(d) ? "none" : fixed(d));
      shares.add(String.format(Locale.ROOT, "%.0f%%", 100 * psi));
    }
    return String.format(Locale.ROOT, "%s: against another run on these %d tasks (paired, McNemar), the smallest"
        + " success difference detectable at alpha 0.05 with power 0.8 is %s when %s of the tasks are discordant"
        + " (\"none\": no difference is detectable there).%n", language, tasks, String.join(", ", values),
        String.join(", ", shares));
  }
}
