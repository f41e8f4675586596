package io.clarq.core.ir;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * trec_eval's per-topic measures. A ranking is first put in trec_eval's order ({@link #trecOrder}): score
 * descending, ties broken by document id descending, whatever order the run file lists them in. Relevant means a
 * grade of at least 1; gains for nDCG are the grades themselves (linear), the ideal ranking is built from all
 * judged documents, and the discount of rank r (1-based) is log2(r + 1).
 */
public final class TrecMetrics {
  private static final Comparator<ScoredItem> TREC_ORDER =
      Comparator.comparingDouble(ScoredItem::score).reversed().thenComparing(ScoredItem::id, Comparator.reverseOrder());

  private TrecMetrics() {}

  /** The document ids in trec_eval's order. */
  public static List<String> trecOrder(List<ScoredItem> run) {
    List<ScoredItem> sorted = new ArrayList<>(run);
    sorted.sort(TREC_ORDER);
    return sorted.stream().map(ScoredItem::id).toList();
  }

  /** Average precision (trec_eval {@code map}): relevant documents not retrieved count as precision 0. */
  public static double averagePrecision(List<String> ranked, Map<String, Integer> judged) {
    long relevant = judged.values().stream().filter(g -> g >= 1).count();
    if (relevant == 0) {
      return 0.0;
    }
    double sum = 0;
    int found = 0;
    for (int i = 0; i < ranked.size(); i++) {
      if (isRelevant(judged, ranked.get(i))) {
        found++;
        sum += (double) found / (i + 1);
      }
    }
    return sum / relevant;
  }

  /** Precision at k (trec_eval {@code P_k}): relevant among the first k, divided by k even when fewer were retrieved. */
  public static double precisionAt(List<String> ranked, Map<String, Integer> judged, int k) {
    checkCutoff(k);
    int found = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      if (isRelevant(judged, ranked.get(i))) {
        found++;
      }
    }
    return (double) found / k;
  }

  /** Reciprocal rank of the first relevant document within the first k (trec_eval {@code recip_rank} when k is large). */
  public static double reciprocalRank(List<String> ranked, Map<String, Integer> judged, int k) {
    checkCutoff(k);
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      if (isRelevant(judged, ranked.get(i))) {
        return 1.0 / (i + 1);
      }
    }
    return 0.0;
  }

  /** nDCG at k (trec_eval {@code ndcg_cut_k}); negative grades gain nothing. 0 when no document has a positive grade. */
  public static double ndcgAt(List<String> ranked, Map<String, Integer> judged, int k) {
    checkCutoff(k);
    double dcg = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      int gain = Math.max(0, judged.getOrDefault(ranked.get(i), 0));
      if (gain > 0) {
        dcg += gain / log2(i + 2);
      }
    }
    List<Integer> ideal = judged.values().stream().filter(g -> g > 0).sorted(Comparator.reverseOrder()).toList();
    double idcg = 0;
    for (int i = 0; i < Math.min(k, ideal.size()); i++) {
      idcg += ideal.get(i) / log2(i + 2);
    }
    return idcg == 0 ? 0.0 : dcg / idcg;
  }

  private static boolean isRelevant(Map<String, Integer> judged, String doc) {
    Integer g = judged.get(doc);
    return g != null && g >= 1;
  }

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }

  private static void checkCutoff(int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("illegal cut-off " + k + ": must be positive");
    }
  }
}
