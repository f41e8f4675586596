package io.clarq.core.stats;

import java.util.Locale;

/**
 * A closed interval [lower, upper]; both ends NaN when undefined (no data).
 *
 * @param lower the lower end
 * @param upper the upper end, not below the lower one
 */
public record Interval(double lower, double upper) {
  /** The interval of no data. */
  public static final Interval UNDEFINED = new Interval(Double.NaN, Double.NaN);

  public Interval {
    if (Double.isNaN(lower) != Double.isNaN(upper) || lower > upper) {
      throw new IllegalArgumentException("illegal interval [" + lower + ", " + upper
          + "]: the ends must both be numbers with lower <= upper, or both NaN");
    }
  }

  /** Whether both ends are numbers. */
  public boolean defined() {
    return !Double.isNaN(lower);
  }

  /** Whether the value lies inside (ends included). */
  public boolean contains(double value) {
    return defined() && value >= lower && value <= upper;
  }

  @Override
  public String toString() {
    return defined() ? String.format(Locale.ROOT, "[%.4f, %.4f]", lower, upper) : "[-]";
  }
}
