package io.clarq.core.cq;

/**
 * A ROUGE-L score with its parts.
 *
 * @param f the F-measure in [0, 1]
 * @param precision LCS / hypothesis tokens
 * @param recall LCS / reference tokens
 * @param lcs the length of the longest common subsequence
 */
public record RougeLScore(double f, double precision, double recall, int lcs) {
  public RougeLScore {
    if (!(f >= 0.0 && f <= 1.0 + 1e-12)) {
      throw new IllegalArgumentException("illegal ROUGE-L " + f + ": must be in [0, 1]");
    }
    if (lcs < 0) {
      throw new IllegalArgumentException("illegal LCS length " + lcs + ": must be non-negative");
    }
  }
}
