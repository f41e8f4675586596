package io.clarq.retrieval.clariq.document;

import io.clarq.core.ir.ScoredItem;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a ranking's scores say its order, as Anserini does before writing a run: scores are rounded to four
 * decimals and each further document of a tie loses another 1e-6 (in single precision), so trec_eval, which
 * re-sorts by score and breaks ties by document id descending, keeps the ranking's own tie order (document id
 * ascending). Anserini's published CACM figures are reached only this way.
 */
public final class ScoreTies {
  private ScoreTies() {}

  /** The hits (best first) with adjusted scores, in the same order. */
  public static List<ScoredItem> keepOrder(List<ScoredItem> hits) {
    List<ScoredItem> out = new ArrayList<>(hits.size());
    float previous = 0f;
    int dup = 0;
    for (int i = 0; i < hits.size(); i++) {
      float score = Math.round((float) hits.get(i).score() * 1e4f) / 1e4f;
      if (i == 0 || previous - score > 1e-4f) {
        dup = 0;
      } else {
        dup++;
        score -= 1e-6f * dup;
      }
      previous = score;
      out.add(new ScoredItem(hits.get(i).id(), score));
    }
    return out;
  }
}
