package io.clarq.core.stats;

/**
 * McNemar's exact test for paired binary outcomes: of the b + c discordant pairs (b: only A succeeded, c: only B
 * succeeded), under the null hypothesis each is equally likely to go either way, so min(b, c) is binomial(b + c,
 * 1/2). The two-sided p-value is {@code min(1, 2 · P(X <= min(b, c)))}; 1 when there is no discordant pair.
 */
public final class McNemar {
  private McNemar() {}

  /** The exact two-sided p-value from the discordant counts. */
  public static double exactTwoSided(int onlyA, int onlyB) {
    if (onlyA < 0 || onlyB < 0) {
      throw new IllegalArgumentException("illegal discordant counts " + onlyA + ", " + onlyB
          + ": must be non-negative");
    }
    int n = onlyA + onlyB;
    int k = Math.min(onlyA, onlyB);
    // P(X <= k) for X ~ binomial(n, 1/2), summed in log space so large n does not underflow term by term
    double logHalfN = n * Math.log(0.5);
    double logChoose = 0; // log C(n, 0)
    double tail = 0;
    for (int i = 0; i <= k; i++) {
      if (i > 0) {
        logChoose += Math.log(n - i + 1) - Math.log(i);
      }
      tail += Math.exp(logChoose + logHalfN);
    }
    return Math.min(1.0, 2 * tail);
  }
}
