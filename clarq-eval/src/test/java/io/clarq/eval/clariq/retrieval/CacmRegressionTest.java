package io.clarq.eval.clariq.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Anserini's published CACM regression (Lucene, Porter, Lucene stopwords), from regressions/cacm.json (which names
 * where each figure comes from); trec_eval prints four decimals, so each figure is matched to within half a unit of
 * the fourth.
 */
class CacmRegressionTest {
  static final Regressions EXPECTED = Regressions.of("cacm");
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

  @Test
  void testIndexStatistics() {
    assertThat((long) cacm.index().documentCount()).isEqualTo(EXPECTED.count("index", "documents"));
    assertThat(cacm.index().uniqueTerms()).isEqualTo(EXPECTED.count("index", "unique_terms"));
    assertThat(cacm.index().totalTerms()).isEqualTo(EXPECTED.count("index", "total_terms"));
  }

  @ParameterizedTest
  @EnumSource(RetrievalSetup.class)
  void testReproducesAnserini(RetrievalSetup setup) {
    RetrievalScores s = cacm.evaluate(setup.id(), setup.model(), setup.rm3(), Map.of());
    assertThat(s.topics()).isEqualTo(52);
    EXPECTED.assertFigure(setup.id(), "map", s.mean("map"));
    EXPECTED.assertFigure(setup.id(), "P_30", s.mean("P_30"));
  }
}
