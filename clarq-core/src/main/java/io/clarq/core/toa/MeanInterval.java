package io.clarq.core.toa;

import io.clarq.core.stats.Normal;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A mean with its 95% normal interval, {@code mean ± z · sd / sqrt(n)}, where z is {@link Normal#Z95} (1.959964)
 * and sd the sample standard deviation (divisor n - 1). The seed paper writes "1.96 sd / sqrt n" without saying which
 * sd; the sample one is the unbiased choice and is what numpy's {@code std(ddof=1)} and most statistics packages
 * give. z is the exact quantile the project uses everywhere, not the paper's rounded 1.96 (half widths differ by
 * 0.002%).
 *
 * @param n the number of values
 * @param mean the mean, empty when n = 0
 * @param halfWidth z · sd / sqrt(n), empty when n &lt; 2 (sd is undefined)
 */
public record MeanInterval(int n, OptionalDouble mean, OptionalDouble halfWidth) {
  public MeanInterval {
    if (n < 0) {
      throw new IllegalArgumentException("illegal n " + n + ": must be non-negative");
    }
    if (mean.isPresent() != (n > 0) || halfWidth.isPresent() != (n > 1)) {
      throw new IllegalArgumentException("illegal interval for n=" + n + ": mean " + mean + ", half width " + halfWidth);
    }
  }

  /** The mean and interval of the values. */
  public static MeanInterval of(List<Double> values) {
    int n = values.size();
    if (n == 0) {
      return new MeanInterval(0, OptionalDouble.empty(), OptionalDouble.empty());
    }
    double mean = values.stream().mapToDouble(Double::doubleValue).sum() / n;
    if (n == 1) {
      return new MeanInterval(1, OptionalDouble.of(mean), OptionalDouble.empty());
    }
    double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double sd = Math.sqrt(ss / (n - 1));
    return new MeanInterval(n, OptionalDouble.of(mean), OptionalDouble.of(Normal.Z95 * sd / Math.sqrt(n)));
  }

  /** {@code "0.2250 ± 0.0310 (n=53)"}, or {@code "undefined (n=0)"}. */
  @Override
  public String toString() {
    if (mean.isEmpty()) {
      return "undefined (n=0)";
    }
    String hw = halfWidth.isPresent() ? String.format(java.util.Locale.ROOT, "%.4f", halfWidth.getAsDouble()) : "?";
    return String.format(java.util.Locale.ROOT, "%.4f ± %s (n=%d)", mean.getAsDouble(), hw, n);
  }
}
