package io.clarq.core.cq;

import java.util.List;

/**
 * ROUGE-L (Lin, 2004) of one hypothesis against one reference: the longest common subsequence (LCS) of their tokens
 * (from {@link OverlapTokens}), P = LCS / |hypothesis|, R = LCS / |reference|, and the F-measure
 * F = (1 + beta^2) P R / (R + beta^2 P). The default beta is {@value #DEFAULT_BETA}, the value of the COCO caption
 * evaluation code (pycocoevalcap) that question-generation papers commonly report; beta 1 gives the plain F1 of
 * Google's rouge-score package. No stemming, no stopword removal. 0 when either side is empty or nothing is shared.
 */
public final class RougeL {
  /** The default recall weight. */
  public static final double DEFAULT_BETA = 1.2;

  private RougeL() {}

  /** ROUGE-L with the default beta. */
  public static RougeLScore score(List<String> hypothesis, List<String> reference) {
    return score(hypothesis, reference, DEFAULT_BETA);
  }

  /** ROUGE-L with the given beta (positive, finite). */
  public static RougeLScore score(List<String> hypothesis, List<String> reference, double beta) {
    if (!(beta > 0.0 && Double.isFinite(beta))) {
      throw new IllegalArgumentException("illegal ROUGE-L beta " + beta + ": must be a positive finite value");
    }
    int lcs = lcs(hypothesis, reference);
    if (lcs == 0) {
      return new RougeLScore(0.0, 0.0, 0.0, 0);
    }
    double p = (double) lcs / hypothesis.size();
    double r = (double) lcs / reference.size();
    double b2 = beta * beta;
    return new RougeLScore((1 + b2) * p * r / (r + b2 * p), p, r, lcs);
  }

  /** The length of the longest common subsequence. */
  static int lcs(List<String> a, List<String> b) {
    int[] prev = new int[b.size() + 1];
    int[] cur = new int[b.size() + 1];
    for (int i = 1; i <= a.size(); i++) {
      for (int j = 1; j <= b.size(); j++) {
        cur[j] = a.get(i - 1).equals(b.get(j - 1)) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.size()];
  }
}
