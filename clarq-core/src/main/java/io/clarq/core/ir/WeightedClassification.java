package io.clarq.core.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * scikit-learn's {@code precision_score}, {@code recall_score} and {@code f1_score} with {@code average='weighted'}
 * and {@code zero_division=0}, including its floating-point order of operations, so that results agree to the last
 * digit. Classes are the sorted union of gold and predicted labels; a class weighs by its gold support. The per-class
 * F follows scikit-learn 1.3+ by default, or 1.2's form ({@link FScoreFormula}).
 */
public final class WeightedClassification {
  private WeightedClassification() {}

  /** Scores the predictions against the gold labels (same length, same order), F as scikit-learn 1.3+ has it. */
  public static ClassificationScores score(List<Integer> gold, List<Integer> predicted) {
    return score(gold, predicted, FScoreFormula.COUNTS);
  }

  /** Scores the predictions against the gold labels (same length, same order) with the given per-class F. */
  public static ClassificationScores score(List<Integer> gold, List<Integer> predicted, FScoreFormula formula) {
    if (gold.size() != predicted.size()) {
      throw new IllegalArgumentException(
          "gold and predicted labels differ in length: " + gold.size() + " vs " + predicted.size());
    }
    if (gold.isEmpty()) {
      throw new IllegalArgumentException("no labels to score");
    }
    TreeSet<Integer> labels = new TreeSet<>(gold);
    labels.addAll(predicted);
    List<ClassScore> classes = new ArrayList<>();
    for (int label : labels) {
      int tp = 0;
      int pred = 0;
      int support = 0;
      for (int i = 0; i < gold.size(); i++) {
        boolean g = gold.get(i) == label;
        boolean p = predicted.get(i) == label;
        if (g) {
          support++;
        }
        if (p) {
          pred++;
        }
        if (g && p) {
          tp++;
        }
      }
      double precision = pred == 0 ? 0.0 : (double) tp / pred;
      double recall = support == 0 ? 0.0 : (double) tp / support;
      double f1 = formula.f1(tp, pred, support, precision, recall);
      classes.add(new ClassScore(label, tp, pred, support, precision, recall, f1));
    }
    return new ClassificationScores(
        weighted(classes, ClassScore::precision), weighted(classes, ClassScore::recall),
        weighted(classes, ClassScore::f1), classes);
  }

  private static double weighted(List<ClassScore> classes, java.util.function.ToDoubleFunction<ClassScore> value) {
    // numpy.average: (a * w).sum() / w.sum(), with numpy's pairwise summation
    double[] products = new double[classes.size()];
    double den = 0;
    for (int i = 0; i < products.length; i++) {
      ClassScore c = classes.get(i);
      products[i] = value.applyAsDouble(c) * c.support();
      den += c.support();
    }
    return pairwiseSum(products, 0, products.length) / den;
  }

  /** numpy's pairwise_sum for float64: plain loop under 8, eight accumulators up to 128, halves above. */
  static double pairwiseSum(double[] a, int from, int n) {
    if (n < 8) {
      double res = 0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    if (n <= 128) {
      double[] r = new double[8];
      System.arraycopy(a, from, r, 0, 8);
      int i = 8;
      for (; i < n - n % 8; i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += a[from + i + j];
        }
      }
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return pairwiseSum(a, from, n2) + pairwiseSum(a, from + n2, n - n2);
  }
}
