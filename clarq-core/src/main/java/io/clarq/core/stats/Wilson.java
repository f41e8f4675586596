package io.clarq.core.stats;

/**
 * The Wilson score interval of a binomial proportion (Wilson 1927), the interval recommended over the normal
 * ("Wald") one for small n and rates near 0 or 1 (Brown, Cai and DasGupta 2001):
 * {@code (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)} with p = successes / n.
 */
public final class Wilson {
  private Wilson() {}

  /** The rate successes / n with its 95% Wilson interval; {@link Estimate#UNDEFINED} when n is 0. */
  public static Estimate rate(int successes, int n) {
    if (successes < 0 || successes > n) {
      throw new IllegalArgumentException("illegal proportion " + successes + "/" + n
          + ": successes must be between 0 and n");
    }
    return n == 0 ? Estimate.UNDEFINED : new Estimate((double) successes / n, interval(successes, n, Normal.Z95));
  }

  /** The Wilson interval at normal quantile z; the ends are clamped into [0, 1] against rounding. */
  public static Interval interval(int successes, int n, double z) {
    if (n <= 0 || successes < 0 || successes > n || !(z > 0)) {
      throw new IllegalArgumentException("illegal Wilson interval for " + successes + "/" + n + " at z " + z
          + ": need n > 0, 0 <= successes <= n, z > 0");
    }
    double p = (double) successes / n;
    double z2 = z * z;
    double denominator = 1 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denominator;
    double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denominator;
    double lower = successes == 0 ? 0 : Math.max(0, centre - half);
    double upper = successes == n ? 1 : Math.min(1, centre + half);
    return new Interval(lower, upper);
  }
}
