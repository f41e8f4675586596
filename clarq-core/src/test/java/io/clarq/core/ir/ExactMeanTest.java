package io.clarq.core.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExactMeanTest {
  @Test
  void testRoundsOnceLikeStatisticsMean() {
    // statistics.mean([0.1] * 10) == 0.1, while a double sum gives 0.09999999999999999
    double naive = 0;
    for (int i = 0; i < 10; i++) {
      naive += 0.1;
    }
    assertThat(naive / 10).isNotEqualTo(0.1);
    assertThat(ExactMean.of(0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1)).isEqualTo(0.1);
    // statistics.mean([1e16, 1.0, -1e16]) == 0.3333333333333333
    assertThat(ExactMean.of(List.of(1e16, 1.0, -1e16))).isEqualTo(0.3333333333333333);
  }

  @Test
  void testRejectsEmptyAndNonFinite() {
    assertThatThrownBy(() -> ExactMean.of(List.of())).hasMessage("mean of no values");
    assertThatThrownBy(() -> ExactMean.of(1.0, Double.NaN)).hasMessageContaining("NaN");
  }
}
