package io.clarq.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The closed form against Connor's sample-size formula solved numerically by a third party. The expected deltas come
 * from scipy 1.17.1 (root of n(delta) - n with Connor's n, Biometrics 43:207-211, p. 209):
 * <pre>
 * python3 -c "from scipy.stats import norm; from scipy.optimize import brentq; import math
 * za, zb = norm.ppf(0.975), norm.ppf(0.8)
 * f = lambda d, psi: ((za*math.sqrt(psi) + zb*math.sqrt(psi-d*d))/d)**2
 * for n, k in [(260,105),(10,3),(50,20),(260,26)]:
 *     print(n, k, repr(brentq(lambda d: f(d, k/n) - n, 1e-9, math.sqrt(k/n)-1e-12)))"
 * </pre>
 * printed 0.10991434989149071, 0.42982707584454644, 0.24471791925560643 and 0.05469484803053906.
 */
class DetectableDifferenceTest {
  @Test
  void testClosedFormSolvesConnorsFormula() {
    assertThat(DetectableDifference.of(260, 105).value()).isCloseTo(0.10991434989149071, within(1e-12));
    assertThat(DetectableDifference.of(10, 3).value()).isCloseTo(0.42982707584454644, within(1e-12));
    assertThat(DetectableDifference.of(50, 20).value()).isCloseTo(0.24471791925560643, within(1e-12));
    assertThat(DetectableDifference.of(260, 26).value()).isCloseTo(0.05469484803053906, within(1e-12));
    // scipy.stats.norm.ppf(0.975), norm.ppf(0.8)
    assertThat(DetectableDifference.Z_ALPHA).isEqualTo(1.959963984540054);
    assertThat(DetectableDifference.Z_POWER).isEqualTo(0.8416212335729143);
  }

  @Test
  void testWhetherADifferenceExceedsIt() {
    DetectableDifference d = DetectableDifference.of(260, 105);
    assertThat(d.discordance()).isCloseTo(105 / 260.0, within(1e-15));
    assertThat(d.exceededBy(0.35)).isTrue();
    assertThat(d.exceededBy(-0.35)).isTrue();
    assertThat(d.exceededBy(0.10)).isFalse();
    assertThat(d.reachable()).isTrue();
    // 3 of 10 discordant: the minimum (0.43) is above the discordance itself, so no difference there is detectable
    assertThat(DetectableDifference.of(10, 3).reachable()).isFalse();
    assertThat(DetectableDifference.of(10, 3).exceededBy(0.3)).isFalse();
  }

  @Test
  void testNoDiscordanceHasNoMinimumAndBadCountsAreRefused() {
    DetectableDifference none = DetectableDifference.of(20, 0);
    assertThat(none.defined()).isFalse();
    assertThat(none.exceededBy(0.5)).isFalse();
    assertThat(none.toString()).isEqualTo("- (20 pairs, none discordant)");
    assertThat(DetectableDifference.at(2, 0.5)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThatThrownBy(() -> DetectableDifference.of(5, 6)).hasMessageContaining("5 pairs, 6 discordant");
    assertThatThrownBy(() -> DetectableDifference.at(10, 0)).hasMessageContaining("discordance 0.0");
  }
}
