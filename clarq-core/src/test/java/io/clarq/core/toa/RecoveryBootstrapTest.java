package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.stats.Bootstrap;
import org.junit.jupiter.api.Test;

class RecoveryBootstrapTest {
  @Test
  void testTwoExamplesByHand() {
    // A: c 1, i 0, r 1 (its own ratio 1); B: c 1, i 0.9, r 0.9 (its own ratio 0).
    // All examples: (0.95 - 0.45) / (1 - 0.45) = 0.9091; the mean of the per-example ratios would be 0.5.
    // A resample is AA (recovery 1), AB (0.9091) or BB (0): AA and BB each have probability 1/4, so with 1000
    // resamples the 2.5th percentile is 0 and the 97.5th is 1.
    RecoveryEstimate e = new RecoveryBootstrap(1000, 7).estimate(new double[] {1, 1}, new double[] {0, 0.9},
        new double[] {1, 0.9});
    assertThat(e.value().getAsDouble()).isCloseTo(0.5 / 0.55, within(1e-12));
    assertThat(e.ci95Low().getAsDouble()).isEqualTo(0.0);
    assertThat(e.ci95High().getAsDouble()).isEqualTo(1.0);
    assertThat(e.undefinedResamples()).isZero();
    assertThat(e).hasToString("0.9091 (95% CI 0.0000 to 1.0000)");
  }

  @Test
  void testSameSeedSameIntervalAndEveryResampleOfEqualRatios() {
    // every example recovers half its loss: every resample's ratio of means is 0.5 exactly
    double[] c = {1, 0.8, 0.6, 1, 0.5};
    double[] i = {0, 0.2, 0.4, 0.5, 0.1};
    double[] r = {0.5, 0.5, 0.5, 0.75, 0.3};
    RecoveryEstimate e = new RecoveryBootstrap(200, 3).estimate(c, i, r);
    assertThat(e.value().getAsDouble()).isCloseTo(0.5, within(1e-12));
    assertThat(e.ci95Low().getAsDouble()).isCloseTo(0.5, within(1e-12));
    assertThat(e.ci95High().getAsDouble()).isCloseTo(0.5, within(1e-12));
    double[] varied = {0.5, 0.2, 0.6, 1.0, 0.1};
    assertThat(new RecoveryBootstrap(200, 3).estimate(c, i, varied))
        .isEqualTo(new RecoveryBootstrap(200, 3).estimate(c, i, varied));
  }

  @Test
  void testUndefinedRecovery() {
    RecoveryEstimate e = new RecoveryBootstrap(10, 1).estimate(new double[] {1}, new double[] {1},
        new double[] {0});
    assertThat(e.value()).isEmpty();
    assertThat(e.ci95Low()).isEmpty();
    assertThat(e.undefinedResamples()).isEqualTo(10);
    assertThat(e).hasToString("undefined (complete = incomplete)");
    assertThat(new RecoveryBootstrap(10, 1).estimate(new double[0], new double[0], new double[0]).value()).isEmpty();
  }

  @Test
  void testPercentileAsNumpy() {
    // numpy.percentile([1, 2, 3, 4], 2.5) = 1.075, numpy.percentile([1, 2, 3, 4], 97.5) = 3.925
    assertThat(Bootstrap.percentile(new double[] {1, 2, 3, 4}, 0.025)).isCloseTo(1.075, within(1e-12));
    assertThat(Bootstrap.percentile(new double[] {1, 2, 3, 4}, 0.975)).isCloseTo(3.925, within(1e-12));
    assertThat(Bootstrap.percentile(new double[] {2}, 0.975)).isEqualTo(2.0);
  }

  @Test
  void testBadSettings() {
    assertThatThrownBy(() -> new RecoveryBootstrap(0, 1)).hasMessageContaining("illegal bootstrap resample count 0");
    assertThatThrownBy(() -> new RecoveryBootstrap(5, 1).estimate(new double[1], new double[2], new double[1]))
        .hasMessageContaining("1 complete, 2 incomplete, 1 recovered");
  }
}
