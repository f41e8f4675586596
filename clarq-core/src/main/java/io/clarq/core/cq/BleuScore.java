package io.clarq.core.cq;

import java.util.List;

/**
 * A BLEU-4 score with what it was computed from, so a surprising number can be traced.
 *
 * @param bleu the score in [0, 1]
 * @param matches clipped n-gram matches for n = 1..4
 * @param totals hypothesis n-grams for n = 1..4
 * @param brevityPenalty the brevity penalty applied
 * @param hypothesisLength hypothesis tokens
 * @param referenceLength reference tokens
 */
public record BleuScore(
    double bleu, List<Long> matches, List<Long> totals, double brevityPenalty, long hypothesisLength,
    long referenceLength) {
  public BleuScore {
    matches = List.copyOf(matches);
    totals = List.copyOf(totals);
    if (!(bleu >= 0.0 && bleu <= 1.0)) {
      throw new IllegalArgumentException("illegal BLEU " + bleu + ": must be in [0, 1]");
    }
    if (matches.size() != Bleu.MAX_ORDER || totals.size() != Bleu.MAX_ORDER) {
      throw new IllegalArgumentException(
          "illegal BLEU counts " + matches + " / " + totals + ": need " + Bleu.MAX_ORDER + " orders");
    }
  }

  /** The unsmoothed modified precision of order n (1-4); 0 when the hypothesis has no n-gram of that order. */
  public double precision(int n) {
    long total = totals.get(n - 1);
    return total == 0 ? 0.0 : (double) matches.get(n - 1) / total;
  }
}
