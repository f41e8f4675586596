package io.clarq.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.testing.Regressions;
import org.junit.jupiter.api.Test;

/** The statistics against values computed by hand (and the published tables they are checked against). */
class StatsTest {
  @Test
  void testWilsonBoundsMatchTheFormulaByHand() {
    // 5/10: p = 0.5, z = 1.96: centre 0.5, half width 1.96 sqrt(0.025 + 0.0096)/1.3841 = 0.26341 (Brown et al. 2001)
    Interval half = Wilson.rate(5, 10).interval();
    assertThat(half.lower()).isCloseTo(0.2366, within(1e-4));
    assertThat(half.upper()).isCloseTo(0.7634, within(1e-4));
    // 0/10: upper = z^2/n / (1 + z^2/n) = 0.38415 / 1.38415 = 0.27753; the lower end is exactly 0
    assertThat(Wilson.rate(0, 10).interval()).isEqualTo(new Interval(0, Wilson.rate(0, 10).interval().upper()));
    assertThat(Wilson.rate(0, 10).interval().upper()).isCloseTo(0.27753, within(1e-5));
    assertThat(Wilson.rate(10, 10).interval().lower()).isCloseTo(1 - 0.27753, within(1e-5));
    assertThat(Wilson.rate(10, 10).interval().upper()).isEqualTo(1.0);
    // 1/1: lower = 1 / (1 + z^2) = 0.20655
    assertThat(Wilson.rate(1, 1).interval().lower()).isCloseTo(0.20655, within(1e-5));
    // the published Comp.En run: 126 of 260 (regressions/clarq-llm.json, with the interval computed in Python)
    Regressions interval = Regressions.of("clarq-llm").table("success_interval");
    Estimate compEn = Wilson.rate((int) interval.whole("provider.Comp.En", "successes"),
        (int) interval.whole("provider.Comp.En", "dialogues"));
    Regressions.of("clarq-llm").assertFigure("provider.Comp.En", "success", compEn.value());
    interval.assertFigure("provider.Comp.En", "lower", compEn.interval().lower());
    interval.assertFigure("provider.Comp.En", "upper", compEn.interval().upper());
  }

  @Test
  void testWilsonOfNothingIsUndefinedAndBadCountsAreRefused() {
    assertThat(Wilson.rate(0, 0)).isEqualTo(Estimate.UNDEFINED);
    assertThatThrownBy(() -> Wilson.rate(3, 2)).hasMessageContaining("illegal proportion 3/2");
    assertThatThrownBy(() -> Wilson.rate(-1, 2)).hasMessageContaining("illegal proportion -1/2");
  }

  @Test
  void testMcNemarExactPValuesByHand() {
    // 2 * P(X <= min(b, c)), X ~ binomial(b + c, 1/2)
    assertThat(McNemar.exactTwoSided(1, 9)).isCloseTo(2 * (1 + 10) / 1024.0, within(1e-15));     // 0.021484375
    assertThat(McNemar.exactTwoSided(8, 2)).isCloseTo(2 * (1 + 10 + 45) / 1024.0, within(1e-15)); // 0.109375
    assertThat(McNemar.exactTwoSided(0, 6)).isCloseTo(2 / 64.0, within(1e-15));                   // 0.03125
    assertThat(McNemar.exactTwoSided(0, 1)).isEqualTo(1.0);   // 2 * 1/2
    assertThat(McNemar.exactTwoSided(5, 5)).isEqualTo(1.0);   // capped at 1
    assertThat(McNemar.exactTwoSided(0, 0)).isEqualTo(1.0);   // no discordant pair
    // large counts do not underflow: the published Comp.En against Chat.En, 98 vs 7 discordant (Python's math.comb)
    Regressions pair = Regressions.of("clarq-llm").table("comparison");
    String run = "provider.Comp.En vs provider.Chat.En";
    pair.assertFigure(run, "mcnemar_p",
        McNemar.exactTwoSided((int) pair.whole(run, "a_only"), (int) pair.whole(run, "b_only")));
    assertThatThrownBy(() -> McNemar.exactTwoSided(-1, 2)).hasMessageContaining("illegal discordant counts");
  }

