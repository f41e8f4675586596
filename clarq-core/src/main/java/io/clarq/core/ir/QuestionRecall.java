package io.clarq.core.ir;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * ClariQ's question-relevance metric, Recall@k, exactly as the official tool computes it. The ranking uses the
 * score column only (rank column and file order are ignored); rows of a topic with an equal score are
 * de-duplicated keeping the first in file order, so a question listed twice with different scores takes two slots.
 */
public final class QuestionRecall {
  /** The cut-offs the official tool reports. */
  public static final List<Integer> CUTOFFS = List.of(5, 10, 20, 30);

  private QuestionRecall() {}

  /**
   * The official order of one topic's rows: by descending score, keeping only the first row (in file order) of
   * each distinct score.
   */
  public static List<String> officialOrder(List<ScoredItem> rowsInFileOrder) {
    Set<Double> seen = new HashSet<>();
    List<ScoredItem> kept = new ArrayList<>();
    for (ScoredItem row : rowsInFileOrder) {
      // -0.0 and 0.0 are one score to pandas
      if (seen.add(row.score() == 0 ? 0.0 : row.score())) {
        kept.add(row);
      }
    }
    kept.sort(Comparator.comparingDouble(ScoredItem::score).reversed());
    return kept.stream().map(ScoredItem::id).toList();
  }

  /** |distinct ids among the first k of {@code ranked} ∩ relevant| / |relevant|. */
  public static double recallAt(List<String> ranked, Set<String> relevant, int k) {
    if (relevant.isEmpty()) {
      throw new IllegalArgumentException("recall needs at least one relevant question");
    }
    if (k <= 0) {
      throw new IllegalArgumentException("illegal cut-off " + k + ": must be positive");
    }
    Set<String> top = new LinkedHashSet<>(ranked.subList(0, Math.min(k, ranked.size())));
    top.retainAll(relevant);
    return (double) top.size() / relevant.size();
  }
}
