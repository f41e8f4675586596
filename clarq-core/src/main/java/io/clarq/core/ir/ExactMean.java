package io.clarq.core.ir;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collection;

/**
 * The arithmetic mean as Python's {@code statistics.mean} computes it: the values are summed exactly and the
 * quotient is rounded once. A plain double sum can be one or two ulps off, which shows in the last printed digit.
 */
public final class ExactMean {
  private static final MathContext PRECISION = new MathContext(60, RoundingMode.HALF_EVEN);

  private ExactMean() {}

  /** The exact mean of the values, rounded once to a double; an empty collection is an error. */
  public static double of(Collection<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("mean of no values");
    }
    BigDecimal sum = BigDecimal.ZERO;
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("mean of a non-finite value: " + v);
      }
      sum = sum.add(new BigDecimal(v));
    }
    return sum.divide(BigDecimal.valueOf(values.size()), PRECISION).doubleValue();
  }

  /** The exact mean of the values (see {@link #of(Collection)}). */
  public static double of(double... values) {
    java.util.List<Double> list = new java.util.ArrayList<>(values.length);
    for (double v : values) {
      list.add(v);
    }
    return of(list);
  }
}
