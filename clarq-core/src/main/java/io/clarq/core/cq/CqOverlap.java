package io.clarq.core.cq;

import java.util.List;

/**
 * Scores generated questions against reference questions with BLEU-4 and ROUGE-L, with and without template words,
 * under one {@link OverlapConvention}.
 */
public final class CqOverlap {
  private CqOverlap() {}

  /** Both score sets of {@link OverlapReport} in clarq's convention, without {@link TemplateWords#DEFAULT}. */
  public static OverlapReport report(List<String> hypotheses, List<String> references) {
    return report(hypotheses, references, TemplateWords.DEFAULT, OverlapConvention.CLARQ);
  }

  /**
   * Both score sets in a convention. For "without template words" the opening is cut from the text
   * ({@link TemplateWords#stripText}) before the convention's own tokenizer runs.
   */
  public static OverlapReport report(List<String> hypotheses, List<String> references, TemplateWords templates,
      OverlapConvention convention) {
    return new OverlapReport(convention.scores(hypotheses, references),
        convention.scores(hypotheses.stream().map(templates::stripText).toList(),
            references.stream().map(templates::stripText).toList()));
  }

  /** clarq's corpus BLEU-4, mean sentence BLEU-4 and mean ROUGE-L of tokenized pairs. */
  public static OverlapScores scores(List<List<String>> hypotheses, List<List<String>> references) {
    double bleuSum = 0.0;
    double rougeSum = 0.0;
    for (int i = 0; i < hypotheses.size(); i++) {
      bleuSum += Bleu.sentence(hypotheses.get(i), references.get(i)).bleu();
      rougeSum += RougeL.score(hypotheses.get(i), references.get(i)).f();
    }
    int n = hypotheses.size();
    return new OverlapScores(OverlapConvention.CLARQ, n, Bleu.corpus(hypotheses, references).bleu(),
        n == 0 ? 0.0 : bleuSum / n, n == 0 ? 0.0 : rougeSum / n);
  }
}
