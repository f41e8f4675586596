package io.clarq.core.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap, seeded so a figure is the same on every run: draw {@code resamples} samples of the n
 * values with replacement (indices from a {@link SplittableRandom} seeded with {@code seed}), take each sample's
 * mean, and report the 2.5th and 97.5th percentiles of those means (linear interpolation between order statistics,
 * numpy's default "linear" method: position q·(B - 1) in the sorted means).
 *
 * @param resamples how many bootstrap samples (B), at least 1
 * @param seed the random seed
 */
public record Bootstrap(int resamples, long seed) {
  /** 2,000 resamples, seed 8848 (the seed the reference code uses for every model call). */
  public static final Bootstrap DEFAULT = new Bootstrap(2000, 8848);

  public Bootstrap {
    if (resamples < 1) {
      throw new IllegalArgumentException("illegal bootstrap resamples " + resamples + ": must be at least 1");
    }
  }

  /** The mean of the values with its 95% percentile-bootstrap interval; undefined for no values. */
  public Estimate mean(double[] values) {
    return pairedDifference(values, new double[values.length]);
  }

  /**
   * A statistic of one resample: the n drawn indices (with replacement) in the order drawn. {@code NaN} when the
   * statistic is undefined for that resample; such resamples are left out of the interval.
   */
  @FunctionalInterface
  public interface Statistic {
    /** The statistic of the values at the drawn indices. */
    double of(int[] indices);
  }

  /**
   * The statistic of every resample of n items, sorted, the undefined ones ({@code NaN}) left out: resample b draws
   * n indices from one {@link SplittableRandom} seeded with {@code seed}, n draws a resample, in order. Every
   * bootstrap of the project (means, paired differences, TOA recovery) draws its resamples here.
   */
  public double[] sortedDraws(int n, Statistic statistic) {
    if (n < 1) {
      throw new IllegalArgumentException("illegal bootstrap over " + n + " items: must be at least 1");
    }
    SplittableRandom random = new SplittableRandom(seed);
    double[] draws = new double[resamples];
    int defined = 0;
    int[] indices = new int[n];
    for (int r = 0; r < resamples; r++) {
      for (int i = 0; i < n; i++) {
        indices[i] = random.nextInt(n);
      }
      double s = statistic.of(indices);
      if (!Double.isNaN(s)) {
        draws[defined++] = s;
      }
    }
    double[] sorted = Arrays.copyOf(draws, defined);
    Arrays.sort(sorted);
    return sorted;
  }

  /**
   * The mean of the paired differences a[i] - b[i] with its 95% interval, resampling pairs (the same indices for
   * both), so what the two runs share cancels out.
   */
  public Estimate pairedDifference(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("illegal paired bootstrap: " + a.length + " values against " + b.length);
    }
    int n = a.length;
    if (n == 0) {
      return Estimate.UNDEFINED;
    }
    double[] d = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      d[i] = a[i] - b[i];
      sum += d[i];
    }
    double[] means = sortedDraws(n, indices -> {
      double s = 0;
      for (int i : indices) {
        s += d[i];
      }
      return s / n;
    });
    return new Estimate(sum / n, new Interval(percentile(means, 0.025), percentile(means, 0.975)));
  }

  /**
   * The two-sided p-value of the paired bootstrap test that the mean of a[i] - b[i] is zero (Efron and Tibshirani
   * 1993, An Introduction to the Bootstrap, section 16.4): the differences are shifted to mean zero (the null), pairs
   * are resampled as in {@link #pairedDifference}, and p = (1 + the resamples whose |mean| reaches the observed |mean|)
   * / (1 + resamples). It is 1 when every difference is zero; NaN for no pairs.
   */
  public double pairedP(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("illegal paired bootstrap: " + a.length + " values against " + b.length);
    }
    int n = a.length;
    if (n == 0) {
      return Double.NaN;
    }
    double[] d = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      d[i] = a[i] - b[i];
      sum += d[i];
    }
    double observed = Math.abs(sum / n);
    double mean = sum / n;
    double[] centred = new double[n];
    for (int i = 0; i < n; i++) {
      centred[i] = d[i] - mean;
    }
    double[] draws = sortedDraws(n, indices -> {
      double s = 0;
      for (int i : indices) {
        s += centred[i];
      }
      return Math.abs(s / n);
    });
    // a draw "reaches" the observed mean up to rounding (1e-12), so equal means are never split by summation order
    int reached = 0;
    for (double x : draws) {
      if (x >= observed - 1e-12) {
        reached++;
      }
    }
    return (1.0 + reached) / (1.0 + draws.length);
  }

  /**
   * The q-quantile (q in [0, 1]) of sorted values, interpolating linearly at position q·(n - 1): numpy's default
   * ("linear") percentile. The one percentile function of the project.
   */
  public static double percentile(double[] sorted, double q) {
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  @Override
  public String toString() {
    return "Bootstrap{resamples=" + resamples + ", seed=" + seed + ", 95% percentile interval}";
  }
}
