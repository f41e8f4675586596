package io.clarq.core.cq;

import java.util.List;

/** Scores generated questions against reference questions with BLEU-4 and ROUGE-L, with and without template words. */
public final class CqOverlap {
  private CqOverlap() {}

  /**
   * Both score sets of {@link OverlapReport}, the "without" set using {@link TemplateWords#DEFAULT}.
   *
   * @param hypotheses generated questions, as written
   * @param references reference questions, paired by position
   */
  public static OverlapReport report(List<String> hypotheses, List<String> references) {
    return report(hypotheses, references, TemplateWords.DEFAULT);
  }

  /** Both score sets, removing the given template openings for the "without" set. */
  public static OverlapReport report(List<String> hypotheses, List<String> references, TemplateWords templates) {
    if (hypotheses.size() != references.size()) {
      throw new IllegalArgumentException("overlap needs one reference per generated question: "
          + hypotheses.size() + " questions, " + references.size() + " references");
    }
    List<List<String>> hyp = hypotheses.stream().map(OverlapTokens::tokenize).toList();
    List<List<String>> ref = references.stream().map(OverlapTokens::tokenize).toList();
    return new OverlapReport(scores(hyp, ref),
        scores(hyp.stream().map(templates::strip).toList(), ref.stream().map(templates::strip).toList()));
  }

  /** Corpus BLEU-4, mean sentence BLEU-4 and mean ROUGE-L of tokenized pairs. */
  public static OverlapScores scores(List<List<String>> hypotheses, List<List<String>> references) {
    double bleuSum = 0.0;
    double rougeSum = 0.0;
    for (int i = 0; i < hypotheses.size(); i++) {
      bleuSum += Bleu.sentence(hypotheses.get(i), references.get(i)).bleu();
      rougeSum += RougeL.score(hypotheses.get(i), references.get(i)).f();
    }
    int n = hypotheses.size();
    return new OverlapScores(n, Bleu.corpus(hypotheses, references).bleu(), n == 0 ? 0.0 : bleuSum / n,
        n == 0 ? 0.0 : rougeSum / n);
  }
}
