package io.clarq.core.clarqllm.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrialFiguresTest {
  private static final double EPS = 1e-12;

  /**
   * Four tasks, K = 3 trials, worked by hand:
   * <pre>
   *          trial 1  trial 2  trial 3   c (successes)
   * task A   yes      yes      yes       3
   * task B   yes      no       yes       2
   * task C   no       no       yes       1
   * task D   no       no       no        0
   * </pre>
   */
  private static final TrialFigures FOUR_TASKS = new TrialFigures(3, List.of(
      List.of(true, true, true),
      List.of(true, false, true),
      List.of(false, false, true),
      List.of(false, false, false)));

  @Test
  void testSuccessPerTrialAndSpread() {
    // trial 1: A, B succeed -> 2/4 = 0.5; trial 2: A -> 1/4 = 0.25; trial 3: A, B, C -> 3/4 = 0.75
    assertThat(FOUR_TASKS.successPerTrial()).containsExactly(0.5, 0.25, 0.75);
    assertThat(FOUR_TASKS.successes()).containsExactly(3, 2, 1, 0);
    assertThat(FOUR_TASKS.minSuccess()).isEqualTo(0.25);
    assertThat(FOUR_TASKS.maxSuccess()).isEqualTo(0.75);
    // mean 0.5; squared deviations 0, 0.0625, 0.0625 sum to 0.125; / (3 - 1) = 0.0625; sqrt = 0.25
    assertThat(FOUR_TASKS.sdSuccess()).isCloseTo(0.25, within(EPS));
    // B (2 of 3) and C (1 of 3) did not end the same way every time: 2/4
    assertThat(FOUR_TASKS.flipped()).isEqualTo(0.5);
  }

  @Test
  void testPassHatIsMeanOfChooseCkOverChooseKk() {
    // pass^1 = mean(c / 3) = (3/3 + 2/3 + 1/3 + 0/3) / 4 = 2 / 4 = 0.5 (the mean of the per-trial rates, too)
    assertThat(FOUR_TASKS.passHat(1)).isCloseTo(0.5, within(EPS));
    // pass^2 = mean(C(c,2) / C(3,2)) = (3/3 + 1/3 + 0/3 + 0/3) / 4 = (4/3) / 4 = 1/3
    assertThat(FOUR_TASKS.passHat(2)).isCloseTo(1.0 / 3, within(EPS));
    // pass^3 = mean(C(c,3) / C(3,3)) = (1 + 0 + 0 + 0) / 4 = 0.25
    assertThat(FOUR_TASKS.passHat(3)).isCloseTo(0.25, within(EPS));
  }

  @Test
  void testPassAtIsOneMinusChooseKminusCkOverChooseKk() {
    // pass@1 = mean(1 - C(3-c,1) / 3) = ((1 - 0/3) + (1 - 1/3) + (1 - 2/3) + (1 - 3/3)) / 4 = 2 / 4 = 0.5
    assertThat(FOUR_TASKS.passAt(1)).isCloseTo(0.5, within(EPS));
    // pass@2 = mean(1 - C(3-c,2) / C(3,2)): C(0,2) = 0, C(1,2) = 0, C(2,2) = 1, C(3,2) = 3
    //        = ((1 - 0) + (1 - 0) + (1 - 1/3) + (1 - 3/3)) / 4 = (8/3) / 4 = 2/3
    assertThat(FOUR_TASKS.passAt(2)).isCloseTo(2.0 / 3, within(EPS));
    // pass@3 = mean(1 - C(3-c,3)): only D (c = 0) has C(3,3) = 1 -> (1 + 1 + 1 + 0) / 4 = 0.75
    assertThat(FOUR_TASKS.passAt(3)).isCloseTo(0.75, within(EPS));
  }

  @Test
  void testFiveTrialsOneTask() {
    // one task, K = 5, c = 3: pass^2 = C(3,2) / C(5,2) = 3 / 10; pass@2 = 1 - C(2,2) / C(5,2) = 1 - 1/10 = 0.9;
    // pass^4 = C(3,4) / C(5,4) = 0; pass@4 = 1 - C(2,4) / 5 = 1
    TrialFigures f = new TrialFigures(5, List.of(List.of(true, false, true, false, true)));
    assertThat(f.passHat(2)).isCloseTo(0.3, within(EPS));
    assertThat(f.passAt(2)).isCloseTo(0.9, within(EPS));
    assertThat(f.passHat(4)).isZero();
    assertThat(f.passAt(4)).isCloseTo(1.0, within(EPS));
    assertThat(TrialFigures.choose(5, 2)).isEqualTo(10.0);
    assertThat(TrialFigures.choose(40, 20)).isCloseTo(137846528820.0, within(1e-3));
  }

  @Test
  void testOneTrialAndNoTask() {
    TrialFigures one = new TrialFigures(1, List.of(List.of(true), List.of(false)));
    assertThat(one.passHat(1)).isEqualTo(0.5);
    assertThat(one.passAt(1)).isEqualTo(0.5);
    assertThat(one.flipped()).isZero();
    assertThat(one.sdSuccess()).isZero();
    TrialFigures none = new TrialFigures(2, List.of());
    assertThat(none.passHat(2)).isNaN();
    assertThat(none.successPerTrial()).containsExactly(Double.NaN, Double.NaN);
  }

  @Test
  void testBadInputIsNamed() {
    assertThatThrownBy(() -> new TrialFigures(3, List.of(List.of(true, true))))
        .hasMessageContaining("task 1").hasMessageContaining("need 3 verdicts");
    assertThatThrownBy(() -> FOUR_TASKS.passHat(4)).hasMessageContaining("illegal k 4");
    assertThatThrownBy(() -> new TrialFigures(0, List.of())).hasMessageContaining("illegal trial count 0");
  }
}
