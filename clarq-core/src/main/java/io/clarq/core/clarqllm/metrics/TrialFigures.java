package io.clarq.core.clarqllm.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a seeker fares when every task is played {@code K} times: success per trial, pass^k and pass@k for k = 1..K,
 * the share of tasks whose verdict differs between trials, and the spread of the success rate across trials.
 *
 * <ul>
 *   <li><b>pass^k</b>: the chance that k trials of a task, drawn without replacement from its K, all succeed,
 *       averaged over tasks: mean of C(c, k) / C(K, k), c the task's successes (the estimator tau2-bench uses).
 *       pass^1 is the mean success rate; pass^k falls with k unless every task always succeeds or always fails.
 *   <li><b>pass@k</b>: the chance that at least one of k such trials succeeds, averaged over tasks, with the unbiased
 *       estimator 1 - C(K - c, k) / C(K, k) (Chen et al. 2021, "Evaluating Large Language Models Trained on Code").
 *   <li><b>flipped</b>: the share of tasks with 0 &lt; c &lt; K, whose verdict is not the same in every trial.
 *   <li><b>spread</b>: the least and greatest success rate of one trial, and their sample standard deviation (K - 1
 *       in the denominator; 0 for one trial).
 * </ul>
 * A task counts only when every one of its trials has a verdict; the caller leaves the others out and says so.
 *
 * @param trials K, the number of trials of every task
 * @param outcomes per task, its K verdicts in trial order ({@code true}: success)
 */
public record TrialFigures(int trials, List<List<Boolean>> outcomes) {
  public TrialFigures {
    if (trials < 1) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": must be at least 1");
    }
    List<List<Boolean>> copy = new ArrayList<>();
    for (int i = 0; i < outcomes.size(); i++) {
      List<Boolean> o = outcomes.get(i);
      if (o.size() != trials || o.stream().anyMatch(Objects::isNull)) {
        throw new IllegalArgumentException("illegal outcomes of task " + (i + 1) + ": " + o + "; need " + trials
            + " verdicts, one per trial");
      }
      copy.add(List.copyOf(o));
    }
    outcomes = List.copyOf(copy);
  }

  /** How many tasks the figures cover. */
  public int tasks() {
    return outcomes.size();
  }

  /** Each task's number of successful trials, in task order. */
  public List<Integer> successes() {
    return outcomes.stream().map(o -> (int) o.stream().filter(Boolean::booleanValue).count()).toList();
  }

  /** The success rate of each trial, trial 1 first; NaN when there is no task. */
  public List<Double> successPerTrial() {
    List<Double> out = new ArrayList<>();
    for (int t = 0; t < trials; t++) {
      int trial = t;
      out.add(outcomes.isEmpty() ? Double.NaN
          : outcomes.stream().filter(o -> o.get(trial)).count() / (double) outcomes.size());
    }
    return out;
  }

  /**
   * pass^k: mean over tasks of C(c, k) / C(K, k). NaN when there is no task.
   *
   * @throws IllegalArgumentException when k is not within 1..K
   */
  public double passHat(int k) {
    checkK(k);
    return mean(successes().stream().mapToDouble(c -> choose(c, k) / choose(trials, k)).toArray());
  }

  /**
   * pass@k: mean over tasks of 1 - C(K - c, k) / C(K, k). NaN when there is no task.
   *
   * @throws IllegalArgumentException when k is not within 1..K
   */
  public double passAt(int k) {
    checkK(k);
    return mean(successes().stream().mapToDouble(c -> 1 - choose(trials - c, k) / choose(trials, k)).toArray());
  }

  /** The share of tasks whose trials did not all end the same way; NaN when there is no task. */
  public double flipped() {
    return mean(successes().stream().mapToDouble(c -> c > 0 && c < trials ? 1 : 0).toArray());
  }

  /** The lowest success rate of one trial. */
  public double minSuccess() {
    return successPerTrial().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  /** The highest success rate of one trial. */
  public double maxSuccess() {
    return successPerTrial().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  /** The sample standard deviation of the trials' success rates (K - 1 in the denominator); 0 for one trial. */
  public double sdSuccess() {
    double[] rates = successPerTrial().stream().mapToDouble(Double::doubleValue).toArray();
    if (rates.length < 2) {
      return outcomes.isEmpty() ? Double.NaN : 0;
    }
    double m = mean(rates);
    double ss = 0;
    for (double r : rates) {
      ss += (r - m) * (r - m);
    }
    return Math.sqrt(ss / (rates.length - 1));
  }

  /** The binomial coefficient C(n, k) as a double; 0 when k exceeds n. */
  static double choose(int n, int k) {
    if (k < 0 || k > n) {
      return 0;
    }
    double c = 1;
    for (int i = 1; i <= k; i++) {
      c = c * (n - k + i) / i;
    }
    return c;
  }

  private void checkK(int k) {
    if (k < 1 || k > trials) {
      throw new IllegalArgumentException("illegal k " + k + ": must be from 1 to the number of trials, " + trials);
    }
  }

  private static double mean(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (double v : values) {
      s += v;
    }
    return s / values.length;
  }

  @Override
  public String toString() {
    return "TrialFigures[trials=" + trials + ", tasks=" + tasks() + ", successes=" + successes() + "]";
  }
}
