package io.clarq.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kappa against an independent computation. The expected numbers come from scikit-learn 1.2.1 and statsmodels 0.13.5
 * (Debian 12's python3-sklearn and python3-statsmodels), run once on the tables below with:
 *
 * <pre>
 * /usr/bin/python3 -c "
 * from sklearn.metrics import cohen_kappa_score
 * from statsmodels.stats.inter_rater import fleiss_kappa, aggregate_raters
 * import numpy as np
 * a=['Good','Good','Fair','Bad','Good','Fair','Fair','Bad','Good','Good','Fair','Bad']
 * b=['Good','Fair','Fair','Bad','Good','Good','Fair','Fair','Good','Bad','Fair','Bad']
 * print(repr(cohen_kappa_score(a,b)))
 * t=[['Good','Good','Fair'],['Fair','Fair','Fair'],['Bad','Bad','Good'],['Good','Good','Good'],['Fair','Bad','Bad'],
 *    ['Good','Fair','Fair'],['Bad','Bad','Bad'],['Good','Good','Bad'],['Fair','Fair','Good'],['Good','Fair','Bad']]
 * m={'Good':0,'Fair':1,'Bad':2}
 * tab,_=aggregate_raters(np.array([[m[x] for x in r] for r in t]))
 * print(tab.tolist()); print(repr(fleiss_kappa(tab)))
 * "
 * </pre>
 *
 * which printed {@code 0.49473684210526314}, the count table, and {@code 0.2474916387959865}.
 */
class KappaTest {
  static final List<String> RATER_A =
      List.of("Good", "Good", "Fair", "Bad", "Good", "Fair", "Fair", "Bad", "Good", "Good", "Fair", "Bad");
  static final List<String> RATER_B =
      List.of("Good", "Fair", "Fair", "Bad", "Good", "Good", "Fair", "Fair", "Good", "Bad", "Fair", "Bad");
  static final List<List<String>> THREE_RATERS = List.of(
      List.of("Good", "Good", "Fair"), List.of("Fair", "Fair", "Fair"), List.of("Bad", "Bad", "Good"),
      List.of("Good", "Good", "Good"), List.of("Fair", "Bad", "Bad"), List.of("Good", "Fair", "Fair"),
      List.of("Bad", "Bad", "Bad"), List.of("Good", "Good", "Bad"), List.of("Fair", "Fair", "Good"),
      List.of("Good", "Fair", "Bad"));

  @Test
  void testCohenMatchesScikitLearn() {
    assertThat(Kappa.cohen(RATER_A, RATER_B).getAsDouble()).isCloseTo(0.49473684210526314, within(1e-12));
  }

  @Test
  void testFleissMatchesStatsmodels() {
    assertThat(Kappa.fleiss(THREE_RATERS).getAsDouble()).isCloseTo(0.2474916387959865, within(1e-12));
    int[][] table = {{2, 1, 0}, {0, 3, 0}, {1, 0, 2}, {3, 0, 0}, {0, 1, 2}, {1, 2, 0}, {0, 0, 3}, {2, 0, 1},
        {1, 2, 0}, {1, 1, 1}};
    assertThat(Kappa.fleissCounts(table).getAsDouble()).isCloseTo(0.2474916387959865, within(1e-12));
  }

  @Test
  void testPerfectAgreementIsOneAndOneCategoryIsUndefined() {
    assertThat(Kappa.cohen(List.of("Good", "Bad"), List.of("Good", "Bad")).getAsDouble()).isEqualTo(1.0);
    assertThat(Kappa.cohen(List.of("Good", "Good"), List.of("Good", "Good"))).isEmpty();
    assertThat(Kappa.fleiss(List.of(List.of("Bad", "Bad"), List.of("Bad", "Bad")))).isEmpty();
  }

  @Test
  void testBadTablesAreRefusedNamingTheItem() {
    assertThatThrownBy(() -> Kappa.cohen(List.of("Good"), List.of("Good", "Bad")))
        .hasMessageContaining("rater A rated 1 items, rater B 2");
    assertThatThrownBy(() -> Kappa.fleiss(List.of(List.of("Good", "Bad"), List.of("Good"))))
        .hasMessageContaining("item 2 has 1 ratings");
    assertThatThrownBy(() -> Kappa.fleissCounts(new int[][] {{1, 1}, {2, 1}})).hasMessageContaining("row 2 sums to 3");
  }
}