  @Test
  void testPercentileInterpolatesLikeNumpysLinearMethod() {
    double[] sorted = {1, 2, 3, 4, 5};
    assertThat(Bootstrap.percentile(sorted, 0.025)).isCloseTo(1.1, within(1e-12));  // position 0.1
    assertThat(Bootstrap.percentile(sorted, 0.975)).isCloseTo(4.9, within(1e-12));  // position 3.9
    assertThat(Bootstrap.percentile(sorted, 0.5)).isEqualTo(3.0);
    assertThat(Bootstrap.percentile(new double[] {7}, 0.975)).isEqualTo(7.0);
  }

  @Test
  void testSeededBootstrapAgainstHandComputedCases() {
    Bootstrap b = new Bootstrap(4000, 8848);
    // constant values: every resample mean is the value
    assertThat(b.mean(new double[] {3, 3, 3, 3})).isEqualTo(new Estimate(3, new Interval(3, 3)));
    // one value: every resample is that value
    assertThat(b.mean(new double[] {-2})).isEqualTo(new Estimate(-2, new Interval(-2, -2)));
    // {0, 1}: resample means 0, 1/2, 1 with probabilities 1/4, 1/2, 1/4, so the 2.5th percentile is 0 and the
    // 97.5th is 1 (each end holds a quarter of 4,000 draws, far more than the 100 below the cut)
    assertThat(b.mean(new double[] {0, 1})).isEqualTo(new Estimate(0.5, new Interval(0, 1)));
    // identical runs differ by nothing
    double[] x = {1, 5, 2, 8, 3};
    assertThat(b.pairedDifference(x, x)).isEqualTo(new Estimate(0, new Interval(0, 0)));
    // a constant shift moves every paired difference by the shift: the interval is that point
    double[] shifted = {0, 4, 1, 7, 2};
    assertThat(b.pairedDifference(x, shifted)).isEqualTo(new Estimate(1, new Interval(1, 1)));
    // no data
    assertThat(b.mean(new double[0])).isEqualTo(Estimate.UNDEFINED);
  }

  @Test
  void testSeededBootstrapIsReproducibleAndTheSeedMatters() {
    double[] x = {0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0};
    Estimate first = new Bootstrap(2000, 1).mean(x);
    assertThat(new Bootstrap(2000, 1).mean(x)).isEqualTo(first);
    assertThat(first.value()).isCloseTo(0.55, within(1e-12));
    // the mean of 20 Bernoulli values moves in steps of 0.05: both ends are on that grid (or between two steps)
    assertThat(first.interval().lower()).isBetween(0.3, 0.4);
    assertThat(first.interval().upper()).isBetween(0.7, 0.8);
    double[] y = {0.3, 1.7, 2.2, 5.9, 4.1, 0.8, 3.3};
    assertThat(new Bootstrap(2000, 2).mean(y).interval()).isNotEqualTo(new Bootstrap(2000, 3).mean(y).interval());
    assertThatThrownBy(() -> new Bootstrap(0, 1)).hasMessageContaining("illegal bootstrap resamples 0");
    assertThatThrownBy(() -> b().pairedDifference(new double[1], new double[2]))
        .hasMessageContaining("1 values against 2");
  }

  private static Bootstrap b() {
    return Bootstrap.DEFAULT;
  }

  @Test
  void testIntervalsValidate() {
    assertThatThrownBy(() -> new Interval(2, 1)).hasMessageContaining("illegal interval [2.0, 1.0]");
    assertThatThrownBy(() -> new Interval(Double.NaN, 1)).hasMessageContaining("illegal interval");
    assertThatThrownBy(() -> new Estimate(Double.NaN, new Interval(0, 1))).hasMessageContaining("illegal estimate");
  }
}
