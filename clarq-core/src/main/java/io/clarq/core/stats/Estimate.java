package io.clarq.core.stats;

import java.util.Locale;
import java.util.Objects;

/**
 * A point estimate with its 95% interval.
 *
 * @param value the estimate (NaN when there is no data)
 * @param interval its 95% interval ({@link Interval#UNDEFINED} when there is no data)
 */
public record Estimate(double value, Interval interval) {
  /** The estimate of no data. */
  public static final Estimate UNDEFINED = new Estimate(Double.NaN, Interval.UNDEFINED);

  public Estimate {
    Objects.requireNonNull(interval, "interval");
    if (Double.isNaN(value) != !interval.defined()) {
      throw new IllegalArgumentException("illegal estimate " + value + " " + interval
          + ": a number needs an interval and NaN needs none");
    }
  }

  @Override
  public String toString() {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4f %s", value, interval);
  }
}
