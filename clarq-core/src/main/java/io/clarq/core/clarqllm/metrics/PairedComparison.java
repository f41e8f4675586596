package io.clarq.core.clarqllm.metrics;

import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.McNemar;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares two runs on the same dialogues: McNemar's exact test on the success outcomes (over the dialogues judged
 * in both runs; an unjudged outcome has no side), and paired bootstrap intervals for the differences in success,
 * AQD and AQL. The two lists are aligned: position i is the same task in both runs.
 */
public final class PairedComparison {
  private PairedComparison() {}

  /**
   * @throws IllegalArgumentException when the lists differ in length or a position holds two different tasks
   */
  public static PairedFigures of(List<DialogueScore> a, List<DialogueScore> b, Bootstrap bootstrap) {
    if (a.size() != b.size()) {
      throw new IllegalArgumentException("illegal paired comparison: " + a.size() + " dialogues against " + b.size());
    }
    List<Integer> aOnly = new ArrayList<>();
    List<Integer> bOnly = new ArrayList<>();
    List<Integer> judged = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      DialogueScore x = a.get(i);
      DialogueScore y = b.get(i);
      if (!x.taskId().equals(y.taskId())) {
        throw new IllegalArgumentException("illegal paired comparison: position " + i + " holds task " + x.taskId()
            + " in one run and " + y.taskId() + " in the other");
      }
      if (x.success().unjudged() || y.success().unjudged()) {
        continue;
      }
      judged.add(i);
      if (x.success().success() && !y.success().success()) {
        aOnly.add(i);
      } else if (y.success().success() && !x.success().success()) {
        bOnly.add(i);
      }
    }
    double[] sa = new double[judged.size()];
    double[] sb = new double[judged.size()];
    for (int j = 0; j < judged.size(); j++) {
      sa[j] = a.get(judged.get(j)).success().success() ? 1 : 0;
      sb[j] = b.get(judged.get(j)).success().success() ? 1 : 0;
    }
    double rateA = judged.isEmpty() ? Double.NaN : sum(sa) / sa.length;
    double rateB = judged.isEmpty() ? Double.NaN : sum(sb) / sb.length;
    double[] aqdA = a.stream().mapToDouble(DialogueScore::aqd).toArray();
    double[] aqdB = b.stream().mapToDouble(DialogueScore::aqd).toArray();
    double[] aqlA = a.stream().mapToDouble(s -> s.aql().reference()).toArray();
    double[] aqlB = b.stream().mapToDouble(s -> s.aql().reference()).toArray();
    return new PairedFigures(a.size(), judged.size(), aOnly, bOnly, rateA, rateB,
        McNemar.exactTwoSided(aOnly.size(), bOnly.size()), bootstrap.pairedDifference(sa, sb),
        bootstrap.pairedDifference(aqdA, aqdB), bootstrap.pairedDifference(aqlA, aqlB));
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }
}
