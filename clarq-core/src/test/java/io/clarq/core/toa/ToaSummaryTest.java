package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.flm.Fact;
import io.clarq.core.flm.FactRole;
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
    assertThat(s.f1Recovery().n()).isEqualTo(3);
    assertThat(s.f1Recovery().mean().getAsDouble()).isCloseTo((1 + 2.0 / 3 + 0) / 3, within(1e-12));
    assertThat(s.droppedF1()).isEqualTo(1);
    assertThat(s.emRecovery().n()).isEqualTo(3);
    assertThat(s.emRecovery().mean().getAsDouble()).isCloseTo(1.0 / 3, within(1e-12));
    // sample sd of (1, 0, 0) is sqrt(1/3)
    assertThat(s.emRecovery().halfWidth().getAsDouble()).isCloseTo(1.96 * Math.sqrt(1.0 / 3) / Math.sqrt(3),
        within(1e-12));
    assertThat(s.droppedEm()).isEqualTo(1);
    assertThat(s.maskedFactResponseRate()).hasValue(0.25);
    assertThat(s.unparsed()).isEqualTo(1);
    assertThat(s.noMatch()).isEqualTo(1);
    assertThat(s.f1().complete()).isCloseTo((1 + 1 + 2.0 / 3 + 1) / 4, within(1e-12));
    assertThat(s.em().incomplete()).isZero();
  }

  @Test
  void testEmptyRun() {
    ToaSummary s = ToaSummary.of(List.of());
    assertThat(s.maskedFactResponseRate()).isEmpty();
    assertThat(s.f1Recovery().mean()).isEmpty();
  }
}
