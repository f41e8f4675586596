package io.clarq.core.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrecMetricsTest {
  private final Map<String, Integer> judged = Map.of("d1", 1, "d3", 2, "d5", 1, "d9", 0, "d7", -2);

  @Test
  void testTiesBrokenByDocnoDescending() {
    List<String> order = TrecMetrics.trecOrder(List.of(
        new ScoredItem("d1", 2.0), new ScoredItem("d2", 3.0), new ScoredItem("d3", 2.0)));
    assertThat(order).containsExactly("d2", "d3", "d1");
  }

  @Test
  void testAveragePrecisionCountsUnretrievedRelevant() {
    List<String> ranked = List.of("d1", "d2", "d3", "d4");
    // relevant d1 (rank 1), d3 (rank 3); d5 never retrieved
    assertThat(TrecMetrics.averagePrecision(ranked, judged)).isEqualTo((1.0 + 2.0 / 3) / 3);
    assertThat(TrecMetrics.precisionAt(ranked, judged, 10)).isEqualTo(0.2);
    assertThat(TrecMetrics.reciprocalRank(List.of("d2", "d5"), judged, 100)).isEqualTo(0.5);
    assertThat(TrecMetrics.reciprocalRank(List.of("d2", "d5"), judged, 1)).isEqualTo(0.0);
  }

  @Test
  void testNdcgUsesLinearGainAndIdealFromAllJudged() {
    List<String> ranked = List.of("d1", "d7", "d3");
    double dcg = 1.0 + 2.0 / (Math.log(4) / Math.log(2));
    double idcg = 2.0 + 1.0 / (Math.log(3) / Math.log(2)) + 1.0 / (Math.log(4) / Math.log(2));
    assertThat(TrecMetrics.ndcgAt(ranked, judged, 3)).isCloseTo(dcg / idcg, within(1e-15));
    assertThat(TrecMetrics.ndcgAt(List.of("d9"), judged, 3)).isEqualTo(0.0);
  }
}
