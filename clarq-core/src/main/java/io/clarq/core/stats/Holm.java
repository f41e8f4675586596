package io.clarq.core.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down adjustment of a family of p-values (Holm 1979, "A simple sequentially rejective multiple test
 * procedure", Scandinavian Journal of Statistics 6:65-70): sorted ascending, the i-th smallest of m becomes
 * {@code max over j <= i of min(1, (m - j + 1) * p_(j))}. Rejecting where the adjusted value is below alpha keeps the
 * family-wise error rate at alpha under any dependence; it is uniformly more powerful than Bonferroni. The same
 * figures as statsmodels' {@code multipletests(p, method="holm")}.
 */
public final class Holm {
  private Holm() {}

  /**
   * The adjusted p-values, in the order given.
   *
   * @throws IllegalArgumentException naming the position of a value outside [0, 1] (NaN included)
   */
  public static double[] adjust(double[] p) {
    for (int i = 0; i < p.length; i++) {
      if (!(p[i] >= 0 && p[i] <= 1)) {
        throw new IllegalArgumentException("illegal p-value " + p[i] + " at position " + i + ": must be in [0, 1]");
      }
    }
    int m = p.length;
    // stable order: equal p-values keep their given order, as numpy's mergesort in statsmodels does
    Integer[] order = IntStream.range(0, m).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
    double[] out = new double[m];
    double running = 0;
    for (int rank = 0; rank < m; rank++) {
      int i = order[rank];
      running = Math.max(running, Math.min(1.0, (m - rank) * p[i]));
      out[i] = running;
    }
    return out;
  }
}
