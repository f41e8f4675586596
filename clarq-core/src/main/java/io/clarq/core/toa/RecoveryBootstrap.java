package io.clarq.core.toa;

import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.Random;

/**
 * A seeded percentile bootstrap over examples for {@link Recovery}: each resample draws n examples with replacement
 * (a {@link Random} seeded with {@code seed}, whose algorithm the JDK specifies, so the interval is the same on every
 * machine), computes the recovery of the resample's means, and the interval is the 2.5th and 97.5th percentile of
 * those recoveries (linear interpolation between order statistics, numpy's default). Resamples where R(x^c) = R(x^i)
 * have no recovery; they are counted and left out.
 *
 * @param resamples how many resamples, at least 1 (default {@value #DEFAULT_RESAMPLES})
 * @param seed the seed (default {@value #DEFAULT_SEED})
 */
public record RecoveryBootstrap(int resamples, long seed) {
  /** The default number of resamples. */
  public static final int DEFAULT_RESAMPLES = 1000;
  /** The default seed. */
  public static final long DEFAULT_SEED = 42L;
  /** 1000 resamples, seed 42. */
  public static final RecoveryBootstrap DEFAULT = new RecoveryBootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED);

  public RecoveryBootstrap {
    if (resamples < 1) {
      throw new IllegalArgumentException("illegal bootstrap resample count " + resamples + ": must be at least 1");
    }
  }

  /**
   * The recovery of the examples' means with its interval.
   *
   * @param complete R per example on x^c
   * @param incomplete R per example on x^i
   * @param recovered R per example on x^r
   */
  public RecoveryEstimate estimate(double[] complete, double[] incomplete, double[] recovered) {
    int n = complete.length;
    if (incomplete.length != n || recovered.length != n) {
      throw new IllegalArgumentException("recovery needs three scores per example: " + n + " complete, "
          + incomplete.length + " incomplete, " + recovered.length + " recovered");
    }
    OptionalDouble value = n == 0 ? OptionalDouble.empty()
        : Recovery.of(mean(complete), mean(incomplete), mean(recovered));
    if (n == 0) {
      return new RecoveryEstimate(value, OptionalDouble.empty(), OptionalDouble.empty(), this, resamples);
    }
    Random random = new Random(seed);
    double[] draws = new double[resamples];
    int defined = 0;
    for (int b = 0; b < resamples; b++) {
      double c = 0;
      double i = 0;
      double r = 0;
      for (int k = 0; k < n; k++) {
        int e = random.nextInt(n);
        c += complete[e];
        i += incomplete[e];
        r += recovered[e];
      }
      OptionalDouble rec = Recovery.of(c / n, i / n, r / n);
      if (rec.isPresent()) {
        draws[defined++] = rec.getAsDouble();
      }
    }
    if (defined == 0) {
      return new RecoveryEstimate(value, OptionalDouble.empty(), OptionalDouble.empty(), this, resamples);
    }
    double[] sorted = Arrays.copyOf(draws, defined);
    Arrays.sort(sorted);
    return new RecoveryEstimate(value, OptionalDouble.of(percentile(sorted, 0.025)),
        OptionalDouble.of(percentile(sorted, 0.975)), this, resamples - defined);
  }

  /** numpy's default ("linear") percentile of sorted values, q in [0, 1]. */
  static double percentile(double[] sorted, double q) {
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
