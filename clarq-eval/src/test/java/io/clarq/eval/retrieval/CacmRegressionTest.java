package io.clarq.eval.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.testing.SharedData;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Anserini's published CACM regression (Lucene, Porter, Lucene stopwords), from docs/clariq-evaluation.md; trec_eval
 * prints four decimals, so each figure must be matched to within half a unit of the fourth.
 */
class CacmRegressionTest {
  static CacmExperiment cacm;

  @BeforeAll
  static void index() {
    cacm = CacmExperiment.open(SharedData.require("cacm"));
  }

  @AfterAll
  static void close() {
    if (cacm != null) {
      cacm.close();
    }
  }

  private static RetrievalScores run(RetrievalSetup setup) {
    return cacm.evaluate(setup.id(), setup.model(), setup.rm3(), Map.of());
  }

  @Test
  void testIndexStatistics() {
    assertThat(cacm.index().documentCount()).isEqualTo(3204);
    assertThat(cacm.index().uniqueTerms()).isEqualTo(14363);
    assertThat(cacm.index().totalTerms()).isEqualTo(320968);
  }

  @Test
  void testBm25() {
    RetrievalScores s = run(RetrievalSetup.BM25);
    assertThat(s.topics()).isEqualTo(52);
    assertThat(s.mean("map")).isCloseTo(0.3123, within(0.00005));
    assertThat(s.mean("P_30")).isCloseTo(0.1942, within(0.00005));
  }

  @Test
  void testQueryLikelihood() {
    RetrievalScores s = run(RetrievalSetup.QL);
    assertThat(s.mean("map")).isCloseTo(0.3265, within(0.00005));
    assertThat(s.mean("P_30")).isCloseTo(0.1942, within(0.00005));
  }

  @Test
  void testBm25Rm3() {
    RetrievalScores s = run(RetrievalSetup.BM25_RM3);
    assertThat(s.mean("map")).isCloseTo(0.3648, within(0.00005));
    assertThat(s.mean("P_30")).isCloseTo(0.2224, within(0.00005));
  }

  @Test
  void testQlRm3() {
    RetrievalScores s = run(RetrievalSetup.QL_RM3);
    assertThat(s.mean("map")).isCloseTo(0.3629, within(0.00005));
    assertThat(s.mean("P_30")).isCloseTo(0.2250, within(0.00005));
  }
}
