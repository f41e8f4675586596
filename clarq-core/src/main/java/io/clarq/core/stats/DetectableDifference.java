package io.clarq.core.stats;

import java.util.Locale;

/**
 * The smallest difference in success two runs on the same tasks could be told apart by, at two-sided alpha 0.05 with
 * power 0.8, in the paired design (McNemar's test on the tasks both runs decided). Connor's sample size for paired
 * proportions (Connor 1987, "Sample size for testing differences in proportions for the paired-sample design",
 * Biometrics 43(1):207-211, p. 209),
 * <pre>
 *   n = ( z_{1-alpha/2} * sqrt(psi) + z_{1-beta} * sqrt(psi - delta^2) )^2 / delta^2
 * </pre>
 * with psi the share of discordant pairs and delta the difference in success, is solved here for delta given n and
 * psi (the larger root of {@code (n + z_b^2) delta^2 - 2 z_a sqrt(n psi) delta + (z_a^2 - z_b^2) psi = 0}):
 * <pre>
 *   delta = sqrt(psi) * ( z_a * sqrt(n) + z_b * sqrt(n - z_a^2 + z_b^2) ) / (n + z_b^2)
 * </pre>
 * psi is the discordance observed between the two runs. A difference of at most delta is one this design would miss
 * more often than one time in five; when delta exceeds psi no difference the discordant pairs allow is detectable.
 *
 * @param pairs tasks decided in both runs (n)
 * @param discordant pairs on which the runs disagree (only one run succeeded)
 * @param value the minimum detectable difference delta; NaN when no pair, or no pair is discordant (a difference
 *     cannot be told from nothing)
 */
public record DetectableDifference(int pairs, int discordant, double value) {
  /** Φ⁻¹(0.975): two-sided alpha 0.05. */
  public static final double Z_ALPHA = Normal.Z95;
  /** Φ⁻¹(0.8) = 0.8416212335729143: power 0.8 (scipy.stats.norm.ppf(0.8)). */
  public static final double Z_POWER = 0.8416212335729143;

  public DetectableDifference {
    if (pairs < 0 || discordant < 0 || discordant > pairs) {
      throw new IllegalArgumentException("illegal paired counts: " + pairs + " pairs, " + discordant
          + " discordant; must be 0 <= discordant <= pairs");
    }
  }

  /** The minimum detectable difference for {@code pairs} tasks of which {@code discordant} were discordant. */
  public static DetectableDifference of(int pairs, int discordant) {
    if (pairs < 0 || discordant < 0 || discordant > pairs) {
      throw new IllegalArgumentException("illegal paired counts: " + pairs + " pairs, " + discordant
          + " discordant; must be 0 <= discordant <= pairs");
    }
    if (discordant == 0) {
      return new DetectableDifference(pairs, 0, Double.NaN);
    }
    return new DetectableDifference(pairs, discordant, at(pairs, (double) discordant / pairs));
  }

  /** delta for n pairs at discordance psi ({@code 0 < psi <= 1}), by the closed form above. */
  public static double at(int n, double psi) {
    if (n < 1 || !(psi > 0 && psi <= 1)) {
      throw new IllegalArgumentException("illegal design: " + n + " pairs at discordance " + psi
          + "; need at least one pair and 0 < discordance <= 1");
    }
    double za = Z_ALPHA;
    double zb = Z_POWER;
    double root = n - za * za + zb * zb;
    if (root < 0) {
      return Double.POSITIVE_INFINITY;   // n below z_a^2 - z_b^2 (3.1): no difference is detectable
    }
    return Math.sqrt(psi) * (za * Math.sqrt(n) + zb * Math.sqrt(root)) / (n + zb * zb);
  }

  /**
   * Whether some difference is detectable at all: delta is defined and not above the discordance (a difference in
   * success can never exceed the share of discordant pairs).
   */
  public boolean reachable() {
    return defined() && value <= discordance();
  }

  /** The observed discordance psi; NaN when no pair. */
  public double discordance() {
    return pairs == 0 ? Double.NaN : (double) discordant / pairs;
  }

  /** Whether a difference of this size could exceed the minimum: some difference is detectable at all. */
  public boolean defined() {
    return !Double.isNaN(value);
  }

  /**
   * Whether an observed difference (A - B, either sign) is larger than the minimum detectable difference; false
   * when the minimum is undefined.
   */
  public boolean exceededBy(double difference) {
    return defined() && Math.abs(difference) > value;
  }

  @Override
  public String toString() {
    return defined() ? String.format(Locale.ROOT, "%.4f (%d pairs, %d discordant)", value, pairs, discordant)
        : "- (" + pairs + " pairs, none discordant)";
  }
}
