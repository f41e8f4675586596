package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.flm.Fact;
import io.clarq.core.flm.FactRole;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TOA paper's published recoveries and response flow follow from its published means and shares
 * ({@code flm-toa/published-tables.json}): recovery is a ratio of the dataset-level means.
 */
class PublishedRecoveryTest {
  private static final double HALF_UNIT = 0.05; // the tables print one decimal (in percent)
  private static final Fact MASKED = new Fact("T", 0, "masked", FactRole.SUPPORTING);
  private static final Fact OTHER = new Fact("U", 1, "other", FactRole.DISTRACTOR);

  private static JsonNode tables() throws IOException {
    return new ObjectMapper().readTree(SharedData.require("flm-toa/published-tables.json").toFile());
  }

  /**
   * The printed recovery lies within what the printed means allow: each mean is known to +-0.05, recovery is
   * monotone in each of its three arguments, so its range is spanned by the corners of that box; the printed recovery
   * is itself rounded to +-0.05.
   */
  private static void assertRecoveryFollowsFromMeans(String row, JsonNode cols) {
    double masked = cols.get(0).asDouble();
    double answered = cols.get(1).asDouble();
    double supporting = cols.get(2).asDouble();
    double printed = cols.get(3).asDouble();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int a = -1; a <= 1; a += 2) {
      for (int b = -1; b <= 1; b += 2) {
        for (int c = -1; c <= 1; c += 2) {
          double r = 100 * Recovery.of(supporting + a * HALF_UNIT, masked + b * HALF_UNIT, answered + c * HALF_UNIT)
              .getAsDouble();
          lo = Math.min(lo, r);
          hi = Math.max(hi, r);
        }
      }
    }
    assertThat(printed).as(row).isBetween(lo - HALF_UNIT, hi + HALF_UNIT);
    // and the unrounded means give the printed figure to within a point
    assertThat(100 * Recovery.of(supporting, masked, answered).getAsDouble()).as(row).isCloseTo(printed, within(1.0));
  }

  @Test
  void testTable4RecoveriesFollowFromTheirMeans() throws IOException {
    JsonNode table4 = tables().get("table4");
    assertThat(table4).hasSize(7);
    for (JsonNode row : table4) {
      assertRecoveryFollowsFromMeans(row.get("primary").asText() + " F1", row.get("f1"));
      assertRecoveryFollowsFromMeans(row.get("primary").asText() + " EM", row.get("em"));
    }
    // the worked example: (68.8 - 53.0) / (71.7 - 53.0) = 84.49, printed 84.4
    assertThat(Recovery.of(71.7, 53.0, 68.8).getAsDouble()).isCloseTo(0.8449, within(5e-5));
  }

  /**
   * A run whose per-example EM scores have exactly the published means (1000 examples, one decimal in percent = one
   * example) reports the published EM recovery through {@link ToaSummary}, whatever the arrangement of the examples:
   * the summary takes the ratio of means, not a mean of per-example ratios.
   */
  @Test
  void testSummaryRecoveryIsTheRatioOfMeansForTable4() throws IOException {
    for (JsonNode row : tables().get("table4")) {
      JsonNode em = row.get("em");
      int masked = (int) Math.round(em.get(0).asDouble() * 10);
      int answered = (int) Math.round(em.get(1).asDouble() * 10);
      int supporting = (int) Math.round(em.get(2).asDouble() * 10);
      List<ToaOutcome> outcomes = new ArrayList<>();
      for (int k = 0; k < 1000; k++) {
        // complete right on the first examples, incomplete on the last ones, recovered in the middle
        outcomes.add(new ToaOutcome("e" + k, "q", OracleAnswer.answered(OTHER, ""), false, "gold",
            k < supporting ? "gold" : "wrong", k >= 1000 - masked ? "gold" : "wrong",
            k >= 500 - answered / 2 && k < 500 - answered / 2 + answered ? "gold" : "wrong"));
      }
      ToaSummary s = ToaSummary.of(outcomes, new RecoveryBootstrap(20, 1));
      assertThat(s.em().complete()).isCloseTo(em.get(2).asDouble() / 100, within(1e-12));
      double expected = (double) (answered - masked) / (supporting - masked);
      assertThat(s.emRecovery().value().getAsDouble()).as(row.get("primary").asText()).isCloseTo(expected,
          within(1e-12));
      assertThat(100 * expected).isCloseTo(em.get(3).asDouble(), within(1.0));
    }
  }

  /**
   * Table 5 on the 400-question test subset: each printed share times 4 is a whole number of questions (they add up
   * to 400 in every column); outcomes with those counts give back every printed share and hallucination rate.
   */
  @Test
  void testTable5ResponseFlowFromItsCounts() throws IOException {
    JsonNode t = tables();
    JsonNode table5 = t.get("table5");
    for (int col = 0; col < t.get("table5_columns").size(); col++) {
      String name = t.get("table5_columns").get(col).asText();
      int[] counts = new int[6];
      String[] keys = {"masked_plus", "masked_equal", "masked_minus", "distractor_plus", "distractor_equal",
          "distractor_minus"};
      List<ToaOutcome> outcomes = new ArrayList<>();
      for (int k = 0; k < keys.length; k++) {
        counts[k] = (int) Math.round(table5.get(keys[k]).get(col).asDouble() * 4);
        boolean masked = k < 3;
        // gold "x y"; x^i answers "x" (F1 2/3); x^r rises to "x y" (1), stays at "x" or falls to "z" (0)
        String recovered = switch (k % 3) {
          case 0 -> "x y";
          case 1 -> "x";
          default -> "z";
        };
        for (int i = 0; i < counts[k]; i++) {
          outcomes.add(new ToaOutcome(name + k + "/" + i, "q", OracleAnswer.answered(masked ? MASKED : OTHER, ""),
              masked, "x y", "x y", "x", recovered));
        }
      }
      assertThat(outcomes).as(name).hasSize(400);
      ResponseFlow flow = ResponseFlow.of(outcomes);
      assertThat(flow.responses()).isEqualTo(400);
      assertPercent(name, flow.share(flow.masked().total()).getAsDouble(), table5.get("masked_response").get(col));
      assertPercent(name, flow.share(flow.distractor().total()).getAsDouble(),
          table5.get("distractor_response").get(col));
      assertPercent(name, flow.share(flow.masked().rose()).getAsDouble(), table5.get("masked_plus").get(col));
      assertPercent(name, flow.share(flow.masked().same()).getAsDouble(), table5.get("masked_equal").get(col));
      assertPercent(name, flow.share(flow.masked().fell()).getAsDouble(), table5.get("masked_minus").get(col));
      assertPercent(name, flow.share(flow.distractor().rose()).getAsDouble(), table5.get("distractor_plus").get(col));
      assertPercent(name, flow.share(flow.distractor().same()).getAsDouble(),
          table5.get("distractor_equal").get(col));
      assertPercent(name, flow.share(flow.distractor().fell()).getAsDouble(),
          table5.get("distractor_minus").get(col));
      assertPercent(name, flow.hallucinationRate().getAsDouble(),
          table5.get("distractor_hallucination_rate").get(col));
    }
  }

  private static void assertPercent(String column, double share, JsonNode printed) {
    assertThat(100 * share).as(column).isCloseTo(printed.asDouble(), within(HALF_UNIT + 1e-9));
  }
}
