package io.clarq.core.cq;

/**
 * Overlap of generated questions with their references, over a set of items.
 *
 * @param items how many hypothesis/reference pairs were scored
 * @param corpusBleu4 corpus-level BLEU-4 ({@link Bleu#corpus}), in [0, 1]
 * @param sentenceBleu4 the mean of smoothed sentence-level BLEU-4 ({@link Bleu#sentence}), in [0, 1]
 * @param rougeL the mean ROUGE-L F-measure ({@link RougeL}, beta {@value RougeL#DEFAULT_BETA}), in [0, 1]
 */
public record OverlapScores(int items, double corpusBleu4, double sentenceBleu4, double rougeL) {
  public OverlapScores {
    if (items < 0) {
      throw new IllegalArgumentException("illegal item count " + items + ": must be non-negative");
    }
  }
}
