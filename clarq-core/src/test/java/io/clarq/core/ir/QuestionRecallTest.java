package io.clarq.core.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuestionRecallTest {
  @Test
  void testOrdersByScoreOnlyAndKeepsFirstOfEqualScores() {
    List<String> order = QuestionRecall.officialOrder(List.of(
        new ScoredItem("Q3", 1.0),
        new ScoredItem("Q1", 5.0),
        new ScoredItem("Q2", 5.0), // same score as Q1: dropped
        new ScoredItem("Q4", 3.0),
        new ScoredItem("Q1", 2.0))); // listed again with another score: takes a second slot
    assertThat(order).containsExactly("Q1", "Q4", "Q1", "Q3");
  }

  @Test
  void testRecallCountsDistinctIdsInTopK() {
    List<String> ranked = List.of("Q1", "Q1", "Q2", "Q9");
    assertThat(QuestionRecall.recallAt(ranked, Set.of("Q1", "Q2", "Q3"), 2)).isEqualTo(1.0 / 3);
    assertThat(QuestionRecall.recallAt(ranked, Set.of("Q1", "Q2", "Q3"), 30)).isEqualTo(2.0 / 3);
  }
}
