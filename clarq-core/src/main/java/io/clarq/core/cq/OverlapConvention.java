package io.clarq.core.cq;

import java.util.List;

/**
 * Which tokenization and BLEU / ROUGE-L variants produced an overlap score; every printed score names one.
 *
 * <ul>
 *   <li>{@link #TOOLKITS}, the numbers other work compares against: BLEU-4 exactly as sacreBLEU computes it with its
 *       defaults ({@link SacreBleu}: 13a tokenizer, case kept, "exp" smoothing; corpus_bleu, and sentence_bleu with
 *       its effective order), ROUGE-L as Google's rouge-score package computes it with its default tokenizer
 *       ({@link RougeScoreTokens}: lower case, split on anything but a-z and 0-9, no stemming) and its F-measure (the
 *       harmonic mean of LCS precision and recall).
 *   <li>{@link #CLARQ}, clarq's own: {@link OverlapTokens} (lower case, apostrophes deleted, other non-alphanumerics
 *       split) for both; unsmoothed corpus BLEU-4 and Lin and Och's add-one sentence BLEU-4 ({@link Bleu}); ROUGE-L
 *       F with beta 1.2 as in the COCO caption evaluation code ({@link RougeL}).
 * </ul>
 */
public enum OverlapConvention {
  /** sacreBLEU (13a) and rouge-score (its default tokenizer). */
  TOOLKITS("13a", "rouge-score"),
  /** clarq's tokenizer for both, the variants of {@link Bleu} and {@link RougeL}. */
  CLARQ("clarq", "clarq");

  private final String bleuTokenizer;
  private final String rougeTokenizer;

  OverlapConvention(String bleuTokenizer, String rougeTokenizer) {
    this.bleuTokenizer = bleuTokenizer;
    this.rougeTokenizer = rougeTokenizer;
  }

  /** The BLEU tokenization's name: "13a" or "clarq". */
  public String bleuTokenizer() {
    return bleuTokenizer;
  }

  /** The ROUGE-L tokenization's name: "rouge-score" or "clarq". */
  public String rougeTokenizer() {
    return rougeTokenizer;
  }

  /** A one-line description for reports. */
  public String describe() {
    return this == TOOLKITS
        ? "BLEU: sacreBLEU defaults (13a tokenizer, case kept, exp smoothing); ROUGE-L: rouge-score default"
            + " tokenizer (lower case, non-alphanumeric split), F-measure"
        : "clarq tokenizer (lower case, apostrophes deleted, non-alphanumeric split); BLEU unsmoothed (corpus),"
            + " add-one (sentence); ROUGE-L F beta 1.2";
  }

  /** Corpus BLEU-4, mean sentence BLEU-4 and mean ROUGE-L of texts paired by position. */
  public OverlapScores scores(List<String> hypotheses, List<String> references) {
    if (hypotheses.size() != references.size()) {
      throw new IllegalArgumentException("overlap needs one reference per generated question: "
          + hypotheses.size() + " questions, " + references.size() + " references");
    }
    int n = hypotheses.size();
    if (this == CLARQ) {
      return CqOverlap.scores(hypotheses.stream().map(OverlapTokens::tokenize).toList(),
          references.stream().map(OverlapTokens::tokenize).toList());
    }
    double bleuSum = 0.0;
    double rougeSum = 0.0;
    for (int i = 0; i < n; i++) {
      bleuSum += SacreBleu.sentence(hypotheses.get(i), references.get(i)).bleu();
      rougeSum += RougeL.score(RougeScoreTokens.tokenize(hypotheses.get(i)),
          RougeScoreTokens.tokenize(references.get(i)), 1.0).f();
    }
    return new OverlapScores(this, n, SacreBleu.corpus(hypotheses, references).bleu(),
        n == 0 ? 0.0 : bleuSum / n, n == 0 ? 0.0 : rougeSum / n);
  }
}
