package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.stats.Normal;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToaSummaryTest {
  private static final Fact F = new Fact("T", 0, "t", FactRole.SUPPORTING);

  static ToaOutcome outcome(String id, OracleAnswer answer, boolean masked, String c, String i, String r) {
    return new ToaOutcome(id, "q", answer, masked, "Paris France", c, i, r);
  }

  @Test
  void testSummaryByHand() {
    List<ToaOutcome> outcomes = List.of(
        // F1: c 1, i 0, r 1 -> recovery 1; EM likewise 1
        outcome("a", OracleAnswer.answered(F, "x"), true, "Paris France", "", "Paris France"),
        // F1: c 1, i 0, r 2/3 (p 1, r .5) -> 2/3; EM: c 1, i 0, r 0 -> 0
        outcome("b", OracleAnswer.answered(F, "x"), false, "Paris France", "London", "Paris"),
        // F1 and EM: c = i -> dropped from both
        outcome("c", OracleAnswer.unparsed("??"), false, "Paris", "Paris", "Paris"),
        // F1: c 1, i 2/3, r 2/3 -> 0; EM: c 1, i 0, r 0 -> 0
        outcome("d", OracleAnswer.noMatch("no terms"), false, "paris, france", "Paris", "Paris"));
    ToaSummary s = ToaSummary.of(outcomes);
    assertThat(s.examples()).isEqualTo(4);
    // means: F1 c (1 + 1 + 2/3 + 1) / 4 = 11/12, i (0 + 0 + 2/3 + 2/3) / 4 = 1/3, r (1 + 2/3 + 2/3 + 2/3) / 4 = 3/4
    assertThat(s.f1().complete()).isCloseTo(11.0 / 12, within(1e-12));
    assertThat(s.f1().incomplete()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(s.f1().recovered()).isCloseTo(3.0 / 4, within(1e-12));
    // the paper's recovery, a ratio of means: (3/4 - 1/3) / (11/12 - 1/3) = 5/7
    assertThat(s.f1Recovery().value().getAsDouble()).isCloseTo(5.0 / 7, within(1e-12));
    // EM: c 3/4, i 0, r 1/4 -> 1/3
    assertThat(s.emRecovery().value().getAsDouble()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(s.f1Recovery().bootstrap()).isEqualTo(RecoveryBootstrap.DEFAULT);
    assertThat(s.f1Recovery().ci95Low().getAsDouble()).isLessThanOrEqualTo(s.f1Recovery().ci95High().getAsDouble());
    // the per-example mean of ratios, a different statistic: (1 + 2/3 + 0) / 3, example c undefined
    assertThat(s.perExampleF1Recovery().n()).isEqualTo(3);
    assertThat(s.perExampleF1Recovery().mean().getAsDouble()).isCloseTo((1 + 2.0 / 3 + 0) / 3, within(1e-12));
    assertThat(s.undefinedPerExampleF1()).isEqualTo(1);
    assertThat(s.perExampleEmRecovery().mean().getAsDouble()).isCloseTo(1.0 / 3, within(1e-12));
    // sample sd of (1, 0, 0) is sqrt(1/3)
    assertThat(s.perExampleEmRecovery().halfWidth().getAsDouble())
        .isCloseTo(Normal.Z95 * Math.sqrt(1.0 / 3) / Math.sqrt(3), within(1e-12));
    assertThat(s.undefinedPerExampleEm()).isEqualTo(1);
    assertThat(s.maskedFactResponseRate()).hasValue(0.25);
    assertThat(s.unparsed()).isEqualTo(1);
    assertThat(s.noMatch()).isEqualTo(1);
    // a: f* returned, F1 0 -> 1 (rose); b: another supporting fact, F1 0 -> 2/3 (rose); c, d: nothing returned
    assertThat(s.responseFlow().masked()).isEqualTo(new ResponseFlow.Change(1, 0, 0));
    assertThat(s.responseFlow().distractor()).isEqualTo(new ResponseFlow.Change(1, 0, 0));
    assertThat(s.responseFlow().distractorSupporting()).isEqualTo(1);
    assertThat(s.responseFlow().noResponse()).isEqualTo(2);
    assertThat(s.responseFlow().hallucinationRate()).hasValue(0.0);
    assertThat(s.improvability()).isEmpty();
    assertThat(s.em().incomplete()).isZero();
  }

  @Test
  void testEmptyRun() {
    ToaSummary s = ToaSummary.of(List.of());
    assertThat(s.maskedFactResponseRate()).isEmpty();
    assertThat(s.f1Recovery().value()).isEmpty();
    assertThat(s.perExampleF1Recovery().mean()).isEmpty();
    assertThat(s.responseFlow().share(0)).isEmpty();
    assertThat(s.responseFlow().hallucinationRate()).isEmpty();
  }
}
