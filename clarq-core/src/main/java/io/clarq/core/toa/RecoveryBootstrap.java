package io.clarq.core.toa;

import io.clarq.core.stats.Bootstrap;
import java.util.OptionalDouble;

/**
 * A seeded percentile bootstrap over examples for {@link Recovery}: each resample draws n examples with replacement
 * (the project's one bootstrap, {@link Bootstrap#sortedDraws}, whose {@link java.util.SplittableRandom} the JDK
 * specifies, so the interval is the same on every machine), computes the recovery of the resample's means, and the
 * interval is the 2.5th and 97.5th percentile of those recoveries ({@link Bootstrap#percentile}, numpy's default). Resamples where R(x^c) = R(x^i)
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
    double[] sorted = new Bootstrap(resamples, seed).sortedDraws(n, indices -> {
      double c = 0;
      double i = 0;
      double r = 0;
      for (int e : indices) {
        c += complete[e];
        i += incomplete[e];
        r += recovered[e];
      }
      return Recovery.of(c / n, i / n, r / n).orElse(Double.NaN);
    });
    if (sorted.length == 0) {
      return new RecoveryEstimate(value, OptionalDouble.empty(), OptionalDouble.empty(), this, resamples);
    }
    return new RecoveryEstimate(value, OptionalDouble.of(Bootstrap.percentile(sorted, 0.025)),
        OptionalDouble.of(Bootstrap.percentile(sorted, 0.975)), this, resamples - sorted.length);
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
