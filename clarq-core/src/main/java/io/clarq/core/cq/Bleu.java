package io.clarq.core.cq;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BLEU-4 (Papineni et al., 2002) against one reference per hypothesis, on tokens from {@link OverlapTokens}, with
 * uniform weights 1/4 over n = 1..4. Two forms:
 *
 * <ul>
 *   <li>{@link #corpus}: the standard corpus-level BLEU. Clipped n-gram matches and hypothesis n-gram counts are
 *       summed over all items before the precisions are taken; the brevity penalty compares the summed lengths
 *       (c, r): 1 when c &gt; r, else exp(1 - r/c). No smoothing: a corpus with no match of some order scores 0.
 *   <li>{@link #sentence}: per-item BLEU with the add-one smoothing of Lin and Och (2004): for n = 2..4 the
 *       precision is (matches + 1) / (n-grams + 1), unigrams are not smoothed. An empty hypothesis or one without a
 *       unigram match scores 0. The brevity penalty is the item's own. The per-item scores are what
 *       {@link CqOverlap} averages as "sentence BLEU-4".
 * </ul>
 */
public final class Bleu {
  /** The highest n-gram order. */
  public static final int MAX_ORDER = 4;

  private Bleu() {}

  /** Smoothed sentence-level BLEU-4 of one hypothesis against one reference. */
  public static BleuScore sentence(List<String> hypothesis, List<String> reference) {
    long[] matches = new long[MAX_ORDER];
    long[] totals = new long[MAX_ORDER];
    count(hypothesis, reference, matches, totals);
    double bp = brevityPenalty(hypothesis.size(), reference.size());
    double bleu = 0.0;
    if (totals[0] > 0 && matches[0] > 0) {
      double logSum = Math.log((double) matches[0] / totals[0]);
      for (int n = 2; n <= MAX_ORDER; n++) {
        logSum += Math.log((matches[n - 1] + 1.0) / (totals[n - 1] + 1.0));
      }
      bleu = bp * Math.exp(logSum / MAX_ORDER);
    }
    return score(bleu, matches, totals, bp, hypothesis.size(), reference.size());
  }

  /** Unsmoothed corpus-level BLEU-4; hypotheses and references are paired by position. */
  public static BleuScore corpus(List<List<String>> hypotheses, List<List<String>> references) {
    if (hypotheses.size() != references.size()) {
      throw new IllegalArgumentException("BLEU needs one reference per hypothesis: " + hypotheses.size()
          + " hypotheses, " + references.size() + " references");
    }
    long[] matches = new long[MAX_ORDER];
    long[] totals = new long[MAX_ORDER];
    long c = 0;
    long r = 0;
    for (int i = 0; i < hypotheses.size(); i++) {
      count(hypotheses.get(i), references.get(i), matches, totals);
      c += hypotheses.get(i).size();
      r += references.get(i).size();
    }
    double bp = brevityPenalty(c, r);
    double logSum = 0.0;
    boolean zero = false;
    for (int n = 1; n <= MAX_ORDER; n++) {
      if (matches[n - 1] == 0) {
        zero = true;
        break;
      }
      logSum += Math.log((double) matches[n - 1] / totals[n - 1]);
    }
    double bleu = zero ? 0.0 : bp * Math.exp(logSum / MAX_ORDER);
    return score(bleu, matches, totals, bp, c, r);
  }

  /** 1 when the hypothesis is longer than the reference, else exp(1 - r/c); 0 for an empty hypothesis. */
  static double brevityPenalty(long c, long r) {
    if (c == 0) {
      return 0.0;
    }
    return c > r ? 1.0 : Math.exp(1.0 - (double) r / c);
  }

  static void count(List<String> hypothesis, List<String> reference, long[] matches, long[] totals) {
    for (int n = 1; n <= MAX_ORDER; n++) {
      Map<List<String>, Integer> refCounts = ngrams(reference, n);
      Map<List<String>, Integer> hypCounts = ngrams(hypothesis, n);
      for (Map.Entry<List<String>, Integer> e : hypCounts.entrySet()) {
        matches[n - 1] += Math.min(e.getValue(), refCounts.getOrDefault(e.getKey(), 0));
        totals[n - 1] += e.getValue();
      }
    }
  }

  private static Map<List<String>, Integer> ngrams(List<String> tokens, int n) {
    Map<List<String>, Integer> counts = new HashMap<>();
    for (int i = 0; i + n <= tokens.size(); i++) {
      counts.merge(tokens.subList(i, i + n), 1, Integer::sum);
    }
    return counts;
  }

  static BleuScore score(double bleu, long[] matches, long[] totals, double bp, long c, long r) {
    // exp(log) can land a hair above 1 for a perfect match
    return new BleuScore(Math.min(1.0, bleu), List.of(matches[0], matches[1], matches[2], matches[3]),
        List.of(totals[0], totals[1], totals[2], totals[3]), bp, c, r);
  }
}
