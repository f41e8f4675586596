package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.stats.Normal;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  @Test
  void testSampleStandardDeviation() {
    // values 0, 1, 1, 2: mean 1, sum of squares 2, sample sd sqrt(2/3), half width 1.96 * sqrt(2/3) / 2
    MeanInterval m = MeanInterval.of(List.of(0.0, 1.0, 1.0, 2.0));
    assertThat(m.n()).isEqualTo(4);
    assertThat(m.mean().getAsDouble()).isEqualTo(1.0);
    assertThat(m.halfWidth().getAsDouble()).isCloseTo(Normal.Z95 * Math.sqrt(2.0 / 3.0) / 2.0, within(1e-12));
    assertThat(m.toString()).isEqualTo("1.0000 ± 0.8002 (n=4)");
  }

  @Test
  void testConstantValuesHaveZeroWidth() {
    assertThat(MeanInterval.of(List.of(0.5, 0.5, 0.5)).halfWidth().getAsDouble()).isZero();
  }

  @Test
  void testSmallSamples() {
    assertThat(MeanInterval.of(List.of())).hasToString("undefined (n=0)");
    MeanInterval one = MeanInterval.of(List.of(0.25));
    assertThat(one.mean().getAsDouble()).isEqualTo(0.25);
    assertThat(one.halfWidth()).isEmpty();
    assertThat(one).hasToString("0.2500 ± ? (n=1)");
  }

  @Test
  void testRejectsInconsistentFields() {
    assertThatThrownBy(() -> new MeanInterval(2, OptionalDouble.of(1), OptionalDouble.empty()))
        .hasMessageContaining("illegal interval for n=2");
    assertThatThrownBy(() -> new MeanInterval(-1, OptionalDouble.empty(), OptionalDouble.empty()))
        .hasMessage("illegal n -1: must be non-negative");
  }

  @Test
  void testRecoveryPerExample() {
    assertThat(Recovery.of(1.0, 0.0, 1.0)).hasValue(1.0);
    assertThat(Recovery.of(1.0, 0.0, 0.0)).hasValue(0.0);
    assertThat(Recovery.of(0.8, 0.4, 0.5).getAsDouble()).isCloseTo(0.25, within(1e-12));
    assertThat(Recovery.of(1.0, 0.5, 0.0)).hasValue(-1.0);
    assertThat(Recovery.of(0.0, 1.0, 1.0)).hasValue(0.0);
    assertThat(Recovery.of(0.5, 0.5, 1.0)).isEmpty();
  }
}
