package io.clarq.core.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WeightedClassificationTest {
  @Test
  void testMatchesScikitLearnWithDummyClass() {
    // sklearn 1.5: precision_score([1,2,2,3,3,3], [0,2,3,3,3,0], average='weighted', zero_division=0)
    List<Integer> gold = List.of(1, 2, 2, 3, 3, 3);
    List<Integer> pred = List.of(0, 2, 3, 3, 3, 0);
    ClassificationScores s = WeightedClassification.score(gold, pred);
    // class 0: no gold (weight 0); 1: P 0 R 0; 2: P 1 R 0.5 F 2/3; 3: P 2/3 R 2/3 F 2/3
    assertThat(s.classes()).extracting(ClassScore::label).containsExactly(0, 1, 2, 3);
    assertThat(s.precision()).isEqualTo((1.0 * 2 + (2.0 / 3) * 3) / 6);
    assertThat(s.recall()).isEqualTo((0.5 * 2 + (2.0 / 3) * 3) / 6);
    assertThat(s.f1()).isEqualTo(((2.0 * 1 / 3) * 2 + (2.0 * 2 / 6) * 3) / 6);
  }

  @Test
  void testFormulasDifferInTheLastDigitsAsScikitLearnVersionsDo() {
    // class 1: tp 1, pred 1, support 5 (P 1, R 0.2); class 2: tp 1, pred 2, support 2; class 4: support 2, no tp.
    // scikit-learn 1.2.1 (Debian bookworm): f1_score(gold, pred, average='weighted', zero_division=0)
    //   = 0.29629629629629634 (2PR/(P+R): 2 * 1.0 * 0.2 / 1.2 = 0.33333333333333337 for class 1);
    // scikit-learn 1.3+'s 2tp/(true+pred) gives 2/6 = 0.3333333333333333 and 0.2962962962962963.
    List<Integer> gold = List.of(1, 1, 4, 2, 2, 4, 1, 1, 1);
    List<Integer> pred = List.of(3, 1, 0, 2, 0, 0, 0, 3, 2);
    ClassificationScores pr = WeightedClassification.score(gold, pred, FScoreFormula.PRECISION_RECALL);
    ClassificationScores counts = WeightedClassification.score(gold, pred, FScoreFormula.COUNTS);
    assertThat(pr.f1()).isEqualTo(0.29629629629629634);
    assertThat(counts.f1()).isEqualTo(0.2962962962962963);
    assertThat(pr.classes().get(1).f1()).isEqualTo(0.33333333333333337);
    assertThat(counts.classes().get(1).f1()).isEqualTo(1.0 / 3);
    assertThat(pr.precision()).isEqualTo(counts.precision());
    assertThat(pr.recall()).isEqualTo(counts.recall());
    assertThat(WeightedClassification.score(gold, pred)).isEqualTo(counts);
  }

  @Test
  void testParsesFormulaNames() {
    assertThat(FScoreFormula.parse("pr")).isEqualTo(FScoreFormula.PRECISION_RECALL);
    assertThat(FScoreFormula.parse("COUNTS")).isEqualTo(FScoreFormula.COUNTS);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> FScoreFormula.parse("harmonic"))
        .hasMessageContaining("\"harmonic\"").hasMessageContaining("counts").hasMessageContaining("pr");
  }

  @Test
  void testPairwiseSumMatchesNumpyBlocks() {
    double[] a = new double[20];
    for (int i = 0; i < a.length; i++) {
      a[i] = 0.1 * (i + 1);
    }
    double[] r = java.util.Arrays.copyOf(a, 8);
    for (int j = 0; j < 8; j++) {
      r[j] += a[8 + j];
    }
    double expected = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (int i = 16; i < 20; i++) {
      expected += a[i];
    }
    assertThat(WeightedClassification.pairwiseSum(a, 0, 20)).isEqualTo(expected);
  }
}
