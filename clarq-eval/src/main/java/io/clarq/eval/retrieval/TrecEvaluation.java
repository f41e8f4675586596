package io.clarq.eval.retrieval;

import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import io.clarq.core.ir.TrecMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scores runs as trec_eval does by default: only topics that have judgments and appear in the run are averaged;
 * each ranking is re-sorted by score (descending) then document id (descending), after rounding scores to the six
 * decimals a TREC run file carries, so that a run scored in memory equals the same run written and re-read.
 */
public final class TrecEvaluation {
  /** Measures computed, in print order. */
  public static final List<String> MEASURES =
      List.of("map", "P_5", "P_10", "P_30", "ndcg_cut_10", "ndcg_cut_20", "recip_rank");

  private TrecEvaluation() {}

  /** Scores a run (topic -> hits as retrieved) against the judgments. */
  public static RetrievalScores score(String name, Map<String, List<ScoredItem>> run, RelevanceJudgments qrels) {
    MetricTable table = new MetricTable();
    int topics = 0;
    for (String topic : qrels.topics()) {
      List<ScoredItem> hits = run.get(topic);
      if (hits == null) {
        continue;
      }
      topics++;
      List<String> ranked = TrecMetrics.trecOrder(hits.stream().map(TrecEvaluation::asWritten).toList());
      Map<String, Integer> judged = qrels.of(topic);
      table.put("map", topic, TrecMetrics.averagePrecision(ranked, judged));
      table.put("P_5", topic, TrecMetrics.precisionAt(ranked, judged, 5));
      table.put("P_10", topic, TrecMetrics.precisionAt(ranked, judged, 10));
      table.put("P_30", topic, TrecMetrics.precisionAt(ranked, judged, 30));
      table.put("ndcg_cut_10", topic, TrecMetrics.ndcgAt(ranked, judged, 10));
      table.put("ndcg_cut_20", topic, TrecMetrics.ndcgAt(ranked, judged, 20));
      table.put("recip_rank", topic, TrecMetrics.reciprocalRank(ranked, judged, Integer.MAX_VALUE));
    }
    if (topics == 0) {
      throw new IllegalArgumentException("run " + name + " answers none of the " + qrels.topics().size() + " judged topics");
    }
    return new RetrievalScores(name, table, topics);
  }

  /** The score as trec_eval reads it back from a run file written with six decimals. */
  static ScoredItem asWritten(ScoredItem hit) {
    return new ScoredItem(hit.id(), Double.parseDouble(String.format(Locale.ROOT, "%.6f", hit.score())));
  }
}
