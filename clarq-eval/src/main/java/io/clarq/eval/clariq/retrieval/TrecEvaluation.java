package io.clarq.eval.clariq.retrieval;

import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import io.clarq.core.ir.TrecMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scores runs as trec_eval does by default: only topics that have judgments and appear in the run are averaged;
 * each ranking is re-sorted by score (descending) then document id (descending), after rounding scores to the six
 * decimals a TREC run file carries, so that a run scored in memory equals the same run written and re-read.
 */
public final class TrecEvaluation {
  /** trec_eval's usual measures (the CACM regression's), in print order. */
  public static final List<String> MEASURES =
      List.of("map", "P_5", "P_10", "P_30", "ndcg_cut_10", "ndcg_cut_20", "recip_rank");
  /**
   * ClariQ's document-relevance measures under the official tool's names, NDCG3 (the leaderboard's) first, then MAP:
   * {@code NDCGk} = trec_eval's {@code ndcg_cut_k}, {@code Pk} = {@code P_k}, {@code MRR100} = {@code recip_rank}
   * over the first 100 documents, {@code MAP} = {@code map}.
   */
  public static final List<String> CLARIQ_MEASURES = List.of("NDCG3", "NDCG1", "NDCG5", "NDCG10", "NDCG20", "P1", "P3",
      "P5", "P10", "P20", "MRR100", "MAP");

  private TrecEvaluation() {}

  /** Scores a run (topic -> hits as retrieved) against the judgments with trec_eval's usual {@link #MEASURES}. */
  public static RetrievalScores score(String name, Map<String, List<ScoredItem>> run, RelevanceJudgments qrels) {
    return score(name, run, qrels, MEASURES);
  }

  /**
   * Scores a run with the given measures: names from {@link #MEASURES} or {@link #CLARIQ_MEASURES} ({@code map},
   * {@code MAP}, {@code P_k}, {@code Pk}, {@code ndcg_cut_k}, {@code NDCGk}, {@code recip_rank}, {@code MRRk}).
   */
  public static RetrievalScores score(String name, Map<String, List<ScoredItem>> run, RelevanceJudgments qrels,
      List<String> measures) {
    measures.forEach(m -> measure(m, List.of(), Map.of())); // an unknown name fails before any work
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
      for (String m : measures) {
        table.put(m, topic, measure(m, ranked, judged));
      }
    }
    if (topics == 0) {
      throw new IllegalArgumentException("run " + name + " answers none of the " + qrels.topics().size() + " judged topics");
    }
    return new RetrievalScores(name, table, topics);
  }

  /** One measure of one ranking, by name; the error lists the names understood. */
  static double measure(String name, List<String> ranked, Map<String, Integer> judged) {
    if (name.equals("map") || name.equals("MAP")) {
      return TrecMetrics.averagePrecision(ranked, judged);
    }
    if (name.equals("recip_rank")) {
      return TrecMetrics.reciprocalRank(ranked, judged, Integer.MAX_VALUE);
    }
    Matcher m = CUT_MEASURE.matcher(name);
    if (m.matches()) {
      int k = Integer.parseInt(m.group(2));
      return switch (m.group(1)) {
        case "P_", "P" -> TrecMetrics.precisionAt(ranked, judged, k);
        case "ndcg_cut_", "NDCG" -> TrecMetrics.ndcgAt(ranked, judged, k);
        default -> TrecMetrics.reciprocalRank(ranked, judged, k);
      };
    }
    throw new IllegalArgumentException("unknown measure \"" + name + "\": expected one of " + MEASURES + " or "
        + CLARIQ_MEASURES + " (any positive cut-off)");
  }

  private static final Pattern CUT_MEASURE = Pattern.compile("(P_|P|ndcg_cut_|NDCG|MRR)([1-9][0-9]*)");

  /** The score as trec_eval reads it back from a run file written with six decimals. */
  static ScoredItem asWritten(ScoredItem hit) {
    return new ScoredItem(hit.id(), Double.parseDouble(String.format(Locale.ROOT, "%.6f", hit.score())));
  }
}
