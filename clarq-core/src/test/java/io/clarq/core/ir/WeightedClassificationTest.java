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
