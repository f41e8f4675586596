package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import org.junit.jupiter.api.Test;

class ToaOutcomeJsonTest {
  private static final ToaOutcome OUTCOME = new ToaOutcome("x/0", "Where?", OracleAnswer.answered(
      new Fact("T", 1, "It is in Paris.", FactRole.SUPPORTING), "1"), true, "Paris", "Paris", "London", "Paris");

  @Test
  void testRoundTrip() throws Exception {
    assertThat(ToaOutcomeJson.fromLine(ToaOutcomeJson.toLine(OUTCOME))).isEqualTo(OUTCOME);
  }

  @Test
  void testWrongTypesAreErrorsNotCoerced() {
    String line = ToaOutcomeJson.toLine(OUTCOME);
    assertThatThrownBy(() -> ToaOutcomeJson.fromLine(line.replace("\"masked_fact_returned\":true",
        "\"masked_fact_returned\":\"yes\""))).hasMessage("field \"masked_fact_returned\" must be true or false, got \"yes\"");
    assertThatThrownBy(() -> ToaOutcomeJson.fromLine(line.replace("\"sentence\":1", "\"sentence\":1.5")))
        .hasMessage("field \"sentence\" must be an integer, got 1.5");
    assertThatThrownBy(() -> ToaOutcomeJson.fromLine(line.replace("\"gold\":\"Paris\"", "\"gold\":42")))
        .hasMessage("field \"gold\" must be a string, got 42");
    assertThatThrownBy(() -> ToaOutcomeJson.fromLine(line + " trailing"))
        .hasMessageStartingWith("outcome: not valid JSON: Unrecognized token");
  }
}
