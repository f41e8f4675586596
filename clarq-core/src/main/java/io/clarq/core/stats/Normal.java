package io.clarq.core.stats;

/** The standard normal quantile every 95% interval of the project uses (Wilson and normal-mean intervals alike). */
public final class Normal {
  /** The two-sided 95% normal quantile, Φ⁻¹(0.975) = 1.959963984540054 (often rounded to 1.96). */
  public static final double Z95 = 1.959963984540054;

  private Normal() {}
}
