package io.clarq.eval.clariq.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ClariQ's document-relevance measures on small rankings computed by hand with trec_eval's definitions. */
class ClariqMeasuresTest {
  private static final RelevanceJudgments QRELS = new RelevanceJudgments(Map.of(
      "F1", Map.of("d1", 2, "d2", 0, "d3", 1, "d4", 3),
      "F2", Map.of("r", 1),
      "F3", Map.of("x", 1)));

  private static Map<String, List<ScoredItem>> run() {
    List<ScoredItem> f2 = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      f2.add(new ScoredItem(i == 100 ? "r" : String.format("n%03d", i), 1000 - i));
    }
    // F1 ranks d2 (grade 0), d1 (2), d3 (1); d4 (3) is never retrieved. F2's only relevant document is at rank 101.
    // F3 has no run lines: not averaged, as trec_eval does by default.
    return Map.of("F1", List.of(new ScoredItem("d1", 2.0), new ScoredItem("d2", 3.0), new ScoredItem("d3", 1.0)),
        "F2", f2);
  }

  @Test
  void testClariqMeasuresByHand() {
    RetrievalScores s = TrecEvaluation.score("hand", run(), QRELS, TrecEvaluation.CLARIQ_MEASURES);
    assertThat(s.means().keySet()).containsExactly("NDCG3", "NDCG1", "NDCG5", "NDCG10", "NDCG20", "P1", "P3", "P5",
        "P10", "P20", "MRR100", "MAP");
    assertThat(s.topics()).isEqualTo(2);
    double log2of3 = Math.log(3) / Math.log(2);
    // F1: DCG@3 = 0 + 2/log2(3) + 1/log2(4); ideal gains 3, 2, 1 over all judged documents
    double ndcg3 = (2 / log2of3 + 0.5) / (3 + 2 / log2of3 + 0.5);
    Map<String, Double> f1 = s.perTopic().values().entrySet().stream()
        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get("F1")));
    assertThat(f1.get("NDCG3")).isCloseTo(ndcg3, within(1e-15));
    assertThat(f1.get("NDCG1")).isEqualTo(0.0);
    assertThat(f1.get("NDCG5")).isCloseTo(ndcg3, within(1e-15)); // nothing retrieved below rank 3
    assertThat(f1.get("P1")).isEqualTo(0.0);
    assertThat(f1.get("P3")).isEqualTo(2.0 / 3);
    assertThat(f1.get("P5")).isEqualTo(0.4);
    assertThat(f1.get("P20")).isEqualTo(0.1);
    assertThat(f1.get("MRR100")).isEqualTo(0.5);
    assertThat(f1.get("MAP")).isEqualTo((1.0 / 2 + 2.0 / 3) / 3);
    // F2: the relevant document at rank 101 is beyond MRR100's cut-off, but counts for MAP (1/101)
    assertThat(s.perTopic().metric("MRR100").get("F2")).isEqualTo(0.0);
    assertThat(s.perTopic().metric("NDCG20").get("F2")).isEqualTo(0.0);
    assertThat(s.perTopic().metric("MAP").get("F2")).isEqualTo(1.0 / 101);
    assertThat(s.mean("MRR100")).isEqualTo(0.25);
    assertThat(s.mean("NDCG3")).isCloseTo(ndcg3 / 2, within(1e-15));
    // the same numbers under trec_eval's own names
    RetrievalScores trec = TrecEvaluation.score("hand", run(), QRELS, List.of("ndcg_cut_3", "P_3", "map", "recip_rank"));
    assertThat(trec.mean("ndcg_cut_3")).isEqualTo(s.mean("NDCG3"));
    assertThat(trec.mean("P_3")).isEqualTo(s.mean("P3"));
    assertThat(trec.mean("map")).isEqualTo(s.mean("MAP"));
    assertThat(trec.mean("recip_rank")).isEqualTo((0.5 + 1.0 / 101) / 2);
    assertThatThrownBy(() -> TrecEvaluation.score("hand", run(), QRELS, List.of("NDCG")))
        .hasMessageStartingWith("unknown measure \"NDCG\"");
  }
}
