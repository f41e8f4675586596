package io.clarq.core.cq;

import java.util.Objects;

/**
 * Overlap of generated questions with their references, over a set of items.
 *
 * @param convention the tokenization and metric variants used ({@link OverlapConvention})
 * @param items how many hypothesis/reference pairs were scored
 * @param corpusBleu4 corpus-level BLEU-4, in [0, 1]
 * @param sentenceBleu4 the mean of sentence-level BLEU-4, in [0, 1]
 * @param rougeL the mean ROUGE-L F-measure, in [0, 1]
 */
public record OverlapScores(OverlapConvention convention, int items, double corpusBleu4, double sentenceBleu4,
    double rougeL) {
  public OverlapScores {
    Objects.requireNonNull(convention, "convention");
    if (items < 0) {
      throw new IllegalArgumentException("illegal item count " + items + ": must be non-negative");
    }
  }
}
