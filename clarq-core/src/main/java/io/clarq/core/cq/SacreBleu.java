package io.clarq.core.cq;

import java.util.List;

/**
 * BLEU as sacreBLEU computes it with its defaults ({@code corpus_bleu} and {@code sentence_bleu}, one reference
 * each), on tokens from {@link Tokenizer13a}, case kept. Scores are in [0, 1] (sacreBLEU prints them times 100).
 *
 * <ul>
 *   <li>{@link #corpus}: clipped n-gram matches and counts summed over the corpus, n = 1..4; "exp" smoothing: the
 *       k-th order with no match (k = 1, 2, ...) gets precision 1 / (2^k · n-grams); an order with no n-gram at all
 *       makes the score 0; brevity penalty exp(1 - r/c) when c &lt; r, 0 when c = 0.
 *   <li>{@link #sentence}: the same for one pair with sacreBLEU's sentence default, the effective order: orders
 *       beyond the longest the hypothesis has are left out of the geometric mean.
 * </ul>
 * A corpus or sentence with no match of any order scores 0.
 */
public final class SacreBleu {
  private SacreBleu() {}

  /** {@code sacrebleu.corpus_bleu(hypotheses, [references])} / 100, on 13a tokens. */
  public static BleuScore corpus(List<String> hypotheses, List<String> references) {
    if (hypotheses.size() != references.size()) {
      throw new IllegalArgumentException("BLEU needs one reference per hypothesis: " + hypotheses.size()
          + " hypotheses, " + references.size() + " references");
    }
    long[] matches = new long[Bleu.MAX_ORDER];
    long[] totals = new long[Bleu.MAX_ORDER];
    long c = 0;
    long r = 0;
    for (int i = 0; i < hypotheses.size(); i++) {
      List<String> h = Tokenizer13a.tokenize(hypotheses.get(i));
      List<String> ref = Tokenizer13a.tokenize(references.get(i));
      Bleu.count(h, ref, matches, totals);
      c += h.size();
      r += ref.size();
    }
    return score(matches, totals, c, r, false);
  }

  /** {@code sacrebleu.sentence_bleu(hypothesis, [reference])} / 100, on 13a tokens. */
  public static BleuScore sentence(String hypothesis, String reference) {
    List<String> h = Tokenizer13a.tokenize(hypothesis);
    List<String> ref = Tokenizer13a.tokenize(reference);
    long[] matches = new long[Bleu.MAX_ORDER];
    long[] totals = new long[Bleu.MAX_ORDER];
    Bleu.count(h, ref, matches, totals);
    return score(matches, totals, h.size(), ref.size(), true);
  }

  /** sacreBLEU's {@code compute_bleu} with smooth_method "exp". */
  static BleuScore score(long[] matches, long[] totals, long c, long r, boolean effectiveOrder) {
    double bp = c < r ? (c > 0 ? Math.exp(1.0 - (double) r / c) : 0.0) : 1.0;
    boolean anyMatch = false;
    for (long m : matches) {
      anyMatch |= m > 0;
    }
    if (!anyMatch) {
      return Bleu.score(0.0, matches, totals, bp, c, r);
    }
    double smooth = 1.0;
    int order = Bleu.MAX_ORDER;
    double logSum = 0.0;
    boolean zero = false;
    for (int n = 1; n <= Bleu.MAX_ORDER; n++) {
      if (totals[n - 1] == 0) {
        // sacreBLEU stops here: without the effective order the missing precisions are 0 and so is the score
        zero = !effectiveOrder;
        if (effectiveOrder) {
          order = n - 1;
        }
        break;
      }
      double p;
      if (matches[n - 1] == 0) {
        smooth *= 2;
        p = 1.0 / (smooth * totals[n - 1]);
      } else {
        p = (double) matches[n - 1] / totals[n - 1];
      }
      logSum += Math.log(p);
    }
    double bleu = zero || order == 0 ? 0.0 : bp * Math.exp(logSum / order);
    return Bleu.score(bleu, matches, totals, bp, c, r);
  }
}
